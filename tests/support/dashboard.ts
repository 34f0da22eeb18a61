// The team dashboard in a browser, as its people use it: an application filed through the form's
// API (with an access grant), a member's browser signed in (their cookies), the 4-digit code.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { TEST_TEAM_CODE } from './codes';
import { hydrated, type BrowserHarness, type OpenOptions } from './e2e';
import { accessGrant, type TeamMemberLogin } from './team-client';

/** Files an application through the form's API (with an access grant); answers its id, email and name. */
export async function fileApplication(
  baseUrl: string,
  name: string,
  options: { email?: string; type?: string; message?: string; websiteLink?: string } = {},
) {
  const email = options.email ?? `${name.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
  const res = await fetch(`${baseUrl}/api/applications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: await accessGrant(baseUrl) },
    body: JSON.stringify({
      applicationType: options.type ?? 'Mentee',
      name,
      email,
      message: options.message ?? 'Private Nachricht: bitte nicht weitergeben.',
      ...(options.websiteLink ? { websiteLink: options.websiteLink } : {}),
      consent: true,
    }),
  });
  if (res.status !== 201) throw new Error(`POST /api/applications answered ${res.status}`);
  return { id: ((await res.json()) as { id: string }).id, email, name };
}

/** Enters the team code; answers when the dashboard shows. */
export async function unlockDashboard(page: Page) {
  await page.getByLabel('Access code').fill(TEST_TEAM_CODE);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
}

/** The unlocked dashboard in a browser signed in as `member` (the server's owner when not given). */
export async function openDashboard(
  site: BrowserHarness,
  { member, path = '/teamdashboard', ...options }: OpenOptions & { member?: TeamMemberLogin; path?: string } = {},
) {
  let page: Page;
  if (member) {
    const { timeout, ...contextOptions } = options;
    const context = await site.newContext(contextOptions);
    await context.addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: site.url })));
    page = await context.newPage();
    if (timeout !== undefined) page.setDefaultTimeout(timeout);
    await page.goto(`${site.url}${path}`);
    await hydrated(page);
  } else page = await site.openAsTeamMember(path, options);
  await unlockDashboard(page);
  return page;
}

/** Waits until the view shown has loaded (no "Loading…" left in the page's main part). */
export const viewLoaded = (page: Page) =>
  page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? 'Loading'));
