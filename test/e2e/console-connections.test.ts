import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../fakes/github/index.js';
import { FakeWebsite } from '../fakes/website.js';
import { codeHostEnv } from '../helpers/connections.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { goTo, horizontalOverflow, launchBrowser, openConsole, screenshot, signIn } from './browser.js';

const CODE_TAG = 'e2e_code';
const SITE_TAG = 'e2e_site';

const connectionCard = (page: Page, provider: string): Locator =>
  page
    .getByRole('list', { name: 'Connections' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${provider}\\b`) }) });

async function connect(page: Page, kind: string, tag: string, fields: { startUrl?: string; metadata?: string } = {}): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Connect' });
  await form.getByLabel('Kind').selectOption({ label: kind });
  await form.getByLabel('Container tag').fill(tag);
  if (fields.startUrl) await form.getByLabel('Start URL').fill(fields.startUrl);
  await form.getByLabel('More settings as JSON (optional)').fill(fields.metadata ?? '');
  await form.getByRole('button', { name: 'Connect' }).click();
  return form;
}

/** The sync runs table's rows (header excluded) as text, newest first. */
const runRows = (card: Locator) => card.getByRole('table', { name: 'Sync runs' }).locator('tbody tr');

describe('the console against the real connections API', () => {
  let github: FakeGitHub;
  let site: FakeWebsite;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [github, site, browser] = await Promise.all([FakeGitHub.start(), FakeWebsite.start({ crawlDelaySeconds: 0 }), launchBrowser()]);
    server = await startTestServer({ ...codeHostEnv(github), ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await github?.close();
    await site?.close();
  });

  it('connects a code host through the provider, syncs now, lists runs and documents, and deletes keeping the documents', async () => {
    const repo = github.createRepo('handbook', {
      files: { 'README.md': '# Handbook\n\nHow the team works.\n', 'docs/onboarding.md': '# Onboarding\n\nDay one: get a laptop.\n' },
    });
    github.createRepo('scratch', { files: { 'notes.md': '# Scratch\n\nNot to be synced.\n' } });
    const { page, context, problems } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await goTo(page, 'Connections');
    const form = await connect(page, 'Code host (github)', CODE_TAG);
    const authorize = form.getByRole('link', { name: 'Authorize it at the provider' });
    await authorize.waitFor();
    const pending = connectionCard(page, 'code-host');
    await expect.poll(() => pending.innerText()).toContain('pending');
    await screenshot(page, 'connections-authorize');

    // The provider's authorize page approves and sends the browser back to the console, in this tab.
    await authorize.click();
    await page.waitForURL(`${server.url}/console/connections`);
    const card = connectionCard(page, 'code-host');
    await expect.poll(() => card.innerText()).toMatch(/\bactive\b/);
    expect(github.oauth.authorizeRequests.length).toBe(1);
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(/Last sync\s+completed/);

    // Choose what it syncs among the account's repositories; saving syncs them.
    await card.getByRole('button', { name: 'Choose repositories…' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose repositories to sync' });
    const choices = choose.getByRole('group', { name: /^Repositories/ });
    await expect.poll(() => choices.getByRole('checkbox').count()).toBe(2);
    await choices.getByLabel('octocat/handbook').check();
    await screenshot(page, 'connections-choose');
    await choose.getByRole('button', { name: 'Save and sync 1 repository' }).click();
    await choose.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Show documents' }).click();
    const documents = card.getByRole('region', { name: `Documents imported by code-host into ${CODE_TAG}` });
    await expect
      .poll(() => documents.innerText(), { timeout: 30_000 })
      .toMatch(/done\s+README\.md[\s\S]*done\s+onboarding\.md|done\s+onboarding\.md[\s\S]*done\s+README\.md/);
    await screenshot(page, 'connections-active');

    // Sync now after a change at the source: a new manual run with its counts.
    repo.writeFile('docs/onboarding.md', '# Onboarding\n\nDay one: get a laptop and a badge.\n');
    // Saving showed the runs, and waits for the run it queued.
    expect(await card.getByRole('button', { name: 'Hide runs' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => runRows(card).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => runRows(card).first().innerText(), { timeout: 30_000 }).toMatch(/manual\s+completed\s+2\s+0\s+0/);
    const before = await runRows(card).count();
    await card.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => runRows(card).count(), { timeout: 30_000 }).toBe(before + 1);
    await expect.poll(() => runRows(card).first().innerText(), { timeout: 30_000 }).toMatch(/manual\s+completed\s+1\s+0\s+0/);
    expect(await page.getByTestId('live').innerText()).toContain('Sync queued for 1 connection');
    await screenshot(page, 'connections-synced');

    await card.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the code-host connection?' });
    await screenshot(page, 'connections-delete');
    await dialog.getByLabel('Also delete the documents it imported').uncheck();
    await dialog.getByRole('button', { name: 'Delete connection' }).click();
    await expect.poll(() => card.count()).toBe(0);
    // The deletion's cleanup at GitHub (its hook removed, its grant revoked) shows until it is done.
    const cleanups = page.getByRole('region', { name: 'Cleanups at providers' });
    await expect
      .poll(
        async () => {
          await cleanups.getByRole('button', { name: 'Refresh' }).click();
          return cleanups.innerText();
        },
        { timeout: 30_000 },
      )
      .toContain('No cleanup is pending');
    const kept = await server.request('POST', '/v3/documents/list', { body: { containerTags: [CODE_TAG] } });
    expect(kept.body.memories.map((d: { title: string }) => d.title).sort()).toEqual(['README.md', 'onboarding.md']);
    expect((await server.request('POST', '/v3/connections/list', { body: { containerTags: [CODE_TAG] } })).body).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('crawls the local site with the web crawler, then deletes the connection with its documents', async () => {
    const { page, context, problems } = await openConsole(browser, server.url, { width: 360, height: 740 });
    await signIn(page, server.adminKey);
    await goTo(page, 'Connections');
    // The first sync starts only once the new card has loaded its runs (none yet), as it does when
    // the worker is slower than the browser: the runs shown later must still be the sync's.
    const worker = server.app.worker!;
    await worker.stop();
    const form = await connect(page, 'Web crawler', SITE_TAG, { startUrl: site.url('/'), metadata: '{"maxPages": 4}' });
    await expect.poll(() => form.getByRole('status').innerText()).toMatch(/Connection \S+ created/);
    const card = connectionCard(page, 'web-crawler');
    await card.getByText('No sync has run yet.').waitFor({ state: 'attached' });
    worker.start();
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(/Last sync\s+completed/);
    await card.getByRole('button', { name: 'Show runs' }).click();
    await expect.poll(() => runRows(card).first().innerText()).toMatch(/manual\s+completed\s+[1-4]\s+0\s+0/);
    await card.getByRole('button', { name: 'Show documents' }).click();
    const documents = card.getByRole('region', { name: `Documents imported by web-crawler into ${SITE_TAG}` });
    await expect.poll(() => documents.getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => documents.innerText(), { timeout: 30_000 }).not.toMatch(/queued|extracting|chunking|embedding|indexing/);
    const wide = await page.evaluate(
      `[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((el) => el.tagName + '.' + el.className + ' ' + Math.round(el.getBoundingClientRect().right)).slice(0, 8)`,
    );
    expect(wide).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'connections-crawler-phone');

    // From the keyboard: the dialog takes focus, Escape closes it and gives focus back, Space and Enter act.
    const deleteButton = card.getByRole('button', { name: 'Delete…' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete the web-crawler connection?' });
    const checkbox = dialog.getByLabel('Also delete the documents it imported');
    await expect.poll(() => checkbox.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await checkbox.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => checkbox.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('button', { name: 'Delete connection' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(async () => (await server.request('POST', '/v3/documents/list', { body: { containerTags: [SITE_TAG] } })).body.memories.length).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the API's refusal plainly: an OAuth kind the server has no application for", async () => {
    const { page, context } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await goTo(page, 'Connections');
    const form = await connect(page, 'Notes workspace (notion)', 'e2e_notes');
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('HTTP 501');
    expect(await alert.innerText()).toContain('Connector not configured');
    expect(await alert.innerText()).toContain('the server has no OAuth application for notes-workspace');
    expect((await server.request('POST', '/v3/connections/list', { body: { containerTags: ['e2e_notes'] } })).body).toEqual([]);
    await screenshot(page, 'connections-error');

    // A refusal at the provider comes back as ?error= on the console's address.
    await page.goto('/console/connections?error=access_denied');
    await expect.poll(() => page.getByRole('main').getByRole('alert').first().innerText()).toContain('did not authorize the connection (access_denied)');
    await context.close();
  });
});
