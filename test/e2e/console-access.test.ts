import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitForDocument, type TestServer } from '../helpers/server.js';
import { goTo, horizontalOverflow, launchBrowser, openConsole, screenshot, signIn } from './browser.js';

const TAG = 'e2e_access';

interface Focused {
  tag: string;
  text: string;
  label: string;
  inDialog: boolean;
  outline: string;
}

const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent.trim() : '');
  return { tag: el.tagName, text: (el.textContent || '').trim(), label, inDialog: !!el.closest('dialog'), outline: getComputedStyle(el).outlineStyle };
})()`;

/** Form controls and buttons with no accessible name: none may exist. */
const UNNAMED = `[...document.querySelectorAll('input, select, textarea, button, a[href]')]
  .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby') && !el.textContent.trim())
  .map((el) => el.outerHTML.slice(0, 120))`;

const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused | null>;

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, matches: (el: Focused) => boolean, what: string, max = 60): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await focused(page);
    if (el && matches(el)) return el;
  }
  throw new Error(`Tab never reached ${what}`);
}

describe('the console for keyboard users and on a phone', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    // Content for the pages: a document with its memories, one of them edited into a second version.
    const added = await server.request('POST', '/v3/documents', {
      body: { content: '# Trip\n\nBob Lane works at Northwind as a pilot. Bob lives in Oslo.', containerTag: TAG },
    });
    await waitForDocument(server, added.body.id);
    const listed = await server.request('POST', '/v4/memories/list', { body: { containerTags: [TAG] } });
    const oslo = listed.body.memoryEntries.find((m: { memory: string }) => m.memory.includes('Oslo'));
    await server.request('PATCH', '/v4/memories', { body: { containerTag: TAG, id: oslo.id, newContent: 'Bob lives in Bergen' } });
    // A pastime mentioned twice yields an inferred memory that derives from both mentions.
    const talk = await server.request('POST', '/v4/conversations', {
      body: {
        conversationId: 'mel-1',
        containerTag: TAG,
        messages: [
          { role: 'user', name: 'Melanie', content: 'I painted a lake sunrise last year.' },
          { role: 'user', name: 'Melanie', content: 'I signed up for a painting class this week.' },
        ],
      },
    });
    await waitForDocument(server, talk.body.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs the main flow from the keyboard alone, focus always visible, dialogs holding focus', async () => {
    const { page, problems } = await openConsole(browser, server.url);
    expect((await focused(page))?.label).toBe('API key');
    await page.keyboard.type(server.adminKey);
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Console pages' }).waitFor();

    const skip = await tabTo(page, (el) => el.text === 'Skip to content', 'the skip link', 3);
    expect(skip.outline).toBe('solid');
    await page.keyboard.press('Enter');
    expect((await focused(page))?.tag).toBe('MAIN');

    await page.getByRole('banner').getByLabel('Container tag').focus();
    await page.keyboard.press('Tab');
    await tabTo(page, (el) => el.tag === 'A' && el.text === 'Documents', 'the Documents link');
    expect((await focused(page))?.outline).toBe('solid');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();

    await tabTo(page, (el) => el.label === 'Text, markdown or an http(s) URL', 'the text field');
    await page.keyboard.type('Carol Diaz works at Contoso as a chemist.');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.label).toBe('Container tag');
    await page.keyboard.type(TAG);
    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe('Add document');
    await page.keyboard.press('Enter');
    const newest = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
    await expect.poll(() => newest.innerText(), { timeout: 30_000 }).toMatch(/Carol Diaz[\s\S]*\bdone\b/);

    await tabTo(page, (el) => el.tag === 'A' && el.text.startsWith('Carol Diaz'), 'the new document');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Processing steps' }).waitFor();

    await page.getByRole('banner').getByLabel('Container tag').focus();
    await tabTo(page, (el) => el.tag === 'A' && el.text === 'Memories', 'the Memories link');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /^Memories/ }).waitFor();
    const edit = await tabTo(page, (el) => el.label.startsWith('Edit memory: Carol Diaz'), 'an Edit button');
    expect(edit.outline).toBe('solid');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Edit memory/ });
    await dialog.waitFor();
    expect(await focused(page)).toMatchObject({ label: 'New text', inDialog: true });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect((await focused(page))?.inDialog, `focus left the dialog after ${i + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focused(page))?.label).toMatch(/^Edit memory: Carol Diaz/);
    expect(problems).toEqual([]);
  });

  it('marks an inferred memory in the list and the graph, and approves it', async () => {
    const { page, context, problems } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await page.getByRole('banner').getByLabel('Container tag').selectOption(TAG);
    await goTo(page, 'Memories');
    const graph = page.locator('svg[role="img"]');
    await graph.waitFor();
    expect(await graph.locator('.node-inferred').count()).toBe(1);
    expect(await graph.locator('.edge-derives').count()).toBe(2);
    expect(await graph.locator('.node:not(.node-latest)').count()).toBe(1);
    const inferred = page.getByRole('list', { name: 'Memories' }).getByRole('listitem').filter({ hasText: 'lasting interest in painting' });
    expect(await inferred.innerText()).toContain('inferred');
    expect(await inferred.getByRole('list', { name: 'Relations' }).innerText()).toMatch(/derives “Melanie/);
    await screenshot(page, 'memories-graph');

    await inferred.getByRole('button', { name: /^Approve inference/ }).click();
    await expect.poll(() => graph.locator('.node-inferred').count()).toBe(0);
    expect(await inferred.innerText()).not.toContain('inferred');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a 360 px wide phone screen on every page, nothing overflowing sideways', async () => {
    const { page, problems } = await openConsole(browser, server.url, { width: 360, height: 740 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'phone-sign-in');
    await signIn(page, server.adminKey);
    await page.getByRole('banner').getByLabel('Container tag').selectOption(TAG);
    for (const label of ['Tags', 'Documents', 'Memories', 'Search', 'Profile', 'Connections', 'Settings', 'Keys']) {
      await goTo(page, label);
      if (label === 'Search') {
        await page.getByLabel('Query').fill('Where does Bob live?');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.locator('section[data-mode="hybrid"] .timing').waitFor();
      }
      if (label === 'Memories') await page.locator('svg[role="img"]').waitFor();
      expect(await horizontalOverflow(page), `${label} overflows`).toBe(0);
      expect(await page.evaluate(UNNAMED), `unnamed controls on ${label}`).toEqual([]);
      await screenshot(page, `phone-${label.toLowerCase()}`);
    }

    await goTo(page, 'Documents');
    await page.getByRole('list', { name: 'Documents' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Chunks (1)' }).waitFor();
    expect(await horizontalOverflow(page), 'a document overflows').toBe(0);
    await screenshot(page, 'phone-document');

    await goTo(page, 'Memories');
    await page
      .getByRole('button', { name: /^Forget memory/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Preview' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'phone-forget-dialog');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });

  it('uploads a file and follows it to done', async () => {
    const { page, context, problems } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await goTo(page, 'Documents');
    const form = page.getByRole('form', { name: 'Upload a file' });
    await form.getByLabel(/^File/).setInputFiles({
      name: 'harbour.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Harbour log\n\nThe ferry to Skagen leaves at noon.'),
    });
    await form.getByLabel('Container tag').fill('e2e_files');
    await form.getByRole('button', { name: 'Upload' }).click();
    const newest = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first();
    // The list shows the upload first once it reloads; until then its first item is an older document.
    await expect.poll(() => newest.innerText(), { timeout: 30_000 }).toContain('e2e_files');
    await expect.poll(() => newest.innerText(), { timeout: 30_000 }).toMatch(/\bdone\b/);
    await newest.getByRole('link').click();
    await expect.poll(() => page.getByLabel('Document content').innerText()).toContain('The ferry to Skagen leaves at noon.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('returns to sign-in, saying why, when the key is disabled while signed in', async () => {
    const key = await server.createKey({ name: 'e2e member' });
    const { page, context } = await openConsole(browser, server.url);
    await signIn(page, key);
    const keys = (await server.request('GET', '/v3/auth/keys')).body.keys as { id: string; name: string }[];
    const id = keys.find((k) => k.name === 'e2e member')!.id;
    expect((await server.request('POST', `/v3/auth/keys/${id}/toggle`)).body.disabled).toBe(true);
    // Whichever asks the server first gets the 401: this navigation, or a refresh the page makes on
    // its own (then the navigation link is gone before it can be clicked).
    const signInShown = page.getByLabel('API key').waitFor();
    void goTo(page, 'Documents').catch(() => undefined);
    await signInShown;
    expect(await page.getByRole('main').innerText()).toContain('the server no longer accepts that key');
    expect(await page.getByRole('alert').innerText()).toContain('HTTP 401');
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await context.close();
  });

  it('forgets by meaning exactly the memories the preview listed and left ticked', async () => {
    const { page, context, problems } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await page.getByRole('banner').getByLabel('Container tag').selectOption(TAG);
    await goTo(page, 'Memories');
    const section = page.getByRole('region', { name: `Forget by meaning in ${TAG}` });
    await section.getByLabel('What to forget').fill('Bob lives in Bergen');
    await section.getByRole('button', { name: 'Preview' }).click();
    const choices = section.getByRole('group', { name: 'Memories to forget' });
    await choices.waitFor();
    const boxes = choices.getByRole('checkbox');
    const listed = await boxes.count();
    expect(listed).toBeGreaterThan(0);
    expect(await choices.innerText()).toContain('Bob lives in Bergen');
    // Untick all but Bergen: only it may be forgotten.
    for (let i = 0; i < listed; i++) {
      const box = boxes.nth(i);
      const label = await page.locator(`label[for="${await box.getAttribute('id')}"]`).innerText();
      if (!label.startsWith('Bob lives in Bergen')) await box.uncheck();
    }
    await section.getByRole('button', { name: 'Forget 1 selected' }).click();
    await expect.poll(() => page.locator('svg[role="img"] .node-forgotten').count()).toBe(1);
    const entries = (await server.request('POST', '/v4/memories/list', { body: { containerTags: [TAG], limit: 100 } })).body.memoryEntries;
    expect(entries.filter((m: { isForgotten: boolean }) => m.isForgotten).map((m: { memory: string }) => m.memory)).toEqual(['Bob lives in Bergen']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
