import { randomBytes } from 'node:crypto';
import { bearerToken, FakeHttpServer, matchPath, type FakeHttpReply, type FakeHttpRequest, type FakeMatch } from '../fake-server.js';

export interface Person {
  name: string | null;
  email: string;
}

export interface Utterance {
  /** `microphone`: the note's owner; `speaker`: the others, from the computer's audio. */
  source: 'microphone' | 'speaker';
  diarizationLabel?: string;
  text: string;
  /** Seconds from the meeting's start. */
  at: number;
}

export interface FakeMeeting {
  id: string;
  title: string | null;
  owner: Person;
  attendees: Person[];
  folders: string[];
  startMs: number;
  endMs: number;
  summaryMarkdown: string | null;
  transcript: Utterance[];
  createdMs: number;
  updatedMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A local meeting-notes API modelled on Granola's public API (`/v1/notes`): a bearer API key,
 * notes listed newest first with `page_size` (1–30, default 10) and an opaque `cursor`, one note with
 * its summary, attendees and calendar event, and its transcript with `include=transcript`.
 */
export class FakeMeetings {
  readonly http = new FakeHttpServer();
  readonly clock = this.http.clock;
  readonly notes = new Map<string, FakeMeeting>();
  readonly apiKeys = new Set<string>();
  readonly owner: Person = { name: 'Oat Benson', email: 'oat@meetings.example' };

  static async start(): Promise<FakeMeetings> {
    const fake = new FakeMeetings();
    await fake.http.listen(
      (req) => fake.route(req),
      (route) => route !== null,
    );
    return fake;
  }

  /** `https://public-api.granola.ai`. */
  get apiUrl(): string {
    return this.http.origin;
  }

  get requests() {
    return this.http.requests;
  }

  count(route: string, status?: number): number {
    return this.http.count(route, status);
  }

  resetRequests(): void {
    this.http.resetRequests();
  }

  apiKey(): string {
    const key = `grn_${randomBytes(18).toString('hex')}`;
    this.apiKeys.add(key);
    return key;
  }

  addMeeting(fields: Partial<Omit<FakeMeeting, 'id' | 'createdMs' | 'updatedMs'>> & { title: string }): FakeMeeting {
    const now = this.clock.nowMs();
    const id = `not_${Array.from(randomBytes(14), (b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
    const meeting: FakeMeeting = {
      owner: this.owner,
      attendees: [this.owner],
      folders: [],
      startMs: now - 3_600_000,
      endMs: now,
      summaryMarkdown: null,
      transcript: [],
      ...fields,
      id,
      createdMs: now,
      updatedMs: now,
    };
    this.notes.set(id, meeting);
    return meeting;
  }

  editMeeting(meeting: FakeMeeting, change: Partial<Omit<FakeMeeting, 'id' | 'createdMs' | 'updatedMs'>>): void {
    Object.assign(meeting, change);
    meeting.updatedMs = this.clock.nowMs();
  }

  deleteMeeting(meeting: FakeMeeting): void {
    this.notes.delete(meeting.id);
  }

  /** The next matching requests get 429 with Retry-After. */
  rateLimit(options: { retryAfterSeconds?: number; times?: number; match?: FakeMatch } = {}): void {
    this.http.arm(() => ({ status: 429, headers: { 'retry-after': String(options.retryAfterSeconds ?? 1) }, json: { message: 'Too Many Requests' } }), options);
  }

  failWith(options: { status: number; times?: number; match?: FakeMatch }): void {
    this.http.arm(() => ({ status: options.status, json: { message: 'Internal Server Error' } }), options);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private route(req: FakeHttpRequest): { route: string | null; reply: FakeHttpReply } {
    const key = bearerToken(req);
    if (!key || !this.apiKeys.has(key)) return { route: null, reply: { status: 401, json: { message: 'Unauthorized - Invalid API key' } } };
    if (req.method === 'GET' && req.path === '/v1/notes') return { route: 'GET /v1/notes', reply: this.list(req.query) };
    const params = matchPath('/v1/notes/{note_id}', req.path);
    if (req.method === 'GET' && params) return { route: 'GET /v1/notes/{note_id}', reply: this.note(params.note_id!, req.query.get('include')) };
    return { route: null, reply: { status: 404, json: { message: 'Not found' } } };
  }

  private list(query: URLSearchParams): FakeHttpReply {
    const size = query.has('page_size') ? Number(query.get('page_size')) : 10;
    if (!Number.isInteger(size) || size < 1 || size > 30) return { status: 400, json: { message: 'page_size must be between 1 and 30' } };
    const bound = (name: string) => (query.has(name) ? Date.parse(query.get(name)!) : undefined);
    const [createdAfter, createdBefore, updatedAfter] = [bound('created_after'), bound('created_before'), bound('updated_after')];
    const all = [...this.notes.values()]
      .filter((n) => (createdAfter === undefined || n.createdMs > createdAfter) && (createdBefore === undefined || n.createdMs < createdBefore))
      .filter((n) => updatedAfter === undefined || n.updatedMs > updatedAfter)
      .sort((a, b) => b.createdMs - a.createdMs || a.id.localeCompare(b.id));
    let start = 0;
    const cursor = query.get('cursor');
    if (cursor) {
      // The cursor names the last note of the previous page by its creation time and id.
      let after: { c: number; id: string };
      try {
        after = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
      } catch {
        return { status: 400, json: { message: 'Invalid cursor' } };
      }
      start = all.findIndex((n) => n.createdMs < after.c || (n.createdMs === after.c && n.id > after.id));
      if (start < 0) start = all.length;
    }
    const page = all.slice(start, start + size);
    const hasMore = start + size < all.length;
    const last = page.at(-1);
    return {
      status: 200,
      json: {
        notes: page.map((n) => ({ id: n.id, object: 'note', title: n.title, owner: n.owner, created_at: iso(n.createdMs), updated_at: iso(n.updatedMs) })),
        hasMore,
        cursor: hasMore && last ? Buffer.from(JSON.stringify({ c: last.createdMs, id: last.id })).toString('base64') : null,
      },
    };
  }

  private note(id: string, include: string | null): FakeHttpReply {
    const n = this.notes.get(id);
    if (!/^not_[a-zA-Z0-9]{14}$/.test(id)) return { status: 400, json: { message: 'Invalid note ID' } };
    if (!n) return { status: 404, json: { message: 'Not found' } };
    const json: Record<string, unknown> = {
      id: n.id,
      object: 'note',
      title: n.title,
      owner: n.owner,
      created_at: iso(n.createdMs),
      updated_at: iso(n.updatedMs),
      web_url: `https://notes.granola.ai/d/${n.id}`,
      calendar_event: {
        event_title: n.title,
        invitees: n.attendees.filter((a) => a.email !== n.owner.email).map((a) => ({ email: a.email })),
        organiser: n.owner.email,
        calendar_event_id: `${n.id.slice(4)}_${iso(n.startMs).replace(/[-:]/g, '')}`,
        scheduled_start_time: iso(n.startMs),
        scheduled_end_time: iso(n.endMs),
      },
      attendees: n.attendees,
      folder_membership: n.folders.map((name, i) => ({ id: `fol_${String(i).padStart(14, '0')}`, object: 'folder', name })),
      summary_text: n.summaryMarkdown?.replace(/[#*_`]/g, '') ?? null,
      summary_markdown: n.summaryMarkdown,
    };
    if (include === 'transcript') {
      json.transcript = n.transcript.map((u) => ({
        speaker: { source: u.source, ...(u.diarizationLabel && { diarization_label: u.diarizationLabel }) },
        text: u.text,
        start_time: iso(n.startMs + u.at * 1000),
        end_time: iso(n.startMs + (u.at + 5) * 1000),
      }));
    }
    return { status: 200, json };
  }
}
