import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNotion, WORKSPACE } from '../../../test/fakes/notion/index.js';
import { notesConnector } from '../../../test/helpers/connectors.js';
import { WebhookReceiver } from '../../../test/helpers/webhook-receiver.js';
import type { Connector } from '../types.js';

let notion: FakeNotion;
let connector: Connector;
let receiver: WebhookReceiver;
const VERIFICATION_TOKEN = 'secret_notionVerificationToken0001';

beforeAll(async () => {
  notion = await FakeNotion.start();
  connector = notesConnector(notion);
  receiver = await WebhookReceiver.start(connector, VERIFICATION_TOKEN);
});
afterAll(async () => {
  await receiver.close();
  await notion.close();
});

describe('notes-workspace webhooks', () => {
  it('verifies X-Notion-Signature over the raw body: valid, wrong and missing', async () => {
    const page = notion.state.addPage({ title: 'Plans' });
    const valid = await notion.sendEvent(receiver.url, VERIFICATION_TOKEN, { type: 'page.content_updated', entity: page }, 'valid');
    const wrong = await notion.sendEvent(receiver.url, VERIFICATION_TOKEN, { type: 'page.content_updated', entity: page }, 'wrong');
    const missing = await notion.sendEvent(receiver.url, VERIFICATION_TOKEN, { type: 'page.deleted', entity: page }, 'missing');
    expect([valid.status, wrong.status, missing.status]).toEqual([202, 401, 401]);
    expect(receiver.received.map((r) => r.verified)).toEqual([true, false, false]);
    expect(receiver.received[0]!.described).toEqual({ deliveryId: valid.id, resource: page.id, event: 'page.content_updated', account: WORKSPACE.id });
  });

  it("reads the one-time verification token of a subscription's set-up, and nothing else as one", () => {
    const token = 'secret_abcdefghijklmnop0123';
    const read = (body: unknown, headers: Record<string, string> = {}) => connector.webhook!.verificationToken!(headers, Buffer.from(JSON.stringify(body)));
    expect(read({ verification_token: token })).toBe(token);
    expect(read({ verification_token: token }, { 'x-notion-signature': 'sha256=00' })).toBeNull();
    expect(read({ verification_token: token, type: 'page.created' })).toBeNull();
    expect(read({ verification_token: 42 })).toBeNull();
    expect(read({ verification_token: 'has spaces in it' })).toBeNull();
    expect(read([token])).toBeNull();
    expect(connector.webhook!.verificationToken!({}, Buffer.from('not json'))).toBeNull();
  });

  it('refuses a body changed after signing, and an empty secret', () => {
    const body = Buffer.from('{"id":"1","type":"page.created"}');
    const signature = `sha256=${createHmac('sha256', VERIFICATION_TOKEN).update(body).digest('hex')}`;
    expect(connector.webhook!.verify({ 'X-Notion-Signature': signature }, body, VERIFICATION_TOKEN)).toBe(true);
    expect(connector.webhook!.verify({ 'x-notion-signature': signature }, Buffer.from('{"id":"1","type":"page.deleted"}'), VERIFICATION_TOKEN)).toBe(false);
    expect(connector.webhook!.verify({ 'x-notion-signature': signature }, body, '')).toBe(false);
  });
});
