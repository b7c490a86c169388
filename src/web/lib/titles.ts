/** A page's <title>: the page, then the site (PRODUCT.md, Screens). */
export function pageTitle(siteName: string, title?: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}
