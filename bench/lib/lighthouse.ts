import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// Lighthouse with Debian's Chromium, its default (mobile) preset: a phone-sized screen, simulated
// slow 4G and a slowed CPU, so the scores do not depend on this machine's speed. Nothing outside
// the machine is contacted: only the page under test is loaded.

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  /** Only when asked for (`categories`). */
  bestPractices?: number;
  seo?: number;
  /** Largest contentful paint and total blocking time under the simulated phone, ms. */
  lcpMs: number;
  tbtMs: number;
}

/** `width`: the phone's screen in CSS pixels (Lighthouse's own is 412); `all`: best practices and
 * SEO too. Lighthouse 12 dropped its PWA category: the app's install criteria are a browser test's
 * (tests/browser/app-shell.test.ts). */
export async function lighthouseScores(
  baseUrl: string,
  pages: readonly string[],
  options: { width?: number; all?: boolean } = {},
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const result = await lighthouse(baseUrl + page, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: options.all ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance', 'accessibility'],
        ...(options.width
          ? { screenEmulation: { mobile: true, width: options.width, height: 780, deviceScaleFactor: 3, disabled: false } }
          : {}),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      scores.push({
        page,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        ...(options.all
          ? {
              bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
              seo: Math.round((categories.seo?.score ?? 0) * 100),
            }
          : {}),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
