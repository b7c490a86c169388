/** The script tags of a page that the browser runs as they stand. A visitor's page parks React
 * Router's scripts as text in a <noscript>, without the nonce: its loader runs new ones made from
 * them under its own (src/web/lib/deferred-hydration.ts). */
export function runningScriptTags(html: string): string[] {
  return html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<script\b[^>]*>/gi) ?? [];
}
