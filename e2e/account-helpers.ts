/** Account steps shared by the e2e specs: mail links from the server's outbox, API calls from the page, a signed-in user. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { Brand } from '../src/contract/brand';
import { DUNDEE_STATION, PERTH } from './planning';

const outbox = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../var/e2e/outbox');
export const PASSWORD = 'correct horse battery';

/** The code of the newest mail to `email` whose link goes to `linkPath` (the server writes it after answering). */
export async function mailedCode(
  email: string,
  linkPath: '/auth/activation' | '/auth/password-reset',
  after = 0,
  outboxDir = outbox,
): Promise<string> {
  for (let attempt = 0; attempt < 75; attempt++) {
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((file) => file.endsWith(`-${email}.json`))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      if (fs.statSync(path.join(outboxDir, file)).mtimeMs < after) continue;
      const mail = JSON.parse(fs.readFileSync(path.join(outboxDir, file), 'utf8')) as { link?: string };
      const link = mail.link ? new URL(mail.link) : null;
      const code = link?.pathname === linkPath ? link.searchParams.get('code') : null;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${linkPath} mail for ${email} in ${outboxDir}`);
}

export const uniqueEmail = (who: string) =>
  `e2e.${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

/** An API call made by the page (so it carries the brand's hostname), with the SPEC's headers. */
export async function apiCall<T = unknown>(
  page: Page,
  brand: Brand,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body, apiKey, token }) => {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Api-Key': apiKey,
        'X-Requested-With': 'XMLHttpRequest',
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      // Like the app's client: a POST without a payload sends {} (the API refuses an empty JSON body).
      const response = await fetch(url, {
        method,
        headers,
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body, apiKey: brand.apiKey, token },
  ) as Promise<{ status: number; body: T }>;
}

/** Registers, activates from the outbox and logs in through the API; the page keeps the token cookie. Returns the token. */
export async function signedInUser(page: Page, brand: Brand, email: string, outboxDir = outbox): Promise<string> {
  const registered = await apiCall(page, brand, 'POST', '/v1/users/register', {
    title: 'Mr',
    first_name: 'Calum',
    last_name: 'Stewart',
    email,
    dob: '1985-02-03',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accepts_terms: true,
    creation_origin: 'HOME_PAGE',
    profile: { has_car_access: true, has_concessionary_pass: false, has_young_scot_card: false, railcard: null },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const activated = await apiCall(
    page,
    brand,
    'POST',
    `/v1/users/activation/${await mailedCode(email, '/auth/activation', 0, outboxDir)}`,
  );
  if (activated.status !== 200)
    throw new Error(`activation answered ${activated.status}: ${JSON.stringify(activated.body)}`);
  const login = await apiCall<{ data: { access_token: string } }>(page, brand, 'POST', '/v1/auth/login', {
    username: email,
    password: PASSWORD,
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token = login.body.data.access_token;
  const host = new URL(page.url()).hostname;
  await page
    .context()
    .addCookies([{ name: 'user-token', value: encodeURIComponent(token), domain: host, path: '/', sameSite: 'Lax' }]);
  return token;
}

/** Posts Dundee to Perth as the signed-in user (so it is one of their recent searches) and waits until its journeys are stored. */
export async function plannedSearch(
  page: Page,
  brand: Brand,
  token: string,
  outTime: string,
): Promise<{ hash: string; journeyIds: string[] }> {
  const started = await apiCall<{ data: { hash: string } }>(
    page,
    brand,
    'POST',
    '/v1/journey-planner/search',
    { origin: DUNDEE_STATION, destination: PERTH, out_time: outTime },
    token,
  );
  if (started.status !== 201) throw new Error(`search answered ${started.status}`);
  const { hash } = started.body.data;
  for (let attempt = 0; attempt < 120; attempt++) {
    const read = await apiCall<{
      data: { results_retrieved: number | null; journeys: Array<{ id: string; placeholder: boolean }> };
    }>(page, brand, 'GET', `/v1/journey-planner/search/${hash}`, undefined, token);
    const { results_retrieved, journeys } = read.body.data;
    const stored = journeys.filter((journey) => !journey.placeholder && journey.id);
    if (results_retrieved !== null && stored.length >= results_retrieved)
      return { hash, journeyIds: stored.map((journey) => journey.id) };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`search ${hash} did not finish`);
}
