import { createAccount } from '@northstar/server';
import type { AccountRecord, MemberRole, ScryptCost, StorageAdapter } from '@northstar/server';
import { startTestServer } from './test-server.js';
import type { TestServer, TestServerOptions } from './test-server.js';

/** A cheap scrypt cost for tests (the production default costs 128 MiB and ~0.3 s per hash). */
export const FAST_SCRYPT: ScryptCost = { N: 1024, r: 8, p: 1 };
/** 32+ bytes, as the router requires. */
export const TEST_JWT_SECRET = 'test-secret-of-at-least-thirty-two-bytes!';
export const PASSWORD = 'correct horse battery staple';

/** The test server with a fixed JWT secret and fast password hashing. */
export function startAuthServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ jwtSecret: TEST_JWT_SECRET, passwordHashCost: FAST_SCRYPT, ...options });
}

/** Stores an account (fast hash), and its membership of `projectId` with `role` when given. */
export async function addAccount(
  storage: StorageAdapter,
  email: string,
  membership?: { projectId: number; role: MemberRole },
  password = PASSWORD,
): Promise<AccountRecord> {
  const account = await createAccount(storage.config, { email, password }, FAST_SCRYPT);
  if (membership) await storage.config.addMembership({ account_id: account.id, project_id: membership.projectId, role: membership.role });
  return account;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request to the API; the body parsed as JSON when it is JSON. */
export async function call(url: string, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** The `ns_refresh` value of a response's Set-Cookie, if it sets one. */
export function refreshCookieOf(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('ns_refresh='));
  return cookie?.slice('ns_refresh='.length).split(';')[0];
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  response: ApiResponse;
}

/** POST /auth/login; fails the test unless it answers 200 with a refresh cookie. */
export async function login(url: string, email: string, password = PASSWORD, prefix = ''): Promise<SignedIn> {
  const response = await call(url, 'POST', `${prefix}/auth/login`, { body: { email, password } });
  const refreshToken = refreshCookieOf(response.headers);
  const accessToken = (response.body as { access_token?: string }).access_token;
  if (response.status !== 200 || !refreshToken || !accessToken) throw new Error(`login failed: ${response.status} ${response.text}`);
  return { accessToken, refreshToken, response };
}
