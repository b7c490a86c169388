// A message is plain text as typed. Addresses in it are shown as links (never followed by the
// page itself), everything else as text: this splits the text, React escapes both.

export type TextPart = { text: string } | { text: string; href: string };

/** http(s):// or www. up to whitespace; closing punctuation that ends a sentence is not part of it. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = /[.,!?;:'")\]}>…。、]+$/u;

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    // A host with a dot: `http://` alone or `www.` with nothing after it stays text.
    if (!/^(?:https?:\/\/|www\.)[^/]*\.[^/.]/iu.test(address)) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: address, href: /^https?:/iu.test(address) ? address : `https://${address}` });
    at = start + address.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
