import type { NotificationKind } from '#shared/notifications.ts';

// Who is told (PRODUCT.md, beyond the spec): never the one who acted, and one notice per member
// for one event even when they fit two kinds (a reply to my comment under my own post is a reply).

export interface Recipient {
  user: number;
  kind: NotificationKind;
  /** A keyword notice's matched keyword. */
  keyword?: string;
}

/** The candidates in order of preference, without the actor, nobody (0) and repeats. */
export function recipientsOf(actor: number, candidates: Recipient[]): Recipient[] {
  const seen = new Set<number>([0, actor]);
  return candidates.filter((c) => {
    if (seen.has(c.user)) return false;
    seen.add(c.user);
    return true;
  });
}
