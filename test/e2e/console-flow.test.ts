import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { goTo, launchBrowser, openConsole, screenshot, signIn, type ConsolePage } from './browser.js';

const TAG = 'e2e_flow';
const NOTE = '# Team notes\n\nAlice Moreau works at Acme Robotics as a hardware engineer. Alice lives in Lisbon. Alice loves climbing on weekends.';

const memoryCard = (page: Page, text: RegExp) => page.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: text }).first();

describe('the console in a browser: sign-in, ingest, search, edit, forget', () => {
  let server: TestServer;
  let browser: Browser;
  let tab: ConsolePage;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    tab = await openConsole(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the API error for a bad key, signs in with a good one and keeps it in this tab only', async () => {
    const { page, context } = tab;
    await screenshot(page, 'sign-in');
    await page.getByLabel('API key').fill('em_not_a_real_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Invalid API key');
    expect(await alert.innerText()).toContain('HTTP 401');
    await screenshot(page, 'sign-in-error');

    await signIn(page, server.adminKey);
    expect(await page.evaluate('sessionStorage.getItem("engram.apiKey")')).toBe(server.adminKey);
    expect(await page.evaluate('localStorage.length')).toBe(0);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate('document.cookie')).toBe('');
  });

  it('adds a document and follows its status to done, with steps, content, chunks and memories', async () => {
    const { page } = tab;
    await goTo(page, 'Documents');
    const form = page.getByRole('form', { name: 'Add text or a URL' });
    await form.getByLabel('Text, markdown or an http(s) URL').fill(NOTE);
    await form.getByLabel('Container tag').fill(TAG);
    await form.getByRole('button', { name: 'Add document' }).click();

    const item = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
    await expect.poll(() => item.innerText(), { timeout: 30_000 }).toMatch(/\bdone\b/);
    await screenshot(page, 'documents');

    await item.getByRole('link').click();
    await page.getByRole('heading', { name: 'Processing steps' }).waitFor();
    const steps = page.locator('ol.steps');
    await expect.poll(() => steps.innerText()).toContain('memories');
    for (const step of ['extracting', 'chunking', 'embedding', 'indexing']) expect(await steps.innerText()).toContain(step);
    expect(await page.getByLabel('Document content').innerText()).toContain('Alice Moreau works at Acme Robotics');
    await expect.poll(() => page.getByRole('heading', { name: /^Chunks \(\d+\)$/ }).count()).toBe(1);
    const fromDoc = page.getByRole('region', { name: 'Memories from this document' });
    await expect.poll(() => fromDoc.innerText()).toContain('Alice lives in Lisbon');
    await screenshot(page, 'document');
  });

  it('finds it in every search mode, side by side, with scores and timing', async () => {
    const { page } = tab;
    await page.getByRole('banner').getByLabel('Container tag').selectOption(TAG);
    await goTo(page, 'Search');
    await page.getByLabel('Query').fill('Where does Alice work?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const column = (mode: string) => page.locator(`section[data-mode="${mode}"]`);
    await expect.poll(() => column('memories').innerText()).toContain('Acme Robotics');
    expect(await column('memories').innerText()).toMatch(/server \d+ ms/);
    expect(await column('memories').locator('.badge-memory').count()).toBeGreaterThan(0);
    await expect.poll(() => column('documents').innerText()).toContain('Acme Robotics');
    expect(await column('documents').locator('.badge-chunk').count()).toBeGreaterThan(0);
    expect(await column('hybrid').innerText()).toContain('Acme Robotics');
    expect(await column('hybrid').innerText()).toMatch(/0\.\d{3}/);
    // Which retriever found each result, with its own rank and score, and the fused score.
    const hybridHit = (kind: string) =>
      column('hybrid')
        .locator('li.hit')
        .filter({ has: page.locator(`.badge-${kind}`) })
        .filter({ hasText: 'Acme Robotics' })
        .first();
    for (const [kind, index] of [
      ['memory', 'in memories'],
      ['chunk', 'in document chunks'],
    ]) {
      const how = hybridHit(kind).getByRole('definition');
      const text = (await hybridHit(kind).locator('dl.retrievers').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(index);
      expect(text).toMatch(/Vector #\d+ \(score [01]\.\d{3}\)/);
      expect(text).toMatch(/Lexical #\d+ \(score [01]\.\d{3}\)/);
      expect(text).toMatch(/Fused [01]\.\d{3}/);
      expect(text).toMatch(/Found by vector lexical \(BM25\)/);
      expect(await how.locator('.badge-vector').count()).toBe(1);
      expect(await how.locator('.badge-lexical').count()).toBe(1);
    }
    for (const mode of ['memories', 'hybrid', 'documents']) {
      expect(await column(mode).getByLabel('Time per phase').innerText()).toMatch(/embedding \d+ ms · retrieval \d+ ms · assembly \d+ ms/);
    }
    await screenshot(page, 'search');
    expect(await page.getByTestId('live').innerText()).toMatch(/memories: \d+, hybrid: \d+, documents: \d+/);

    await goTo(page, 'Memories');
    expect(await page.getByTestId('live').innerText()).toBe('');
  });

  it('edits a memory into a new version and forgets one after a preview', async () => {
    const { page } = tab;
    await goTo(page, 'Memories');
    const lisbon = memoryCard(page, /Alice lives in Lisbon/);
    await lisbon.getByRole('button', { name: /^Edit memory/ }).click();
    const dialog = page.getByRole('dialog', { name: /Edit memory/ });
    await dialog.getByLabel('New text').fill('Alice lives in Porto');
    await dialog.getByRole('button', { name: 'Save new version' }).click();
    await dialog.waitFor({ state: 'detached' });
    const porto = memoryCard(page, /Alice lives in Porto/);
    await expect.poll(() => porto.innerText()).toContain('v2');
    expect(await porto.innerText()).toContain('1 earlier version');
    expect(await page.locator('svg[role="img"] .node-latest').count()).toBe(3);
    expect(await page.locator('svg[role="img"] .edge-updates').count()).toBe(1);

    await memoryCard(page, /climbing/)
      .getByRole('button', { name: /^Forget memory/ })
      .click();
    const forget = page.getByRole('dialog', { name: 'Forget this memory?' });
    const preview = forget.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.innerText()).toContain('Alice loves climbing on weekends');
    await forget.getByRole('button', { name: 'Confirm: forget' }).click();
    await forget.waitFor({ state: 'detached' });
    await expect.poll(() => memoryCard(page, /climbing/).innerText()).toContain('forgotten');
    expect(await page.locator('svg[role="img"] .node-forgotten').count()).toBe(1);
    await screenshot(page, 'memories');

    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: [TAG] } });
    const byText = Object.fromEntries(listed.body.memoryEntries.map((m: { memory: string }) => [m.memory, m]));
    expect(byText['Alice lives in Porto']).toMatchObject({ version: 2, isForgotten: false });
    expect(byText['Alice loves climbing on weekends']).toMatchObject({ isForgotten: true });
  });

  it("shows a server 4xx with the API's error and details", async () => {
    const { page } = tab;
    await goTo(page, 'Documents');
    const form = page.getByRole('form', { name: 'Add text or a URL' });
    await form.getByLabel('Text, markdown or an http(s) URL').fill('anything');
    await form.getByLabel('Container tag').fill('not a valid tag!');
    await form.getByRole('button', { name: 'Add document' }).click();
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('HTTP 400');
    expect(await alert.innerText()).toContain('containerTag');
  });

  it('shows the profile, the tags, connections, settings and keys', async () => {
    const { page } = tab;
    await goTo(page, 'Profile');
    await expect.poll(() => page.getByRole('region', { name: 'Static' }).innerText()).toContain('Acme Robotics');
    await screenshot(page, 'profile');

    await goTo(page, 'Tags');
    const row = page.getByRole('row', { name: new RegExp(TAG) });
    await expect.poll(() => row.innerText()).toMatch(/e2e_flow\s+1\s+2/);
    await screenshot(page, 'tags');

    await goTo(page, 'Connections');
    const hasConnections = (await server.request('POST', '/v3/connections/list', { body: {} })).status !== 404;
    if (hasConnections) await page.getByRole('heading', { name: 'Connect', exact: true }).waitFor();
    else await expect.poll(() => page.getByRole('main').innerText()).toContain('Connections are not available on this server');
    await screenshot(page, 'connections');

    await goTo(page, 'Settings');
    await page.getByLabel('Workspace prompt', { exact: false }).fill('Notes of a robotics team.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByTestId('live').innerText()).toContain('Settings saved');
    const code = page.getByRole('form', { name: 'Code host (GitHub)' });
    await code.getByLabel('Client id').fill('Iv1.e2e-client');
    await code.getByLabel(/^Client secret/).fill('e2e-secret-value-1234');
    await code.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => code.getByText('(stored: ********1234)').count()).toBe(1);
    // The form takes the saved settings in the render after the one that shows the stored secret.
    await expect.poll(() => code.getByLabel(/^Client secret/).inputValue()).toBe('');
    expect(await page.content()).not.toContain('e2e-secret-value');
    await screenshot(page, 'settings');

    await goTo(page, 'Keys');
    const scoped = page.getByRole('form', { name: 'Create a scoped key' });
    await scoped.getByLabel('Name').fill('e2e reader');
    await scoped.getByLabel('Container tags (comma-separated)').fill(TAG);
    await scoped.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key' });
    const key = await shown.getByLabel('Key').inputValue();
    expect(key.length).toBeGreaterThan(20);
    expect((await server.request('GET', '/v3/session', { key })).body.scope).toMatchObject({ type: 'scoped', permission: 'read', tags: [TAG] });
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);
    await screenshot(page, 'keys');
    await page.getByRole('button', { name: 'Revoke key e2e reader' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Revoke key e2e reader' }).count()).toBe(0);
    expect((await server.request('GET', '/v3/session', { key })).status).toBe(401);
  });

  it('resets the organization only once its name is typed, then signs out', async () => {
    const { page } = tab;
    await goTo(page, 'Settings');
    await page.getByRole('button', { name: 'Reset…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the organization?' });
    const confirm = dialog.getByRole('button', { name: 'Reset everything' });
    await dialog.getByLabel('Organization name').fill('wrong name');
    expect(await confirm.isDisabled()).toBe(true);
    const orgName = (await server.request('GET', '/v3/session')).body.org.name;
    await dialog.getByLabel('Organization name').fill(orgName);
    await confirm.click();
    await expect.poll(() => page.getByText('deletedMemoryRows: 4').count()).toBe(1);
    expect((await server.request('POST', '/v3/documents/list', { body: {} })).body.totalCount).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    expect(tab.problems).toEqual([]);
  });
});
