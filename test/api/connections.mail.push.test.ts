import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../fakes/google/index.js';
import { connectKind, importNow, startGoogleServer, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { waitFor, type TestServer } from '../helpers/server.js';

const TOPIC = 'projects/engram-test/topics/gmail-push';
const PUSH_TOKEN = 'pubsub-push-token-0123456789';

let google: FakeGoogle;
let server: TestServer;
let pushUrl: string;

beforeAll(async () => {
  google = await FakeGoogle.start();
  server = await startGoogleServer(google, 'mail', { GMAIL_PUSH_TOPIC: TOPIC, GMAIL_PUSH_TOKEN: PUSH_TOKEN });
  pushUrl = `${server.url}/v3/connections/webhooks/mail`;
  // The operator's one push subscription on the topic, for every mailbox.
  google.gmail.pushSubscription = { endpoint: pushUrl, token: PUSH_TOKEN, name: 'projects/engram-test/subscriptions/engram' };
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** A Pub/Sub push as the subscription sends it, for any mailbox. */
function pubsubPush(emailAddress: string, options: { token?: string; messageId?: string } = {}) {
  const data = Buffer.from(JSON.stringify({ emailAddress, historyId: '999999' })).toString('base64');
  const messageId = options.messageId ?? String(Date.now());
  const url = new URL(pushUrl);
  if (options.token !== undefined) url.searchParams.set('token', options.token);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: { data, messageId, publishTime: new Date().toISOString() }, subscription: 'projects/engram-test/subscriptions/engram' }),
  });
}

const answer = async (res: Response) => ({ status: res.status, body: await res.json(), headers: res.headers });

const runCount = async (id: string) => (await server.request('GET', `/v3/connections/${id}/sync-runs`)).body.length as number;

describe('mail push through the kind-wide Pub/Sub endpoint', () => {
  let id: string;

  it('watches the mailbox on the operator topic after the first sync', async () => {
    google.gmail.mailbox.addMessage({ from: 'grace@example.com', to: ['ada@example.com'], subject: 'Hello', text: 'First.' });
    id = await connectKind(server, 'gmail', 'push_mail');
    await waitForRuns(server, id, 1);
    await waitForSourceDocuments(server, 'mail', 'push_mail', 1);
    await waitFor(async () => (google.gmail.watch ? true : undefined));
    expect(google.gmail.watchRequests.at(-1)).toMatchObject({ topicName: TOPIC });
  });

  it('a push with the shared token queues an event sync of the mailbox, once per Pub/Sub message', async () => {
    google.gmail.mailbox.addMessage({ from: 'alan@example.com', to: ['ada@example.com'], subject: 'Pushed', text: 'Second.' });
    const delivery = await google.gmail.push();
    expect(delivery.status).toBe(202);
    const [run] = await waitForRuns(server, id, 2);
    expect(run).toMatchObject({ triggerType: 'event', status: 'completed', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'mail', 'push_mail', 2);

    // Pub/Sub redelivers the same message id: nothing more happens.
    const again = await fetch(delivery.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(delivery.body) });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ accepted: true, duplicate: true });
    expect(await runCount(id)).toBe(2);
  });

  it('refuses a push with a wrong or missing token (401) and queues nothing', async () => {
    const before = await runCount(id);
    for (const token of ['wrong', 'missing'] as const) {
      const delivery = await google.gmail.push({ token });
      expect(delivery.status).toBe(401);
    }
    expectError(await answer(await pubsubPush('ada@example.com', { token: `${PUSH_TOKEN}x` })), 401);
    expectError(await answer(await pubsubPush('ada@example.com')), 401);
    // A push is answered after its sync is queued: a refused one left no job behind.
    expect((await syncJobsOf(server, id)).filter((j) => j.status === 'queued' || j.status === 'running')).toEqual([]);
    expect(await runCount(id)).toBe(before);
  });

  it('answers a token given twice 400 naming it, and queues nothing', async () => {
    const before = await runCount(id);
    const url = new URL(pushUrl);
    url.searchParams.append('token', PUSH_TOKEN);
    url.searchParams.append('token', 'b');
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expectError(await answer(res), 400, /querystring\.token: given more than once/);
    expect(await runCount(id)).toBe(before);
  });

  it('acknowledges a push for a mailbox no connection has, doing nothing', async () => {
    const before = await runCount(id);
    const res = await pubsubPush('someone-else@example.org', { token: PUSH_TOKEN });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true, duplicate: false });
    expect(await runCount(id)).toBe(before);
  });

  it('routes a push to every active connection of the mailbox, matching the address in any case', async () => {
    const other = await connectKind(server, 'gmail', 'push_mail_two');
    await waitForRuns(server, other, 1);
    const [ownBefore, otherBefore] = [await runCount(id), await runCount(other)];
    const res = await pubsubPush('Ada@Example.com', { token: PUSH_TOKEN });
    expect(res.status).toBe(202);
    await waitForRuns(server, id, ownBefore + 1);
    const [latest] = await waitForRuns(server, other, otherBefore + 1);
    expect(latest!.triggerType).toBe('event');
  });

  it('has no per-connection receiver for mail', async () => {
    const res = await fetch(`${server.url}/v3/connections/webhooks/mail/${id}?token=${PUSH_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expectError(await answer(res), 404);
  });

  it('a manual import still works beside the pushes', async () => {
    const before = await runCount(id);
    await importNow(server, 'gmail', 'push_mail');
    const [run] = await waitForRuns(server, id, before + 1);
    expect(run!.triggerType).toBe('manual');
  });
});
