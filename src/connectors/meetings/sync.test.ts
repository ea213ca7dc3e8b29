import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeMeetings, type FakeMeeting } from '../../../test/fakes/meetings/index.js';
import { connectorFailure, deletionsOf, drain, itemsOf, lastCursor, syncRequest, textOf } from '../../../test/helpers/connectors.js';
import { connectorFor } from '../index.js';
import { ConnectorConfigError, type Connector, type SyncRequest } from '../types.js';
import { NEVER } from './index.js';

let fake: FakeMeetings;
let connector: Connector;
let apiKey: string;
let review: FakeMeeting;
let standup: FakeMeeting;

function meetings(retryBaseMs = 1, maxRateLimitWaitSeconds = 60): Connector {
  return connectorFor('meetings', {
    meetings: { apiUrl: fake.apiUrl },
    fetch: { allowPrivate: false, maxBytes: 5_000_000, timeoutMs: 5_000 },
    retryBaseMs,
    maxRateLimitWaitSeconds,
  })!;
}

function request(cursor: unknown = null, overrides: Partial<SyncRequest> = {}): SyncRequest {
  const config = connector.parseConfig({ apiKey });
  return syncRequest({ credentials: { config: { apiKey } }, config, cursor, now: () => fake.clock.now(), ...overrides });
}

beforeAll(async () => {
  fake = await FakeMeetings.start();
  apiKey = fake.apiKey();
  connector = meetings();
  const raisin = { name: 'Raisin Patel', email: 'raisin@meetings.example' };
  review = fake.addMeeting({
    title: 'Quarterly budget review',
    attendees: [fake.owner, raisin],
    folders: ['Finance'],
    summaryMarkdown: '### Decisions\n\n- Keep the budget flat.',
    transcript: [
      { source: 'microphone', text: 'Shall we start with the numbers?', at: 0 },
      { source: 'speaker', text: 'Revenue is up ten percent.', at: 12 },
      { source: 'speaker', diarizationLabel: 'Raisin', text: 'Costs are flat.', at: 30 },
    ],
  });
  fake.clock.advance(60);
  standup = fake.addMeeting({ title: 'Daily standup', summaryMarkdown: 'Nothing blocked.' });
  fake.clock.advance(60);
});
afterAll(() => fake.close());
beforeEach(() => fake.resetRequests());

describe('meetings connection', () => {
  it('takes an API key from metadata and keeps it out of the stored config', () => {
    const config = connector.parseConfig({ apiKey, maxMeetings: '50', note: 'team' });
    expect(config).toEqual({ maxMeetings: 50, note: 'team' });
    expect(JSON.stringify(config)).not.toContain(apiKey);
    for (const bad of [{}, { apiKey: '' }, { apiKey: 'has space in it' }, { apiKey: 42 }]) {
      expect(() => connector.parseConfig(bad)).toThrow(ConnectorConfigError);
    }
    expect(() => connector.parseConfig({})).toThrow(/metadata\.apiKey/);
  });

  it('is never scheduled: the next run is only ever a manual one', () => {
    expect(connector.nextRunAfter!(null)).toEqual(NEVER);
    expect(connector.nextRunAfter!({ v: 1 })!.getTime()).toBe(8.64e15);
    expect(connector.subscription).toBeUndefined();
    expect(connector.webhook).toBeUndefined();
  });

  it('answers a revoked key with auth_expired, without the key in the message', async () => {
    const revoked = fake.apiKey();
    fake.apiKeys.delete(revoked);
    const err = await connectorFailure(drain(connector.sync(request(null, { credentials: { config: { apiKey: revoked } } }))));
    expect(err.code).toBe('auth_expired');
    expect(err.message).not.toContain(revoked);
  });
});

describe('meetings sync', () => {
  let cursor: unknown;

  it('imports one document per meeting: when, who, the summary and the transcript', async () => {
    const pages = await drain(connector.sync(request()));
    const items = itemsOf(pages);
    expect(items.map((i) => i.title)).toEqual(['Daily standup', 'Quarterly budget review']);
    const item = items.find((i) => i.externalId === review.id)!;
    expect(item).toMatchObject({
      type: 'granola',
      filepath: '/Finance/Quarterly budget review',
      url: `https://notes.granola.ai/d/${review.id}`,
      metadata: { attendees: ['oat@meetings.example', 'raisin@meetings.example'], folders: ['Finance'] },
      body: { mediaType: 'text/markdown' },
    });
    const start = new Date(review.startMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const at = (s: number) => new Date(review.startMs + s * 1000).toISOString().slice(11, 19);
    expect(textOf(item)).toBe(
      `# Quarterly budget review\n\n- **When**: ${start} – ${new Date(review.endMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}\n` +
        '- **Attendees**: Oat Benson <oat@meetings.example>, Raisin Patel <raisin@meetings.example>\n- **Organiser**: oat@meetings.example\n\n' +
        '## Summary\n\n### Decisions\n\n- Keep the budget flat.\n\n## Transcript\n\n' +
        `**Oat Benson** (${at(0)}): Shall we start with the numbers?\n\n**Speaker** (${at(12)}): Revenue is up ten percent.\n\n**Raisin** (${at(30)}): Costs are flat.\n`,
    );
    expect(fake.requests.filter((r) => r.route === 'GET /v1/notes/{note_id}').every((r) => r.query.get('include') === 'transcript')).toBe(true);
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${apiKey}`)).toBe(true);
    cursor = lastCursor(pages);
  });

  it('reads again only the meeting that changed, and deletes the one gone at the source', async () => {
    fake.editMeeting(review, { summaryMarkdown: 'Budget raised by five percent.' });
    fake.deleteMeeting(standup);
    const added = fake.addMeeting({ title: 'Retro', transcript: [{ source: 'microphone', text: 'What went well?', at: 0 }] });
    fake.resetRequests();
    const pages = await drain(connector.sync(request(cursor)));
    expect(
      itemsOf(pages)
        .map((i) => i.externalId)
        .sort(),
    ).toEqual([added.id, review.id].sort());
    expect(textOf(itemsOf(pages).find((i) => i.externalId === review.id)!)).toContain('Budget raised by five percent.');
    expect(deletionsOf(pages)).toEqual([standup.id]);
    expect(fake.count('GET /v1/notes/{note_id}', 200)).toBe(2);
    expect(fake.count('GET /v1/notes/{note_id}', 404)).toBe(1);
    const again = await drain(connector.sync(request(lastCursor(pages))));
    expect([itemsOf(again), deletionsOf(again)]).toEqual([[], []]);
  });

  it('pages through the list (30 a request) and resumes from the cursor of any page', async () => {
    for (let i = 0; i < 65; i++) {
      fake.addMeeting({ title: `One-on-one ${i}` });
      fake.clock.advance(1);
    }
    fake.resetRequests();
    const pages = await drain(connector.sync(request()));
    const all = itemsOf(pages)
      .map((i) => i.externalId)
      .sort();
    expect(all).toHaveLength(67);
    expect(fake.count('GET /v1/notes')).toBe(3);
    expect(fake.requests.find((r) => r.route === 'GET /v1/notes')!.query.get('page_size')).toBe('30');
    for (const k of [0, 1, pages.length - 2]) {
      const rest = await drain(connector.sync(request(pages[k]!.cursor)));
      expect([...itemsOf(pages.slice(0, k + 1)), ...itemsOf(rest)].map((i) => i.externalId).sort()).toEqual(all);
    }
  });

  it('stops at maxItems and bounds imports by maxMeetings', async () => {
    const first = await drain(connector.sync(request(null, { maxItems: 5 })));
    expect(itemsOf(first)).toHaveLength(5);
    const next = await drain(connector.sync(request(lastCursor(first), { maxItems: 5 })));
    expect(new Set([...itemsOf(first), ...itemsOf(next)].map((i) => i.externalId)).size).toBe(10);
    const bounded = await drain(connector.sync(request(null, { config: connector.parseConfig({ apiKey, maxMeetings: 3 }) })));
    expect(itemsOf(bounded)).toHaveLength(3);
  });

  it('waits out a short 429 and ends the run as rate_limited when the wait is long', async () => {
    fake.rateLimit({ retryAfterSeconds: 1, match: 'GET /v1/notes' });
    const started = Date.now();
    expect(itemsOf(await drain(meetings(1000).sync(request(null, { maxItems: 1 }))))).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.count('GET /v1/notes', 429)).toBe(1);

    fake.rateLimit({ retryAfterSeconds: 120, match: 'GET /v1/notes/{note_id}' });
    expect(await connectorFailure(drain(meetings(1, 30).sync(request())))).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
  });

  it('gives provider_unavailable after repeated server errors', async () => {
    fake.failWith({ status: 500, times: 4, match: 'GET /v1/notes' });
    expect((await connectorFailure(drain(connector.sync(request())))).code).toBe('provider_unavailable');
  });
});
