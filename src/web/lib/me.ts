import { createContext, useContext } from 'react';
import { UserLevel } from '#shared/enums.ts';
import { ME_HEADER, type Me } from '#shared/api.ts';
import type { BusinessReviewShown } from '#shared/trust.ts';
import { scriptJson } from './script-json.ts';

// The signed-in member as a page shows them: their header, their like state, the controls they
// may use. A shared page (the page cache's, drawn once for everyone) carries none of it in its
// loader data: the server fills it in per request (pages.ts) as the `#me` JSON, the `#me-style`
// rules and the personal parts (components/layout/personal.tsx), and the browser reads `#me` before
// it hydrates, so the app draws exactly what the server sent. A client navigation served from the
// shared cache names the member in a header of its `.data` answer instead (listenForMe).

export type { Me };

/** The ids of `target`'s items that `me` reported (신고함), as the server said in `me.reported`. */
export function reportedOf(me: Me | null, target: string): number[] {
  const prefix = `${target}:`;
  return (me?.reported ?? []).filter((key) => key.startsWith(prefix)).map((key) => Number(key.slice(prefix.length)));
}

/** The fields only members read of `target`'s item `id`, as the server filled them in for `me`
 * (`me.membersOnly`); undefined where it did not (a page whose loader ran for the member says them
 * itself). */
export function membersOnlyOf(me: Me | null, target: string, id: number): Record<string, string> | undefined {
  return me?.membersOnly?.[`${target}:${id}`];
}

/** The `<script type="application/json">` that carries the member in every page. */
export const ME_SCRIPT_ID = 'me';
/** The `<style>` whose rules show and hide the marked controls for this member. */
export const ME_STYLE_ID = 'me-style';

/** The member the app is drawn for; null for a visitor (and in the server's shared render). */
export const MeContext = createContext<Me | null>(null);

export function useMe(): Me | null {
  return useContext(MeContext);
}

/** The member the server put into this document (browser only). */
export function documentMe(): Me | null {
  try {
    return JSON.parse(document.getElementById(ME_SCRIPT_ID)?.textContent || 'null') as Me | null;
  } catch {
    return null;
  }
}

/** `#me`'s content: JSON that cannot end the script element. */
export function meJson(me: Me | null): string {
  return scriptJson(me);
}

/** Marks for controls that only some readers see, as attributes on the control or its wrapper.
 * The page is the same for everyone; `#me-style` hides what this reader may not use. The server
 * checks every action again: this only decides what is shown. */
export const forMembers = { 'data-for': 'member' } as const;
export const forVisitors = { 'data-for': 'visitor' } as const;
/** Shown from this level up (admins: 3). Level 1 needs no mark: visitors see such controls and are
 * asked to log in when they use them. */
export const fromLevel = (level: number) => (level > UserLevel.normal ? { 'data-min-level': level } : {});
/** Shown only below admin level (an author's own 수정 / 삭제: admins use their moderation box). */
export const belowAdmin = { 'data-max-level': UserLevel.manager } as const;
/** Shown only to the member `id`; with `orAdmin`, to admins too. */
export const forOwner = (id: number, orAdmin = false) => ({ 'data-owner': id, ...(orAdmin ? { 'data-or-admin': '' } : {}) });
/** Shown to staff and to the members `ids` (an organization's editors: 단체 정보 수정). */
export const forKeepers = (ids: readonly number[]) => ({ 'data-keepers': ids.join(' ') });
/** Hidden from the member `id` (신고 of one's own item). */
export const notOwner = (id: number) => ({ 'data-not-owner': id });
/** Hidden from a member who reviewed `target`'s item `id`: its review form. Their review,
 * counted or waiting, is in `me.reviewed`, which the server fills in. */
export const unlessReviewed = (target: string, id: number) => ({ 'data-unless-reviewed': `${target}:${id}` });

/** This member's own review of `target`'s item `id`, as the server filled it in (`me.reviewed`). */
export function reviewOf(me: Me | null, target: string, id: number): BusinessReviewShown | undefined {
  return me?.reviewed?.[`${target}:${id}`];
}

const LEVELS = Object.values(UserLevel);

/** `#me-style`'s rules for this reader: everything marked for someone else is hidden. */
export function personalStyle(me: Me | null): string {
  const level = me?.level ?? 0;
  const hidden = [
    me ? '[data-for="visitor"]' : '[data-for="member"]',
    ...LEVELS.filter((l) => l > UserLevel.normal && l > level).map((l) => `[data-min-level="${l}"]`),
    ...LEVELS.filter((l) => l < level).map((l) => `[data-max-level="${l}"]`),
    me ? `[data-owner]:not([data-owner="${me.id}"])${level >= UserLevel.admin ? ':not([data-or-admin])' : ''}` : '[data-owner]',
    ...(me ? [`[data-not-owner="${me.id}"]`] : []),
    ...Object.keys(me?.reviewed ?? {}).map((key) => `[data-unless-reviewed="${key}"]`),
    ...(level >= UserLevel.manager ? [] : [me ? `[data-keepers]:not([data-keepers~="${me.id}"])` : '[data-keepers]']),
  ];
  return `${hidden.join(',')}{display:none!important}`;
}

/** The member as the server last said: `#me` of the document, then each newly loaded root data or
 * shared `.data` answer (browser only). `root` is the root loader's data it goes with. */
let said: { root: unknown; me: Me | null } | undefined;
/** The member the latest `.data` answer was served to when it came from the shared cache (whose
 * loader data, root's too, was loaded for nobody); null after any other answer. */
let heard: Me | null = null;

/** The member the page is for, from the root loader's data. A shared page's data was loaded for
 * nobody: the member is the one the server filled into the document, or named in the header of
 * the shared `.data` answer the data came in (pages.ts), until root data loaded for the reader
 * (a login, a logout, their own pages) says otherwise. */
export function meOf(root: { me: Me | null } | undefined): Me | null {
  if (typeof document === 'undefined') return root?.me ?? null;
  if (!said) said = { root, me: documentMe() };
  else if (root !== said.root) said = { root, me: root?.me ?? heard };
  return said.me;
}

/** Reads ME_HEADER of each client navigation's answer before React Router decodes its body, so
 * that the page it draws already has the member's like state for its items: no flash of a wrong
 * state, and the body stays React Router's own. React Router fetches `.data` with the global
 * fetch and has no hook for an answer's headers, hence the wrapper; it only looks. */
export function listenForMe(): void {
  const fetchBefore = window.fetch;
  window.fetch = async (input, init) => {
    const res = await fetchBefore(input, init);
    if ((init?.method ?? 'GET') === 'GET' && new URL(res.url, location.href).pathname.endsWith('.data')) {
      heard = parseMe(res.headers.get(ME_HEADER));
      if (heard && said) said = { root: said.root, me: heard };
    }
    return res;
  };
}

function parseMe(header: string | null): Me | null {
  if (!header) return null;
  try {
    return JSON.parse(decodeURIComponent(header)) as Me;
  } catch {
    return null;
  }
}
