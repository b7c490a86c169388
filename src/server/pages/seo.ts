import { type Context, Hono } from 'hono';
import type { SectionTable } from '#shared/schemas/content.ts';
import { BOARD_SECTIONS, feedOf, itemPagesOf, SECTION_LISTS, type Section } from '#shared/sections.ts';
import { TopCategory } from '#shared/enums.ts';
import { EVENTS_TAB, faqPath, SITE_SECTIONS, SITE_TABS } from '#shared/site.ts';
import { htmlToText } from '#shared/text.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { requestOrigin } from '#server/http/auth.ts';
import type { ContentQuery } from '#server/modules/content/content.types.ts';
import { listContent } from '#server/modules/content/content.service.ts';

// robots.txt, sitemap.xml and the sections' RSS feeds (section-pages issue, SEO basics). URLs are
// absolute: on SITE_URL, else on the origin the request came to (issue #31: never on
// X-Forwarded-Host, which a client sets and a cache in front does not key on).

const SITEMAP_ITEMS = 5000;
const FEED_ITEMS = 30;
/** The sections whose items have pages of their own (sections.ts), the board's first. */
const ITEM_SECTIONS = [...BOARD_SECTIONS, ...SITE_SECTIONS.filter((s) => s.storage.table !== 'board')].filter((s) => itemPagesOf(s));
/** The sections' pages, and a list that is not its section's page (고객센터's FAQ). */
const SECTION_PAGES = [...SITE_TABS.map((s) => s.path), ...SECTION_LISTS.filter((l) => l.path !== l.section.path).map((l) => l.path)];

function xml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** Where an answer's links point, and who may keep it for `maxAge` seconds: with SITE_URL it is
 * the same for everyone, so a shared cache may; without, its links follow the request's own Host,
 * and only the client keeps it (a cache in front would hand one request's links to everyone). */
function linksOf(c: Context<AppEnv>, siteUrl: string | undefined): { base: string; cacheControl: (maxAge: number) => string } {
  return {
    base: siteUrl ?? requestOrigin(c),
    cacheControl: (maxAge) => `${siteUrl ? 'public' : 'private'}, max-age=${maxAge}`,
  };
}

/** A section's items: board posts are told apart by their section's code. */
function sectionQuery({ storage: { table, topcategory } }: Section): ContentQuery {
  return table === 'board' ? { topcategory } : {};
}

interface Listed {
  id: number;
  title: string;
  content?: string;
  date: string;
  topcategory?: number;
}

export function seoRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const anonymous = { actor: undefined, ip: 'seo' };
  const list = async (name: SectionTable | 'event', query: ContentQuery): Promise<Listed[]> =>
    (await listContent(deps, name, anonymous, { size: 100, ...query })).items;

  app.get('/robots.txt', (c) => {
    const links = linksOf(c, deps.env.SITE_URL);
    const lines = [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /mypage',
      'Disallow: /api/',
      'Disallow: /login',
      `Sitemap: ${links.base}/sitemap.xml`,
    ];
    c.header('Cache-Control', links.cacheControl(3600));
    return c.text(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (c) => {
    const { base, cacheControl } = linksOf(c, deps.env.SITE_URL);
    const urls: string[] = ['/', ...SECTION_PAGES].map((p) => `<url><loc>${xml(base + p)}</loc></url>`);
    const entry = (path: string, date: string) => `<url><loc>${xml(base + path)}</loc><lastmod>${date.slice(0, 10)}</lastmod></url>`;
    // The newest items of each public section, a page of 100 at a time.
    const pages = Math.ceil(SITEMAP_ITEMS / 100 / ITEM_SECTIONS.length);
    const add = async (name: SectionTable | 'event', query: ContentQuery, pathOf: (id: number) => string) => {
      for (let page = 1; page <= pages; page++) {
        const items = await list(name, { ...query, page });
        for (const i of items) urls.push(entry(pathOf(i.id), i.date));
        if (items.length < 100) break;
      }
    };
    for (const s of ITEM_SECTIONS) await add(s.storage.table, sectionQuery(s), (id) => `${s.path}/${id}`);
    // The public events not over yet (held ones are nobody's to find).
    await add('event', { upcoming: '1', sort: 'startdate' }, (id) => `${EVENTS_TAB.path}/${id}`);
    // The FAQ answers' own pages (their list opens them in place).
    await add('board', { topcategory: TopCategory.customer }, faqPath);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', cacheControl(600));
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });

  for (const s of ITEM_SECTIONS) {
    app.get(feedOf(s) as string, async (c) => {
      const { base, cacheControl } = linksOf(c, deps.env.SITE_URL);
      const items = (await list(s.storage.table, { ...sectionQuery(s), size: FEED_ITEMS })).map(
        (i) =>
          `<item><title>${xml(i.title)}</title><link>${xml(`${base}${s.path}/${i.id}`)}</link><guid>${xml(`${base}${s.path}/${i.id}`)}</guid><pubDate>${new Date(i.date).toUTCString()}</pubDate><description>${xml(htmlToText(i.content ?? '').slice(0, 300))}</description></item>`,
      );
      c.header('Content-Type', 'application/rss+xml; charset=utf-8');
      c.header('Cache-Control', cacheControl(300));
      const site = xml(deps.env.SITE_NAME);
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${site} ${xml(s.label)}</title><link>${xml(`${base}${s.path}`)}</link><description>${site}의 최신 ${xml(s.label)}</description><language>ko</language>\n${items.join('\n')}\n</channel></rss>\n`,
      );
    });
  }
  return app;
}
