import { koreanDetail, Messages, retryLaterMessage } from '#shared/messages.ts';

// SPEC §7: every call of the front end goes through one client: a configured API base, the
// session token as a Bearer header, and retries. Nothing here knows about React, so the same
// client runs in the browser and in unit tests against a real HTTP server.

/** A failed answer: the API's `{code: 'error', message, field?, detail?}` plus the HTTP status
 * (0 when the server could not be reached). */
export interface ApiFailure {
  code: 'error';
  message: string;
  status: number;
  field?: string;
  detail?: string;
  /** A 429's or 503's Retry-After, in seconds: when a form may offer the call again. */
  retryAfter?: number;
}
export type ApiAnswer<T = unknown> = ({ code: 'ok' } & T) | ApiFailure;

export interface ApiClientOptions {
  /** Where the API lives ('/api' on our own origin unless configured); a function is read at
   * every call, so a base the page learns after this client was made still counts. */
  base?: string | (() => string);
  /** The current session token, read before every attempt. */
  token?: () => string | null | undefined;
  /** Extra tries after the first: idempotent methods and the others (SPEC §7: others once). */
  retries?: { idempotent: number; other: number };
  /** First backoff wait; each further retry doubles it. */
  backoffMs?: number;
  /** Longest Retry-After we wait for; a longer one gives up at once instead of hanging. */
  maxRetryAfterMs?: number;
  /** SPEC §8: how a failed download is announced (파일 다운로드 실패). */
  alert?: (message: string) => void;
  /** Hands a downloaded file to the person; the browser default clicks a temporary link. */
  save?: (file: Blob, filename: string) => void;
  fetch?: typeof fetch;
}

/** SPEC §7's retryable statuses; everything else (a 400, a 401, a refusal) is final. */
const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Retry-After in ms: delta-seconds or an HTTP date. */
function retryAfterMs(res: Response | undefined): number | undefined {
  const value = res?.headers.get('retry-after');
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** The file name a server gave: RFC 5987 `filename*` first (Korean names), then `filename`. */
function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {}
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

function saveWithLink(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function createApiClient(options: ApiClientOptions = {}) {
  const configured = options.base ?? '/api';
  const base = () => (typeof configured === 'function' ? configured() : configured).replace(/\/$/, '');
  const retries = options.retries ?? { idempotent: 3, other: 1 };
  const backoffMs = options.backoffMs ?? 300;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 5000;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** One call with SPEC §7's retries: a retryable status or a network error is tried again
   * after an exponential backoff (or the server's Retry-After, when it asks for longer). */
  async function send(method: string, path: string, init: { body?: unknown; query?: Query; accept?: string } = {}): Promise<Response> {
    const url = withQuery(`${base()}${path}`, init.query);
    const json = init.body !== undefined && !(init.body instanceof FormData);
    const limit = IDEMPOTENT.has(method) ? retries.idempotent : retries.other;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { Accept: init.accept ?? 'application/json' };
      if (json) headers['Content-Type'] = 'application/json';
      const token = options.token?.();
      if (token) headers.Authorization = `Bearer ${token}`;
      let res: Response | undefined;
      let failure: unknown;
      try {
        res = await doFetch(url, {
          method,
          headers,
          body: json ? JSON.stringify(init.body) : (init.body as FormData | undefined),
          credentials: 'same-origin',
        });
      } catch (err) {
        failure = err;
      }
      if (res && !RETRYABLE.has(res.status)) return res;
      const asked = retryAfterMs(res);
      if (attempt >= limit || (asked !== undefined && asked > maxRetryAfterMs)) {
        if (res) return res;
        throw failure;
      }
      // Jitter spreads the retries of many clients hit by the same outage.
      const wait = Math.max(asked ?? 0, backoffMs * 2 ** attempt * (0.75 + Math.random() / 2));
      await res?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async function request<T>(method: string, path: string, init?: { body?: unknown; query?: Query }): Promise<ApiAnswer<T>> {
    let res: Response;
    try {
      res = await send(method, path, init);
    } catch {
      return { code: 'error', message: 'network', status: 0 };
    }
    const data = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (res.ok && data?.code !== 'error') return { ...data, code: 'ok' } as ApiAnswer<T>;
    const detail = typeof data?.detail === 'string' ? data.detail : undefined;
    // A refusal that says when to come back: the server's Korean sentence, or one made from its
    // Retry-After, so every message a page shows from it tells the person how long to wait.
    const wait = res.status === 429 || res.status === 503 ? retryAfterMs(res) : undefined;
    return {
      code: 'error',
      message: typeof data?.message === 'string' ? data.message : 'server error',
      status: res.status,
      field: typeof data?.field === 'string' ? data.field : undefined,
      detail: koreanDetail({ detail }) ?? (wait === undefined ? detail : retryLaterMessage(res.status, wait / 1000)),
      ...(wait !== undefined && { retryAfter: Math.ceil(wait / 1000) }),
    };
  }

  /** SPEC §7: a GET with a binary answer and the auth header, saved under the server's file
   * name; any failure shows 파일 다운로드 실패 (SPEC §8). Answers whether it worked. */
  async function download(path: string, filename?: string): Promise<boolean> {
    try {
      const res = await send('GET', path, { accept: '*/*' });
      if (!res.ok) throw new Error(`download answered ${res.status}`);
      const file = await res.blob();
      (options.save ?? saveWithLink)(file, filename ?? filenameOf(res.headers.get('content-disposition')) ?? 'download');
      return true;
    } catch {
      (options.alert ?? ((m: string) => globalThis.alert(m)))(Messages.downloadFailed);
      return false;
    }
  }

  return {
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
    download,
  };
}
