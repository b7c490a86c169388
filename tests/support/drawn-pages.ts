// Figures the render-thread tests and the traffic bench read: where pages were drawn (GET
// /metrics) and a list page's shown total.

/** Pages drawn for the page cache so far, by where (`page_cache_renders_total{thread}` in
 * Prometheus text): in a render thread, or on the server's own thread. */
export function pagesDrawn(metrics: string): { render: number; server: number } {
  const count = (where: string) => Number(new RegExp(`page_cache_renders_total\\{thread="${where}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
  return { render: count('render'), server: count('server') };
}

/** A list page's total as it shows it ("총 1,234건"); a page without one is an error. */
export function shownTotal(html: string): number {
  const shown = html.replace(/<[^>]*>/g, '').match(/총\s*([\d,]+)\s*건/)?.[1];
  if (shown === undefined) throw new Error('the page shows no total (총 N건)');
  return Number(shown.replace(/,/g, ''));
}
