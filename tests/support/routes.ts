// For integration tests: a test configuration, and calling route modules (loaders and actions)
// with a Request, as the server would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { beforeAll } from 'vitest';
import { resolveConfig, setConfig } from '~/server/config.server';
import { clientAddressContext } from '~/server/http/request-context.server';
import { seedMember, tokenOf, type SeededMember } from './team';
import { TEST_ACCESS_CODES, TEST_AUTH_SECRET, TEST_TEAM_CODE } from './codes';

export const TEAM_CODE = TEST_TEAM_CODE;
export const PUBLIC_URL = 'http://bewegung.test';

export function useTestConfig(env: Record<string, string> = {}) {
  const config = resolveConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bc-int-')),
    TEAM_ACCESS_CODE: TEAM_CODE,
    ACCESS_CODES: TEST_ACCESS_CODES.join(','),
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL,
    SIGNUP_RATE_LIMIT: '0',
    APPLICATION_RATE_LIMIT: '0',
    ...env,
  });
  setConfig(config);
  return config;
}

/** The test configuration with mail going out through the SMTP server at `smtpUrl`, from the site's sender. */
export const useMailConfig = (smtpUrl: string, env: Record<string, string> = {}) =>
  useTestConfig({ SMTP_URL: smtpUrl, MAIL_FROM: 'Bewegungscoaching <hallo@bewegung.test>', ...env });

type Handler = (args: never) => Response | Promise<Response> | unknown;

/** Calls a loader or action the way React Router does, from the client address `ip`. */
export async function call(handler: Handler, request: Request, ip = '203.0.113.1', params = {}) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, ip);
  return (await (handler as (args: unknown) => unknown)({ request, context, params })) as Response;
}

export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${PUBLIC_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

export const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${PUBLIC_URL}${path}`, { headers });

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The Authorization header of a valid team token of a new owner (their sign-in has its own tests). */
export const teamAuth = async (role: 'owner' | 'reviewer' = 'owner') =>
  bearer(await tokenOf(await seedMember({ role })));

/** The Authorization header of a token whose session ran out (opened 12 hours and a minute ago). */
export const expiredTeamAuth = async () => {
  const member = await seedMember({ sessionAgeMs: 12 * 3600_000 + 60_000, idleMs: 0 });
  return bearer(await tokenOf(member));
};

/**
 * An owner and a reviewer (with the names given, else seedMember's), seeded in beforeAll after the
 * hooks registered before this call (the configuration), with the Authorization headers of their
 * team tokens.
 */
export function useOwnerAndReviewer(names: { owner?: string; reviewer?: string } = {}) {
  let seeded: { owner: SeededMember; ownerAuth: Record<string, string>; reviewerAuth: Record<string, string> };
  beforeAll(async () => {
    const owner = await seedMember({ role: 'owner', name: names.owner });
    const reviewer = await seedMember({ role: 'reviewer', name: names.reviewer });
    seeded = { owner, ownerAuth: bearer(await tokenOf(owner)), reviewerAuth: bearer(await tokenOf(reviewer)) };
  });
  return {
    get owner() {
      return seeded.owner;
    },
    get ownerAuth() {
      return seeded.ownerAuth;
    },
    get reviewerAuth() {
      return seeded.reviewerAuth;
    },
  };
}
