import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './stats.ts';

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
 * SEO too; `runs`: loads of each page, each figure then their median (one run's blocking time
 * swings by 150 ms on a shared machine). Lighthouse 12 dropped its PWA category: the app's install
 * criteria are a browser test's (tests/browser/app-shell.test.ts). */
export async function lighthouseScores(
  baseUrl: string,
  pages: readonly string[],
  options: { width?: number; all?: boolean; runs?: number } = {},
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const page of pages) {
      const runs: LighthouseScores[] = [];
      for (let run = 0; run < (options.runs ?? 1); run++) runs.push(await score(chrome.port, baseUrl, page, options));
      scores.push(medianScores(runs));
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

async function score(port: number, baseUrl: string, page: string, options: { width?: number; all?: boolean }): Promise<LighthouseScores> {
  const result = await lighthouse(baseUrl + page, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: options.all ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance', 'accessibility'],
    ...(options.width
      ? { screenEmulation: { mobile: true, width: options.width, height: 780, deviceScaleFactor: 3, disabled: false } }
      : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { categories, audits } = result.lhr;
  return {
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
  };
}

/** Each figure's median over the runs of one page. */
export function medianScores(runs: LighthouseScores[]): LighthouseScores {
  const middle = (pick: (x: LighthouseScores) => number | undefined) => median(runs.map(pick).filter((v) => v !== undefined));
  const first = runs[0];
  if (!first) throw new Error('no Lighthouse runs');
  return {
    page: first.page,
    performance: middle((x) => x.performance),
    accessibility: middle((x) => x.accessibility),
    ...(first.bestPractices === undefined ? {} : { bestPractices: middle((x) => x.bestPractices), seo: middle((x) => x.seo) }),
    lcpMs: middle((x) => x.lcpMs),
    tbtMs: middle((x) => x.tbtMs),
  };
}
