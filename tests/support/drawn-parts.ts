import type { ServerBuild } from 'react-router';
import type { Me } from '#shared/api.ts';

/** The build with each drawing of a member's parts of a shared page (the entry's
 * `personalContents`, pages/member-fill.ts) counted, by member id: a kept fill-in draws nothing. */
export function countingDrawnParts(real: ServerBuild): { build: ServerBuild; drawnFor: (member: { id: number }) => number } {
  const drawn = new Map<number, number>();
  const module = real.entry.module as unknown as { personalContents: (me: Me, parts: unknown[]) => unknown };
  const build = {
    ...real,
    entry: {
      module: {
        ...real.entry.module,
        personalContents: (me: Me, parts: unknown[]) => {
          drawn.set(me.id, (drawn.get(me.id) ?? 0) + 1);
          return module.personalContents(me, parts);
        },
      },
    },
  } as ServerBuild;
  return { build, drawnFor: (member) => drawn.get(member.id) ?? 0 };
}
