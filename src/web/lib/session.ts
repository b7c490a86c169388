import { type ApiAnswer, createApiClient } from './api-client.ts';
import { showMessage } from './screen-store.ts';

// SPEC §6: a user is signed in while a token is held; token and user are kept in the browser
// (localStorage) and the token goes as a Bearer header on every call. The server also sets the
// same token in an httpOnly cookie so that server rendering knows the user (PRODUCT.md).

export interface SessionUser {
  id: number;
  loginid: string;
  name: string;
  nickname: string;
  level: number;
}
export interface Session {
  token: string;
  user: SessionUser;
}

const SESSION_KEY = 'session';

/** The stored session, read fresh each time so a logout in another tab counts here too. */
export function getSession(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return typeof value?.token === 'string' && value.user ? value : null;
  } catch {
    return null;
  }
}

function storeSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {}
}

/** The page's `<meta>` that carries the configured API base (API_BASE), put there by the root
 * loader: the browser bundle is built once, the base is the running server's setting. */
export const API_BASE_META = 'api-base';

function apiBase(): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_META}"]`)?.content || '/api';
}

/** The front end's one API client (SPEC §7); a failed download is announced as an error toast,
 * which screen readers read as an alert. */
export const api = createApiClient({
  base: apiBase,
  token: () => getSession()?.token,
  alert: (message) => showMessage(message, 'error'),
});

/** SPEC §7: POST /api/jwt; an 'ok' answer stores token and user (the cookie comes with it). */
export async function login(loginid: string, passwd: string): Promise<ApiAnswer<Session>> {
  const answer = await api.post<Session>('/jwt', { loginid, passwd });
  if (answer.code === 'ok') storeSession({ token: answer.token, user: answer.user });
  return answer;
}

/** SPEC §4: logout clears the token (level 0 from then on): the cookie through DELETE /api/jwt,
 * then the browser's copy, even when the server could not be reached. */
export async function logout(): Promise<void> {
  await api.delete('/jwt');
  storeSession(null);
}

/** 모든 기기에서 로그아웃: every session of this member ends on the server (DELETE /api/jwt/all),
 * then this browser's copy. */
export async function logoutEverywhere(): Promise<ApiAnswer<unknown>> {
  const answer = await api.delete('/jwt/all');
  if (answer.code === 'ok') storeSession(null);
  return answer;
}

/** The server knows the session by its cookie. When it rendered the page for a visitor or for
 * someone else (the cookie expired, a logout or login without JavaScript), the token left in
 * this browser is stale and goes. */
export function syncSession(serverUserId: number | null): void {
  const session = getSession();
  if (session && session.user.id !== serverUserId) storeSession(null);
}

/** After editing one's own account: a new nickname shows at once, and a password change's new
 * token (the server ended every other session) replaces the old one. */
export function updateSession(patch: { token?: string; user?: Partial<SessionUser> }): void {
  const session = getSession();
  if (session) storeSession({ token: patch.token ?? session.token, user: { ...session.user, ...patch.user } });
}
