import { renderToString } from 'react-dom/server';
import { AccountLinks } from './components/layout/site-header.tsx';
import { type DrawnPart, PART_TAG, type PartView } from './components/personal/personal.tsx';
import { LikeControl } from './features/board/like-button.tsx';
import { ReportView } from './features/board/report-control.tsx';
import { HousingContactView } from './features/housing/housing-detail.tsx';
import { OwnReviewView } from './features/business/business-reviews.tsx';
import { type Me, ME_SCRIPT_ID, ME_STYLE_ID, meJson, personalStyle } from './lib/me.ts';

// The server's side of personal parts (components/personal/personal.tsx): where they are in a
// shared page's HTML and what goes there for one member. pages.ts reads both from the build's
// entry, so it needs to know nothing of the components.

/** Every part a page may hold, by the name it is drawn under. A new member-only control that
 * only shows or hides needs no entry here (lib/me.ts's marks); one whose content is the member's
 * gets a view and a name (an item's members-only fields: `me.membersOnly`, which the fill-in
 * reads when the page names the item in `effects.membersOnly`). */
const PARTS: Record<string, PartView<any>> = {
  account: AccountLinks,
  like: LikeControl,
  report: ReportView,
  'housing-contact': HousingContactView,
  'own-review': OwnReviewView,
};

/** A place in the page that differs per member: between `open` and `close`, in document order. */
export interface Hole {
  kind: 'me' | 'style' | 'part';
  open: string;
  close: string;
}

export const HOLES: Hole[] = [
  // After the nonce, which comes first in the tag (root.tsx).
  { kind: 'me', open: ` id="${ME_SCRIPT_ID}" type="application/json">`, close: '</script>' },
  { kind: 'style', open: `<style id="${ME_STYLE_ID}">`, close: '</style>' },
  { kind: 'part', open: `<${PART_TAG}>`, close: `</${PART_TAG}>` },
];

/** Parts drawn lately, by what they were drawn from: a member's header is the same on every page. */
const drawn = new Map<string, string>();
const MAX_DRAWN = 5000;

function draw(part: DrawnPart, me: Me): string {
  const View = PARTS[part.name];
  if (!View) throw new Error(`no personal part named ${part.name}`);
  const key = JSON.stringify([part.name, part.props, me]);
  let html = drawn.get(key);
  if (html === undefined) {
    html = renderToString(<View {...part.props} me={me} />);
    if (drawn.size >= MAX_DRAWN) drawn.delete(drawn.keys().next().value as string);
  } else drawn.delete(key);
  drawn.set(key, html);
  return html;
}

/** What goes into each hole for `me`: the `#me` JSON, the style's rules and each part, in order. */
export function personalContents(me: Me, parts: readonly DrawnPart[]): { me: string; style: string; parts: string[] } {
  return { me: meJson(me), style: personalStyle(me), parts: parts.map((p) => draw(p, me)) };
}
