// Stored rich text (bold, lists, links, images, headings: PRODUCT.md) styled without a
// typography plugin: a few descendant rules are enough.
export const RICH =
  'text-[1.05rem] leading-8 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-bold [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600';

/** HTML that the server sanitized on save (server lib/sanitize.ts); nothing else may come here. */
export function RichText({ html, className = '', lang }: { html: string; className?: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: only the server-sanitized content/econtent fields
  return <div lang={lang} className={`${RICH} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
