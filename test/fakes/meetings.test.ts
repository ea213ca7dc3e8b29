import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMeetings } from './meetings/index.js';
import { ERROR, NOTE, NOTE_LIST } from './meetings/reference.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
formats.default(ajv);
const conforms = (schema: object, body: unknown) => {
  const validate = ajv.compile(schema);
  expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
};

let fake: FakeMeetings;
let key: string;

beforeAll(async () => {
  fake = await FakeMeetings.start();
  key = fake.apiKey();
  for (let i = 0; i < 12; i++) {
    fake.clock.advance(60);
    fake.addMeeting({
      title: `Weekly sync ${i}`,
      folders: i % 2 ? ['Team'] : [],
      summaryMarkdown: `## Decisions\n\nShip release ${i}.`,
      transcript: [
        { source: 'microphone', text: 'Shall we start?', at: 0 },
        { source: 'speaker', diarizationLabel: 'Speaker B', text: 'Yes.', at: 4 },
      ],
    });
  }
});
afterAll(() => fake.close());

async function get(path: string, apiKey: string | null = key): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${fake.apiUrl}${path}`, { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });
  return { status: response.status, body: await response.json() };
}

describe('the meetings fake against the published reference of its API', () => {
  it('lists notes newest first in pages of page_size (default 10), each answer as the reference describes it', async () => {
    const first = await get('/v1/notes');
    expect(first.status).toBe(200);
    conforms(NOTE_LIST, first.body);
    const page = first.body as { notes: { id: string; created_at: string }[]; hasMore: boolean; cursor: string };
    expect(page.notes).toHaveLength(10);
    expect(page.hasMore).toBe(true);
    const times = page.notes.map((n) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await get(`/v1/notes?page_size=10&cursor=${encodeURIComponent(page.cursor)}`);
    conforms(NOTE_LIST, second.body);
    const rest = second.body as { notes: { id: string }[]; hasMore: boolean; cursor: string | null };
    expect(rest).toMatchObject({ hasMore: false, cursor: null });
    expect(new Set([...page.notes, ...rest.notes].map((n) => n.id)).size).toBe(12);
  });

  it('refuses a page_size outside 1–30, a malformed note id and a missing or unknown key, with the error body', async () => {
    for (const size of ['0', '31', 'ten']) {
      const refused = await get(`/v1/notes?page_size=${size}`);
      expect(refused.status).toBe(400);
      conforms(ERROR, refused.body);
    }
    expect((await get('/v1/notes?page_size=30')).status).toBe(200);
    const malformed = await get('/v1/notes/not_short');
    expect(malformed.status).toBe(400);
    conforms(ERROR, malformed.body);
    const unknown = await get('/v1/notes/not_AAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    conforms(ERROR, unknown.body);
    for (const bad of [null, 'grn_not-a-key']) {
      const refused = await get('/v1/notes', bad);
      expect(refused.status).toBe(401);
      conforms(ERROR, refused.body);
    }
  });

  it('answers one note with its summary, attendees, calendar event and folders, and its transcript only when asked', async () => {
    const [meeting] = [...fake.notes.values()];
    const plain = await get(`/v1/notes/${meeting!.id}`);
    expect(plain.status).toBe(200);
    conforms(NOTE, plain.body);
    expect(plain.body).not.toHaveProperty('transcript');
    const withTranscript = await get(`/v1/notes/${meeting!.id}?include=transcript`);
    conforms(NOTE, withTranscript.body);
    expect((withTranscript.body as { transcript: { speaker: { source: string } }[] }).transcript.map((u) => u.speaker.source)).toEqual([
      'microphone',
      'speaker',
    ]);
  });
});
