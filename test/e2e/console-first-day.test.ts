import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { goTo, launchBrowser, openConsole, screenshot, signIn, type ConsolePage } from './browser.js';

const TAG = 'e2e_first_day';

/** What a new user meets on the first day: names instead of ids, nothing laid over results, no self-disable, counts that agree. */
describe('the console on the first day', () => {
  let server: TestServer;
  let browser: Browser;
  let tab: ConsolePage;
  let documentId: string;
  let forgottenId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    // A direct write: its record has no title of its own.
    const written = await server.request('POST', '/v4/memories', {
      body: {
        containerTag: TAG,
        memories: [{ content: 'Rosa Quint keeps bees on her roof' }, { content: 'Rosa Quint lives in Ghent' }, { content: 'Rosa Quint plays the oboe' }],
      },
    });
    documentId = written.body.documentId;
    forgottenId = written.body.memories[2].id;
    await server.request('DELETE', '/v4/memories', { body: { containerTag: TAG, id: forgottenId } });
    tab = await openConsole(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('names the documents memories come from by their title, never by an id', async () => {
    const { page } = tab;
    await signIn(page, server.adminKey);
    await page.getByRole('banner').getByLabel('Container tag').selectOption(TAG);
    await goTo(page, 'Memories');
    const card = page.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: 'lives in Ghent' });
    const source = card.locator('.sources a');
    await expect.poll(() => source.innerText()).toBe('Rosa Quint keeps bees on her roof');
    expect(await source.getAttribute('href')).toContain(documentId);
    expect(await card.innerText()).not.toContain(documentId);

    await goTo(page, 'Documents');
    const item = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
    await expect.poll(() => item.innerText()).toContain('Rosa Quint keeps bees on her roof');
    expect(await item.innerText()).not.toContain(documentId);
  });

  it('counts a tag’s memories the same on the Tags and Memories pages, the forgotten one apart', async () => {
    const { page } = tab;
    await goTo(page, 'Tags');
    const row = page.getByRole('row', { name: new RegExp(TAG) });
    await expect.poll(() => row.innerText()).toMatch(new RegExp(`${TAG}\\s+1\\s+2\\b`));
    await goTo(page, 'Memories');
    await expect.poll(() => page.locator('#graph-heading').innerText()).toBe('2 memories, 1 forgotten');
  });

  it('says the search counts to screen readers without laying them over the results', async () => {
    const { page } = tab;
    await goTo(page, 'Search');
    await page.getByLabel('Query').fill('Where does Rosa live?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const live = page.getByTestId('live');
    await expect.poll(() => live.innerText()).toMatch(/^memories: \d+, hybrid: \d+, documents: \d+$/);
    const box = await live.boundingBox();
    expect(box!.width * box!.height).toBeLessThanOrEqual(1);
    expect(await page.locator('section[data-mode="memories"] .timing').innerText()).toMatch(/^\d+ results? · /);
    await screenshot(page, 'search-counts');
  });

  it('offers no Disable on the signed-in key, and creates an admin key', async () => {
    const { page } = tab;
    await goTo(page, 'Keys');
    const cards = page
      .getByRole('list')
      .filter({ has: page.getByText('this key') })
      .getByRole('listitem');
    const mine = cards.filter({ has: page.getByText('this key') });
    await mine.waitFor();
    expect(await mine.getByRole('button', { name: /^(Disable|Enable) key/ }).count()).toBe(0);

    const form = page.getByRole('form', { name: 'Create a key' });
    await form.getByLabel('Name').fill('second admin');
    await form.getByLabel('Role').selectOption('admin');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    const key = await shown.getByLabel('Key').inputValue();
    expect((await server.request('GET', '/v3/session', { key })).body).toMatchObject({ role: 'admin', scope: { type: 'full' } });
    expect(await shown.innerText()).toContain('an admin key');
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'detached' });
    // Another key of the organization can be disabled from here.
    await expect.poll(() => page.getByRole('button', { name: 'Disable key second admin' }).count()).toBe(1);
    await screenshot(page, 'keys-first-day');
    expect(tab.problems).toEqual([]);
  });
});
