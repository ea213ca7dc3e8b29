import { ProviderHttp, type ProviderSettings } from '../provider-http.js';

export interface MeetingsOptions {
  /** The meeting-notes API host, e.g. `https://public-api.granola.ai`. */
  apiUrl: string;
  http: ProviderSettings;
}

export const GRANOLA_DEFAULTS = { apiUrl: 'https://public-api.granola.ai' } as const;
export const PROVIDER = 'the meeting notes service';
/** The largest page the list allows. */
const PAGE_SIZE = 30;

export interface Person {
  name?: string | null;
  email?: string | null;
}

export interface NoteSummary {
  id: string;
  title: string | null;
  created_at: string;
  updated_at?: string;
}

export interface Note extends NoteSummary {
  owner?: Person;
  web_url?: string;
  calendar_event?: { organiser?: string; calendar_event_id?: string; scheduled_start_time?: string; scheduled_end_time?: string } | null;
  attendees?: Person[] | null;
  folder_membership?: { name?: string }[] | null;
  summary_text?: string | null;
  summary_markdown?: string | null;
  transcript?: { speaker?: { source?: string; diarization_label?: string }; text?: string; start_time?: string }[] | null;
}

/** The notes API with one API key (a bearer token). */
export class MeetingsClient {
  private readonly http: ProviderHttp;
  private readonly base: string;

  constructor(
    options: MeetingsOptions,
    private readonly apiKey: string,
    signal: AbortSignal,
  ) {
    this.http = new ProviderHttp({ ...options.http, provider: PROVIDER }, signal);
    this.base = `${options.apiUrl.replace(/\/+$/, '')}/v1`;
  }

  async list(cursor: string | null): Promise<{ notes: NoteSummary[]; hasMore: boolean; cursor: string | null }> {
    const query = new URLSearchParams({ page_size: String(PAGE_SIZE), ...(cursor && { cursor }) });
    return (await this.http.request(`${this.base}/notes?${query}`, { headers: this.headers() })).json();
  }

  /** The note with its transcript, or null when it is gone. */
  async note(id: string): Promise<Note | null> {
    const answer = await this.http.request(`${this.base}/notes/${encodeURIComponent(id)}?include=transcript`, { headers: this.headers(), allow: [404] });
    return answer.status === 404 ? null : answer.json<Note>();
  }

  private headers(): Record<string, string> {
    return { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' };
  }
}
