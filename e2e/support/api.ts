import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueFan, waitForEmailCode } from './mail';

export interface ApiUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  first_name: string;
  last_name: string;
}

const ADMIN = { username: 'e2e_admin', email: 'admin@e2e.scoreline.test', password: 'admin-password-1' };

async function json<T>(res: { ok(): boolean; status(): number; json(): Promise<unknown>; url(): string }): Promise<T> {
  const body = (await res.json()) as { data: T; message?: string };
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()}: ${body.message}`);
  return body.data;
}

/** Sign up through the API, verify with the emailed code, sign in. */
export async function signUpVerified(
  request: APIRequestContext,
  opts: { prefix?: string; first?: string; last?: string; fan?: { username: string; email: string; password: string } } = {},
): Promise<ApiUser> {
  const fan = opts.fan ?? uniqueFan(opts.prefix ?? 'e2e');
  const first_name = opts.first ?? 'Casey';
  const last_name = opts.last ?? 'Striker';
  const reg = await request.post('/api/auth/register/', { data: { ...fan, first_name, last_name, password_confirm: fan.password } });
  if (!reg.ok()) throw new Error(`register ${fan.email}: ${reg.status()} ${await reg.text()}`);
  const code = await waitForEmailCode(fan.email);
  await json(await request.post('/api/auth/verify-otp/', { data: { email: fan.email, otp_code: code, purpose: 'email_verification' } }));
  const login = await json<{ tokens: { access: string }; user: { id: number } }>(
    await request.post('/api/auth/login/', { data: { email: fan.email, password: fan.password } }),
  );
  return { ...fan, first_name, last_name, id: login.user.id, token: login.tokens.access };
}

let adminToken: string | null = null;
let adminTokenAt = 0;
// Access tokens last 15 minutes; a whole run takes longer, so the admin signs in again now and then.
const ADMIN_TOKEN_REUSE_MS = 10 * 60_000;

/** The run's admin (ADMIN_EMAILS of the e2e server), created on first use. */
export async function admin(request: APIRequestContext): Promise<string> {
  if (adminToken && Date.now() - adminTokenAt < ADMIN_TOKEN_REUSE_MS) return adminToken;
  adminTokenAt = Date.now();
  const login = await request.post('/api/auth/login/', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (login.ok()) {
    adminToken = ((await login.json()) as { data: { tokens: { access: string } } }).data.tokens.access;
    return adminToken;
  }
  adminToken = (await signUpVerified(request, { fan: ADMIN, first: 'Ada', last: 'Admin' })).token;
  return adminToken;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export async function apiGet<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  return json<T>(await request.get(path, { headers: bearer(token) }));
}

export async function apiSend<T>(request: APIRequestContext, method: 'post' | 'put' | 'patch', path: string, token: string, data?: unknown): Promise<T> {
  return json<T>(await request[method](path, { headers: bearer(token), data }));
}

/** Open the app already signed in as this user (the token stored as the app stores it). */
export async function signInAs(page: Page, user: Pick<ApiUser, 'token'>): Promise<void> {
  await page.goto('/home');
  await page.evaluate((token) => localStorage.setItem('authToken', token), user.token);
}
