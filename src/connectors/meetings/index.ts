import { z } from 'zod';
import { integerField } from '../config-fields.js';
import { defineConnector } from '../descriptor.js';
import { listingSync, readListingCursor, type ListingSource } from '../listing.js';
import { PageBuilder } from '../pages.js';
import { guardedSync, providerSettings } from '../provider-http.js';
import { ConnectorConfigError, ConnectorError, type Connector, type SyncPage, type SyncRequest } from '../types.js';
import { GRANOLA_DEFAULTS, MeetingsClient, PROVIDER, type MeetingsOptions, type NoteSummary } from './api.js';
import { meetingItem } from './items.js';

export { GRANOLA_DEFAULTS, type MeetingsOptions } from './api.js';

/** The latest representable time: the scheduler never gets there, so meetings sync only when asked. */
export const NEVER = new Date(8.64e15);
const API_KEY = /^[\x21-\x7e]{8,512}$/;
const KINDS = ['n'] as const;

/**
 * `metadata.apiKey` is a credential: it is checked here but left out of the returned config, so it
 * is never shown with the connection. The engine keeps it sealed and passes it back as
 * `credentials: { config: { apiKey } }`.
 */
function parseMeetingsConfig(metadata: Record<string, unknown>): Record<string, unknown> {
  if (typeof metadata.apiKey !== 'string' || !API_KEY.test(metadata.apiKey)) {
    throw new ConnectorConfigError('metadata.apiKey', 'is required: the API key of the meeting notes account (8 to 512 visible characters)');
  }
  const { apiKey: _secret, ...rest } = metadata;
  return { ...rest, maxMeetings: integerField(metadata, 'maxMeetings', { min: 1, max: 10_000, fallback: 1_000 }) };
}

function apiKeyOf(request: SyncRequest): string {
  const fromCredentials = 'config' in request.credentials ? request.credentials.config.apiKey : undefined;
  const key = fromCredentials ?? request.config.apiKey;
  if (typeof key !== 'string' || key === '') throw new ConnectorError('auth_expired', `the connection has no ${PROVIDER} API key`);
  return key;
}

/**
 * Each (manual) run lists every note, 30 a request, and reads with its transcript each one whose
 * `updated_at` moved; notes the list no longer shows are asked for and deleted when gone.
 */
async function* syncMeetings(options: MeetingsOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const maxMeetings = integerField(request.config, 'maxMeetings', { min: 1, max: 10_000, fallback: 1_000 });
  const api = new MeetingsClient(options, apiKeyOf(request), request.signal);
  const source: ListingSource<NoteSummary, 'n'> = {
    async page(start) {
      const list = await api.list(start);
      return { results: list.notes, next: list.hasMore ? list.cursor : null };
    },
    describe: async (note) => ({ id: note.id, kind: 'n', marker: note.updated_at ?? note.created_at, gone: false, settled: true }),
    read: async (summary) => {
      const note = await api.note(summary.id);
      return note && meetingItem(note);
    },
    exists: async (id) => (await api.note(id)) !== null,
  };
  yield* listingSync(source, readListingCursor(request.cursor, KINDS), new PageBuilder(request), maxMeetings);
}

/** Meeting notes (Granola's public API): one document per meeting, synced only when asked. */
export function meetingsConnector(options: MeetingsOptions): Connector {
  return {
    kind: 'meetings',
    auth: 'credentials',
    parseConfig: parseMeetingsConfig,
    sync: (request) => guardedSync(syncMeetings(options, request), request.signal, PROVIDER),
    nextRunAfter: () => NEVER,
  };
}

export const meetingsDescriptor = defineConnector({
  kind: 'meetings',
  aliases: ['granola'],
  auth: 'credentials',
  credentialFields: ['apiKey'],
  scheduled: false,
  env: z.object({
    /** The meeting notes API (its key is each connection's own). */
    MEETINGS_API_URL: z.string().url().default(GRANOLA_DEFAULTS.apiUrl),
  }),
  optionsFrom: (env) => ({ meetings: { apiUrl: env.MEETINGS_API_URL } }),
  create: (context) => meetingsConnector({ ...(context.options.meetings ?? GRANOLA_DEFAULTS), http: providerSettings(context) }),
});
