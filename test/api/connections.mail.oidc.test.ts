import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle, type IdTokenMode } from '../fakes/google/index.js';
import { connectKind, startGoogleServer, syncJobsOf, waitForRuns, waitForSourceDocuments } from '../helpers/connections.js';
import { expectError } from '../helpers/errors.js';
import { waitFor, type TestServer } from '../helpers/server.js';

const TOPIC = 'projects/engram-test/topics/gmail-push';
const PUSH_TOKEN = 'pubsub-push-token-0123456789';
const SERVICE_ACCOUNT = 'gmail-push@engram-test.iam.gserviceaccount.com';
/** What the push subscription's `--push-auth-token-audience` is set to (the public address behind a proxy, say). */
const AUDIENCE = 'https://engram.example.com/v3/connections/webhooks/mail';
const SUBSCRIPTION = 'projects/engram-test/subscriptions/engram';
const BAD_ID_TOKENS: IdTokenMode[] = ['missing', 'forged', 'expired', 'other-audience', 'other-service-account', 'unverified-email'];

interface Setup {
  google: FakeGoogle;
  server: TestServer;
  pushUrl: string;
  connectionId: string;
}

/** A server whose mail push is authenticated with the OIDC pair (and the token too, when given), with one mail connection watching. */
async function setUp(tag: string, env: Record<string, string>): Promise<Setup> {
  const google = await FakeGoogle.start();
  const server = await startGoogleServer(google, 'mail', {
    GMAIL_PUSH_TOPIC: TOPIC,
    GMAIL_PUSH_AUDIENCE: AUDIENCE,
    GMAIL_PUSH_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
    ...env,
  }).catch(async (err: unknown) => {
    await google.close();
    throw err;
  });
  const pushUrl = `${server.url}/v3/connections/webhooks/mail`;
  google.gmail.mailbox.addMessage({ from: 'grace@example.com', to: ['ada@example.com'], subject: 'Hello', text: 'First.' });
  const connectionId = await connectKind(server, 'gmail', tag);
  await waitForRuns(server, connectionId, 1);
  await waitFor(async () => (google.gmail.watch ? true : undefined));
  return { google, server, pushUrl, connectionId };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  await setup?.server.close();
  await setup?.google.close();
}

const runCount = async ({ server, connectionId }: Setup) => (await server.request('GET', `/v3/connections/${connectionId}/sync-runs`)).body.length as number;

/** A refused push left no job behind and no run. */
async function expectNothingQueued(setup: Setup, runsBefore: number): Promise<void> {
  expect((await syncJobsOf(setup.server, setup.connectionId)).filter((j) => j.status === 'queued' || j.status === 'running')).toEqual([]);
  expect(await runCount(setup)).toBe(runsBefore);
}

describe("mail push proven by Pub/Sub's OIDC token alone", () => {
  let setup: Setup;

  beforeAll(async () => {
    setup = await setUp('oidc_mail', {});
    setup.google.gmail.pushSubscription = { endpoint: setup.pushUrl, name: SUBSCRIPTION, oidc: { serviceAccountEmail: SERVICE_ACCOUNT, audience: AUDIENCE } };
  });
  afterAll(() => tearDown(setup));

  it('a push with a Google-signed ID token queues an event sync of the mailbox', async () => {
    const { google, server, connectionId } = setup;
    google.gmail.mailbox.addMessage({ from: 'alan@example.com', to: ['ada@example.com'], subject: 'Pushed', text: 'Second.' });
    const delivery = await google.gmail.push();
    expect(delivery.url).not.toMatch(/token=/);
    expect(delivery.status).toBe(202);
    const [run] = await waitForRuns(server, connectionId, 2);
    expect(run).toMatchObject({ triggerType: 'event', status: 'completed', itemsProcessed: 1 });
    await waitForSourceDocuments(server, 'mail', 'oidc_mail', 2);
    expect(setup.google.count('GET /oauth2/v3/certs')).toBeGreaterThan(0);
  });

  it('refuses a push without an ID token, or with a forged, expired, misaddressed or unverified one (401), and queues nothing', async () => {
    const before = await runCount(setup);
    for (const idToken of BAD_ID_TOKENS) {
      const delivery = await setup.google.gmail.push({ idToken });
      expect(delivery.status, idToken).toBe(401);
    }
    await expectNothingQueued(setup, before);
  });

  it('answers a refused push with the error shape, whatever the shared token says', async () => {
    const forged = await setup.google.idTokens.sign({ serviceAccountEmail: SERVICE_ACCOUNT, audience: AUDIENCE }, 'forged');
    const res = await fetch(`${setup.pushUrl}?token=${PUSH_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` },
      body: JSON.stringify({ message: { data: '', messageId: '1' }, subscription: SUBSCRIPTION }),
    });
    expectError({ status: res.status, body: await res.json(), headers: res.headers }, 401, /ID token/);
  });
});

describe('mail push with both the shared token and the OIDC token configured', () => {
  let setup: Setup;

  beforeAll(async () => {
    setup = await setUp('both_mail', { GMAIL_PUSH_TOKEN: PUSH_TOKEN });
    setup.google.gmail.pushSubscription = {
      endpoint: setup.pushUrl,
      name: SUBSCRIPTION,
      token: PUSH_TOKEN,
      oidc: { serviceAccountEmail: SERVICE_ACCOUNT, audience: AUDIENCE },
    };
  });
  afterAll(() => tearDown(setup));

  it('accepts a push carrying both', async () => {
    const delivery = await setup.google.gmail.push();
    expect(delivery.status).toBe(202);
    const [run] = await waitForRuns(setup.server, setup.connectionId, 2);
    expect(run).toMatchObject({ triggerType: 'event', status: 'completed' });
  });

  it('refuses a push missing either, or with either wrong, and queues nothing', async () => {
    const before = await runCount(setup);
    for (const proof of [{ idToken: 'missing' }, { token: 'missing' }, { token: 'wrong' }, { idToken: 'forged' }] as const) {
      const delivery = await setup.google.gmail.push(proof);
      expect(delivery.status, JSON.stringify(proof)).toBe(401);
    }
    await expectNothingQueued(setup, before);
  });
});
