import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReceiver } from '../helpers/event-receiver.js';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.js';
import { goTo, horizontalOverflow, launchBrowser, openConsole, screenshot, signIn } from './browser.js';

const TAG = 'e2e_hooks';

describe('the console against the real webhooks API', () => {
  let server: TestServer;
  let browser: Browser;
  let receiver: EventReceiver;

  beforeAll(async () => {
    [server, browser, receiver] = await Promise.all([
      startTestServer({ ALLOW_PRIVATE_URLS: 'false', URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1', WEBHOOK_POLL_MS: '50' }),
      launchBrowser(),
      EventReceiver.start(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once, lists its deliveries and sends one again', async () => {
    const { page, context, problems } = await openConsole(browser, server.url);
    await signIn(page, server.adminKey);
    await goTo(page, 'Webhooks');
    await page.getByText('No endpoint yet.').waitFor();

    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Container tags (comma-separated, empty for every tag)').fill(TAG);
    await form.getByRole('checkbox', { name: 'document.queued' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const dialog = page.getByRole('dialog');
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.secrets = [secret];
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Shown once: neither the page nor the API's list holds it afterwards.
    expect(await page.content()).not.toContain(secret);
    const card = page.getByRole('listitem').filter({ hasText: receiver.url });
    await expect.poll(() => card.innerText()).toContain('document.queued, document.done, document.failed');
    expect(await card.innerText()).toContain(`tags: ${TAG}`);

    const added = await server.request('POST', '/v3/documents', { body: { containerTag: TAG, content: 'A note the endpoint hears about.' } });
    const done = await waitFor(
      async () => receiver.delivered().find((e) => e.body.type === 'document.done' && e.body.data.id === added.body.id),
      30_000,
      'document.done at the receiver',
    );
    expect(done.verifiedWith).toEqual([secret]);

    await card.getByText('Deliveries').click();
    const rows = card.getByRole('table', { name: `Deliveries to ${receiver.url}` }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/document\.done\s+delivered\s+1\s+200/);
    expect(await rows.nth(1).innerText()).toMatch(/document\.queued\s+delivered\s+1\s+200/);

    await rows.nth(0).getByRole('button', { name: 'Send document.done again' }).click();
    await waitFor(async () => (receiver.delivered().filter((e) => e.id === done.id).length === 2 ? true : undefined), 30_000, 'the re-sent event');
    await expect.poll(() => rows.count()).toBe(3);

    await screenshot(page, 'console-webhooks');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
