/** The script tags of a page that the browser runs as they stand. A visitor's page parks React
 * Router's scripts as text in a <noscript>, without the nonce: its loader runs new ones made from
 * them under its own (src/web/lib/deferred-hydration.ts). A JSON-LD data block (a job's
 * JobPosting) is never run, and carries no nonce. */
export function runningScriptTags(html: string): string[] {
  const tags = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<script\b[^>]*>/gi) ?? [];
  return tags.filter((tag) => tag !== '<script type="application/ld+json">');
}
