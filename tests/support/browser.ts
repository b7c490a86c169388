import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { TOKEN_COOKIE } from '#server/http/auth.ts';
import { HYDRATED_EVENT } from '#web/lib/deferred-hydration.ts';

// Browser tests run the real thing: the built app served by `src/server/main.ts` in production
// mode, in its own process and data folder, driven by Debian's Chromium through playwright-core.

const PROJECT = path.resolve(import.meta.dirname, '../..');
/** Node 24 from the `node` package: the machine's own Node is too old for the server. */
const NODE = path.join(PROJECT, 'node_modules/.bin/node');
export const SCREENSHOT_DIR = path.join(PROJECT, 'test-results/screenshots');

/** The root admin every test server is started with. */
export const ROOT_ADMIN = { loginid: 'root@browser.example', passwd: 'root-browser-pass-9' };

/** What a person's Chrome sends. Headless Chromium and Node's fetch both count as crawlers
 * (isbot), and crawlers get bare error answers (SPEC §2), so tests speak as a person unless a
 * test means to be a bot. */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export type Width = 360 | 1280;
export const WIDTHS: readonly Width[] = [360, 1280];

export interface TestServer {
  /** e.g. http://127.0.0.1:40123, no trailing slash. */
  url: string;
  dataDir: string;
  /** The server's warnings, errors and other output so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** SEED_DEMO: demo content in every section (default true). */
  seedDemo?: boolean;
  /** More run-contract variables (PRODUCT.md), overriding the defaults here. */
  env?: Record<string, string>;
}

let ipCounter = 0;
/** A new client address for each login and browser context: the server trusts X-Forwarded-For
 * here (TRUST_PROXY=1), so per-IP login limits count only one test's attempts. */
export function nextClientIp(): string {
  ipCounter++;
  return `10.${process.pid & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function requireBuild(): void {
  if (!fs.existsSync(path.join(PROJECT, 'build/server/index.js')) || !fs.existsSync(path.join(PROJECT, 'build/client'))) {
    throw new Error('build/ is missing or incomplete: run `npm run build` before the browser tests');
  }
}

/** Starts `node src/server/main.ts` in production mode on a free port with a fresh data folder. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  requireBuild();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hanin-browser-'));
  const child: ChildProcess = spawn(NODE, [...SERVER_NODE_FLAGS, path.join(PROJECT, 'src/server/main.ts')], {
    cwd: PROJECT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO: options.seedDemo === false ? '0' : '1',
      ADMIN_LOGINID: ROOT_ADMIN.loginid,
      ADMIN_PASSWORD: ROOT_ADMIN.passwd,
      // The 'listening' line that names the port is an info line; only warnings and errors are kept.
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      // Chromium and the server share the machine's cores: a page render starved of CPU must not
      // be refused as overload (tests/server/overload.test.ts tests shedding).
      LOAD_MAX_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A crashed test run must not leave servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let output = '';
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = await new Promise<string | undefined>((resolve) => {
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const m = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(line);
      if (m) resolve(m[1]);
      if (!/^\{"level":[1-3]\d,/.test(line)) output += `${line}\n`;
    });
    child.once('exit', () => resolve(undefined));
  });

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  async function stop() {
    process.removeListener('exit', killOnExit);
    child.kill('SIGTERM');
    await exited;
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
  if (!url) {
    await stop();
    throw new Error(`the server did not start:\n${output}`);
  }
  return { url, dataDir, output: () => output, stop };
}

export interface Account {
  id: number;
  loginid: string;
  passwd: string;
  level: number;
  token: string;
}

/** POST /api/jwt from Node, as the login dialog does; answers the token. */
export async function login(server: TestServer, loginid: string, passwd: string): Promise<string> {
  const res = await fetch(`${server.url}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ loginid, passwd }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 200 || !body.token) throw new Error(`login failed for ${loginid}: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

const rootTokens = new Map<string, Promise<string>>();
/** The root admin's token, one login per server (logins per id are rate limited). */
export function rootToken(server: TestServer): Promise<string> {
  let token = rootTokens.get(server.url);
  if (!token) {
    token = login(server, ROOT_ADMIN.loginid, ROOT_ADMIN.passwd);
    rootTokens.set(server.url, token);
  }
  return token;
}

/** A user created by the root admin (level 1 member by default, 3+ admin), already logged in. */
export async function createAccount(server: TestServer, level = 1): Promise<Account> {
  const tag = crypto.randomBytes(4).toString('hex');
  const account = { loginid: `user-${tag}@browser.example`, passwd: `pass-${tag}-2026`, level };
  const res = await fetch(`${server.url}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await rootToken(server)}` },
    body: JSON.stringify({ ...account, name: `테스터${tag.slice(0, 4)}`, nickname: `테스터${tag}` }),
  });
  const body = (await res.json()) as { id?: number };
  if (res.status !== 200 || !body.id) throw new Error(`creating a level-${level} user failed: ${res.status} ${JSON.stringify(body)}`);
  return { ...account, id: body.id, token: await login(server, account.loginid, account.passwd) };
}

/** GET from the API (JSON), optionally as a signed-in user. */
export async function apiGet<T = unknown>(server: TestServer, pathAndQuery: string, token?: string): Promise<T> {
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status}`);
  return (await res.json()) as T;
}

/** Any API call from Node as a signed-in user; answers the status and the JSON body. */
export async function apiCall<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  pathAndQuery: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface PageAnswer {
  status: number;
  /** The Location of a redirect, as sent. */
  location: string | null;
  headers: Headers;
  html: string;
}

/** One request for a page from Node, the way a browser's first request or a crawler sees it:
 * redirects are not followed, the session cookie stands for a signed-in user. */
export async function fetchPage(
  server: TestServer,
  pathAndQuery: string,
  options: { token?: string; headers?: Record<string, string>; method?: string; body?: URLSearchParams } = {},
): Promise<PageAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextClientIp(), 'user-agent': BROWSER_USER_AGENT, ...options.headers };
  if (options.token) headers.cookie = `${TOKEN_COOKIE}=${options.token}`;
  // Forms post only from our own origin (pages.ts refuses cross-site posts).
  if (options.method && options.method !== 'GET') headers.origin ??= server.url;
  const res = await fetch(`${server.url}${pathAndQuery}`, { method: options.method, headers, body: options.body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), headers: res.headers, html: await res.text() };
}

/** Debian's Chromium, headless, with nothing that reaches outside the machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface PageOptions {
  width?: Width;
  /** Signed in as this user: the session cookie the server renders pages for. */
  token?: string;
  javaScriptEnabled?: boolean;
  /** Only for pages that inject test scripts (axe-core): the page's own CSP would block them. */
  bypassCSP?: boolean;
  userAgent?: string;
  /** 'block' for tests that hold or fail the app's scripts with page.route: once the site's worker
   * has taken over the page it fetches /assets/ itself, which page.route does not see. */
  serviceWorkers?: 'allow' | 'block';
}

export interface TestPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far (CSP violations are console errors). */
  errors: string[];
  close: () => Promise<void>;
}

/** A new browser context and page at a phone (360) or desktop (1280) width. */
export async function openPage(browser: Browser, server: TestServer, options: PageOptions = {}): Promise<TestPage> {
  const contextOptions: BrowserContextOptions = {
    baseURL: server.url,
    viewport: { width: options.width ?? 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: 'ko-KR',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    bypassCSP: options.bypassCSP ?? false,
    userAgent: options.userAgent ?? BROWSER_USER_AGENT,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  };
  const context = await browser.newContext(contextOptions);
  if (options.token) {
    await context.addCookies([{ name: TOKEN_COOKIE, value: options.token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

/** Opens `path` with the app's scripts answered `delayMs` late, as on a slow phone connection:
 * what the visitor does in the meantime happens before the app is there. */
export async function openWithSlowScripts(
  browser: Browser,
  server: TestServer,
  path: string,
  width: Width,
  delayMs = 600,
): Promise<TestPage> {
  const opened = await openPage(browser, server, { width, serviceWorkers: 'block' });
  await opened.page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  await opened.page.goto(path);
  return opened;
}

/** A screenshot at test-results/screenshots/<name>-<width>.png, of the whole page unless
 * `fullPage: false` (a dialog over the viewport); answers its path. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await fsp.mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** An anonymous visitor's page whose scripts still wait for a first interaction
 * (src/web/lib/deferred-hydration.ts). */
export function awaitsInteraction(page: Page): Promise<boolean> {
  return page.evaluate(() => !('__reactRouterDataRouter' in window) && document.querySelector('body > noscript') !== null);
}

/** Resolves once React has hydrated the page: its scripts ran under the CSP and its handlers
 * are attached. An anonymous visitor's page gets its first interaction first, a Shift press
 * (nothing on a page answers it), and is ready once the app says so: every effect has run. */
export async function hydrated(page: Page): Promise<void> {
  const waiting = await page.evaluate((event) => {
    if ('__reactRouterDataRouter' in window || !document.querySelector('body > noscript')) return false;
    document.addEventListener(event, () => Object.assign(window, { testHydrated: true }), { once: true });
    return true;
  }, HYDRATED_EVENT);
  if (waiting) {
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => 'testHydrated' in window);
    return;
  }
  await page.waitForFunction(
    () => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
  );
}

export interface VisitOptions extends PageOptions {
  /** The status the page must answer with; any when left out. */
  status?: number;
}

export interface VisitedPage extends TestPage {
  /** The status of the page's own answer. */
  status: number | undefined;
}

/** Opens `path` in a new context and answers it once hydrated, with the status it answered. */
export async function visitPage(browser: Browser, server: TestServer, path: string, options: VisitOptions = {}): Promise<VisitedPage> {
  const opened = await openPage(browser, server, options);
  const answer = await opened.page.goto(path);
  if (options.status !== undefined) expect(answer?.status(), path).toBe(options.status);
  await hydrated(opened.page);
  return { ...opened, status: answer?.status() };
}

export interface BrowserSuite {
  /** Both are there once the file's first test runs. */
  readonly server: TestServer;
  readonly browser: Browser;
  /** `visitPage` with this file's browser and server. */
  visit: (path: string, options?: VisitOptions) => Promise<VisitedPage>;
}

/** One server and one Chromium for a test file: started together before its first test and
 * closed after its last. Options given as a function are read when the server starts (after
 * the hooks registered before this call, such as an SMTP server's). */
export function setUpServerAndBrowser(options: ServerOptions | (() => ServerOptions) = {}): BrowserSuite {
  const started = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    const serverOptions = typeof options === 'function' ? options() : options;
    [started.server, started.browser] = await Promise.all([startServer(serverOptions), launchBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return {
    get server() {
      return started.server;
    },
    get browser() {
      return started.browser;
    },
    visit: (path, visitOptions) => visitPage(started.browser, started.server, path, visitOptions),
  };
}

/** Fills in and sends a login form, the dialog's or the /login page's, the way a person does. */
export async function submitLogin(form: Locator, account: { loginid: string; passwd: string }): Promise<void> {
  await form.getByLabel('아이디(이메일)', { exact: true }).fill(account.loginid);
  await form.getByLabel('비밀번호', { exact: true }).fill(account.passwd);
  await form.getByRole('button', { name: '로그인', exact: true }).click();
}

/** A message in the message box: errors are alerts, the rest status messages. */
export function message(page: Page, kind: 'alert' | 'status', text: string): Locator {
  return page.getByRole(kind).getByText(text, { exact: true });
}

export async function expectMessage(page: Page, kind: 'alert' | 'status', text: string): Promise<void> {
  await message(page, kind, text).waitFor({ timeout: 5000 });
}

/** Console errors but the 4xx answers a test asks for on purpose (Chromium logs each). */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((e) => !/status of 4\d\d/.test(e));
}

/** Nothing on the page is wider than the screen. */
export async function expectNoHorizontalScroll(page: Page, what = 'the page is wider than the screen'): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, what).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
