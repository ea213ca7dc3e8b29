import { GoogleApiError, GoogleClient, toConnectorError } from '../google/http.js';
import { accessToken } from '../google/oauth.js';
import type { ConvertFile } from '../descriptor.js';
import type { GoogleOptions } from '../google/options.js';
import { PageBuilder } from '../pages.js';
import type { SourceItem, SyncPage, SyncRequest } from '../types.js';
import { parseMailConfig, type MailConfig } from './config.js';
import { listHistory, listThreads, profile, rawMessage, threadMessages, type GmailHistoryRecord } from './gmail-api.js';
import { threadItem } from './thread.js';

/** More threads changed than this since the last run: listing everything again is cheaper. */
export const MAX_PENDING_THREADS = 500;
/** Gmail takes messages up to 50 MB; bigger ones than this are not fetched. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
const HIDDEN_LABELS = new Set(['TRASH', 'SPAM']);

/**
 * The cursor, at most about 12 KB: the mailbox `historyId` incremental syncs start after; a full
 * listing under way (a threads page token and the thread ids done on that page, at most 100); the
 * threads the history named that are still to be fetched (at most MAX_PENDING_THREADS).
 */
export interface MailCursor {
  v: 1;
  historyId: string;
  listing: { pageToken: string | null; done: string[] } | null;
  pending: string[];
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function readCursor(raw: unknown): MailCursor | null {
  const c = raw as MailCursor | null;
  if (!c || typeof c !== 'object' || c.v !== 1 || typeof c.historyId !== 'string' || !strings(c.pending)) return null;
  const l = c.listing;
  if (l !== null && (typeof l !== 'object' || !(l.pageToken === null || typeof l.pageToken === 'string') || !strings(l.done))) return null;
  return structuredClone(c);
}

interface Run {
  gmail: GoogleClient;
  base: string;
  webUrl: string;
  config: MailConfig;
  convert: ConvertFile;
  out: PageBuilder;
  cursor: MailCursor;
}

/**
 * The first sync lists every thread; later ones read the mailbox history after the stored
 * historyId and fetch each thread it names again. A history too old for Gmail (404) starts a
 * full listing over, whose last page is `complete` so the engine drops threads gone meanwhile.
 */
export async function* syncMail(options: GoogleOptions, convert: ConvertFile, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseMailConfig(request.config);
  const out = new PageBuilder(request);
  const gmail = new GoogleClient(options, accessToken(request.credentials), request.signal);
  const base = options.endpoints.gmailUrl;
  try {
    const stored = readCursor(request.cursor);
    const run: Run = { gmail, base, webUrl: options.endpoints.mailWebUrl, config, convert, out, cursor: stored ?? (await startListing(gmail, base)) };
    let listingStartedHere = stored === null;
    if (!run.cursor.listing && run.cursor.pending.length === 0) {
      const named = await changedThreads(run);
      if (named === 'too-many') {
        run.cursor = await startListing(gmail, base);
        listingStartedHere = true;
      } else {
        run.cursor.pending = named.threads;
        run.cursor.historyId = named.historyId;
      }
    }
    if (run.cursor.listing) {
      const finished = yield* listAll(run);
      if (finished) run.cursor.listing = null;
      yield { ...out.take(run.cursor), ...(finished && listingStartedHere && { complete: true }) };
      return;
    }
    yield* refetchPending(run);
    yield out.take(run.cursor);
  } catch (err) {
    throw toConnectorError(err, request.signal);
  }
}

/** The mailbox's current historyId first, so nothing that arrives during the listing is missed. */
async function startListing(gmail: GoogleClient, base: string): Promise<MailCursor> {
  const { historyId } = await profile(gmail, base);
  return { v: 1, historyId, listing: { pageToken: null, done: [] }, pending: [] };
}

function threadIdsOf(record: GmailHistoryRecord): string[] {
  const refs = [
    ...(record.messages ?? []),
    ...(record.messagesAdded ?? []).map((m) => m.message),
    ...(record.messagesDeleted ?? []).map((m) => m.message),
    ...(record.labelsAdded ?? []).map((m) => m.message),
    ...(record.labelsRemoved ?? []).map((m) => m.message),
  ];
  return refs.map((m) => m?.threadId).filter((id): id is string => typeof id === 'string');
}

/** The threads the history names after the cursor, or `too-many` (also when Gmail no longer has that history). */
async function changedThreads(run: Run): Promise<{ threads: string[]; historyId: string } | 'too-many'> {
  const threads = new Set<string>();
  let historyId = run.cursor.historyId;
  let pageToken: string | null = null;
  do {
    let page: Awaited<ReturnType<typeof listHistory>>;
    try {
      page = await listHistory(run.gmail, run.base, run.cursor.historyId, pageToken);
    } catch (err) {
      // Gmail keeps about a week of history; an older startHistoryId is a 404.
      if (err instanceof GoogleApiError && err.status === 404) return 'too-many';
      throw err;
    }
    for (const record of page.history ?? []) for (const id of threadIdsOf(record)) threads.add(id);
    if (threads.size > MAX_PENDING_THREADS) return 'too-many';
    historyId = page.historyId ?? historyId;
    pageToken = page.nextPageToken ?? null;
  } while (pageToken);
  return { threads: [...threads], historyId };
}

/** The thread as a document, or null when it is gone, in the trash or spam, or outside the chosen labels. */
async function fetchThread(run: Run, threadId: string): Promise<SourceItem | null> {
  let thread: Awaited<ReturnType<typeof threadMessages>>;
  try {
    thread = await threadMessages(run.gmail, run.base, threadId);
  } catch (err) {
    if (err instanceof GoogleApiError && err.status === 404) return null;
    throw err;
  }
  const shown = (thread.messages ?? []).filter((m) => !(m.labelIds ?? []).some((l) => HIDDEN_LABELS.has(l)));
  const { labels } = run.config;
  if (shown.length === 0 || (labels.length > 0 && !shown.some((m) => (m.labelIds ?? []).some((l) => labels.includes(l))))) return null;
  const messages = [];
  // A raw message arrives whole in one JSON answer: past this size it is left out, and said so.
  const fitting = shown.filter((m) => (m.sizeEstimate ?? 0) <= MAX_MESSAGE_BYTES);
  for (const m of fitting) {
    messages.push({ id: m.id, raw: await rawMessage(run.gmail, run.base, m.id), internalDate: m.internalDate ? new Date(Number(m.internalDate)) : null });
  }
  return threadItem(threadId, messages, run.config, run.convert, run.webUrl, shown.length - fitting.length);
}

async function* listAll(run: Run): AsyncGenerator<SyncPage, true> {
  const listing = run.cursor.listing!;
  const labelIds = run.config.labels.length === 1 ? run.config.labels : [];
  for (;;) {
    const page = await listThreads(run.gmail, run.base, listing.pageToken, labelIds);
    for (const { id } of page.threads ?? []) {
      if (listing.done.includes(id)) continue;
      // A new thread past the documentLimit is passed over without downloading it.
      const item = run.out.wants(id) ? await fetchThread(run, id) : null;
      if (item) run.out.add(item);
      listing.done.push(id);
      if (run.out.full) yield run.out.take(run.cursor);
    }
    if (!page.nextPageToken) return true;
    listing.pageToken = page.nextPageToken;
    listing.done = [];
    yield run.out.take(run.cursor);
  }
}

async function* refetchPending(run: Run): AsyncGenerator<SyncPage> {
  const { pending } = run.cursor;
  while (pending.length > 0) {
    const id = pending[0]!;
    // A thread new to the connection past the documentLimit is passed over (its removal is harmless).
    const item = run.out.wants(id) ? await fetchThread(run, id) : null;
    if (item) run.out.add(item);
    else run.out.remove(id);
    pending.shift();
    if (run.out.full) yield run.out.take(run.cursor);
  }
}
