import { GoogleApiError, GoogleClient, toConnectorError } from '../google/http.js';
import { accessToken } from '../google/oauth.js';
import type { ConvertFile } from '../descriptor.js';
import type { GoogleOptions } from '../google/options.js';
import { PageBuilder } from '../pages.js';
import type { SourceItem, SyncPage, SyncRequest } from '../types.js';
import { parseMailConfig, type MailConfig } from './config.js';
import { listHistory, listThreads, profile, rawMessage, threadMessages, type GmailHistoryRecord } from './gmail-api.js';
import { threadItem, threadVersion } from './thread.js';

/**
 * Threads the history names that are held in the cursor at once: the history is read up to this
 * many (and the rest of its page), they are fetched, then the history is read on from where it stopped.
 */
export const MAX_PENDING_THREADS = 500;
/** Gmail takes messages up to 50 MB; bigger ones than this are not fetched. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
const HIDDEN_LABELS = new Set(['TRASH', 'SPAM']);

/**
 * The cursor, at most about 25 KB: the mailbox `historyId` incremental syncs start after; a full
 * listing under way (a threads page token and the thread ids done on that page, at most 100); the
 * threads the history named that are still to be fetched (MAX_PENDING_THREADS and one history
 * page's worth at most), and the history page to read on from once they are (`historyPage`).
 */
export interface MailCursor {
  v: 1;
  historyId: string;
  listing: { pageToken: string | null; done: string[] } | null;
  pending: string[];
  historyPage?: string | null;
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function readCursor(raw: unknown): MailCursor | null {
  const c = raw as MailCursor | null;
  if (!c || typeof c !== 'object' || c.v !== 1 || typeof c.historyId !== 'string' || !strings(c.pending)) return null;
  if (c.historyPage !== undefined && c.historyPage !== null && typeof c.historyPage !== 'string') return null;
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
 * historyId, MAX_PENDING_THREADS threads at a time, and look again at each thread a change of
 * membership names (a message added or deleted; a label that moves it in or out of what is synced:
 * trash, spam, the chosen labels). A thread is downloaded only when its messages changed (its
 * version). A history too old for Gmail (404) starts a full listing over, whose last page is
 * `complete` so the engine drops threads gone meanwhile.
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
    let readHistory = !run.cursor.listing && run.cursor.pending.length === 0;
    for (;;) {
      if (readHistory) {
        const named = await changedThreads(run);
        if (named === 'history-lapsed') {
          run.cursor = await startListing(gmail, base);
          listingStartedHere = true;
        } else run.cursor = { ...run.cursor, ...named };
      }
      if (run.cursor.listing) {
        const finished = yield* listAll(run);
        if (finished) run.cursor.listing = null;
        yield { ...out.take(run.cursor), ...(finished && listingStartedHere && { complete: true }) };
        return;
      }
      yield* refetchPending(run);
      if (!run.cursor.historyPage) break;
      // The history named more threads than the cursor holds: read on from where it stopped.
      yield out.take(run.cursor);
      readHistory = true;
    }
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

/**
 * The threads a history record moves or changes: messages added or deleted, and labels added or
 * removed that decide what is synced (`membership`: trash, spam and the chosen labels). Other label
 * changes (read, starred, important, categories) change nothing of a thread's document. The
 * record's `messages` list repeats every message of the record whatever changed, so it is not read.
 */
function threadIdsOf(record: GmailHistoryRecord, membership: ReadonlySet<string>): string[] {
  const moving = (change: { labelIds?: string[] }) => (change.labelIds ?? []).some((label) => membership.has(label));
  const refs = [
    ...(record.messagesAdded ?? []).map((m) => m.message),
    ...(record.messagesDeleted ?? []).map((m) => m.message),
    ...(record.labelsAdded ?? []).filter(moving).map((m) => m.message),
    ...(record.labelsRemoved ?? []).filter(moving).map((m) => m.message),
  ];
  return refs.map((m) => m?.threadId).filter((id): id is string => typeof id === 'string');
}

type NamedThreads = Pick<MailCursor, 'pending' | 'historyId' | 'historyPage'>;

/**
 * The threads the history names after the cursor, read until MAX_PENDING_THREADS are named (the
 * page that reaches it read whole: `historyPage` is where to go on), or `history-lapsed` when Gmail
 * no longer has that history.
 */
async function changedThreads(run: Run): Promise<NamedThreads | 'history-lapsed'> {
  const membership = new Set([...HIDDEN_LABELS, ...run.config.labels]);
  const threads = new Set<string>();
  let pageToken = run.cursor.historyPage ?? null;
  for (;;) {
    let page: Awaited<ReturnType<typeof listHistory>>;
    try {
      page = await listHistory(run.gmail, run.base, run.cursor.historyId, pageToken);
    } catch (err) {
      // Gmail keeps about a week of history; an older startHistoryId is a 404.
      if (err instanceof GoogleApiError && err.status === 404) return 'history-lapsed';
      // A page token of a run long gone: read the history again from the stored historyId (threads
      // already fetched are found unchanged and not downloaded).
      if (err instanceof GoogleApiError && err.status === 400 && pageToken !== null && pageToken === run.cursor.historyPage) {
        pageToken = null;
        threads.clear();
        continue;
      }
      throw err;
    }
    for (const record of page.history ?? []) for (const id of threadIdsOf(record, membership)) threads.add(id);
    const next = page.nextPageToken ?? null;
    if (next === null) return { pending: [...threads], historyId: page.historyId ?? run.cursor.historyId, historyPage: null };
    if (threads.size >= MAX_PENDING_THREADS) return { pending: [...threads], historyId: run.cursor.historyId, historyPage: next };
    pageToken = next;
  }
}

/**
 * The thread as a document; null when it is gone, in the trash or spam, or outside the chosen
 * labels; `kept` when the connection holds it with the same messages (nothing downloaded).
 */
async function fetchThread(run: Run, threadId: string): Promise<SourceItem | null | 'kept'> {
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
  if (run.out.unchanged(threadId, threadVersion(fitting.map((m) => m.id)))) return 'kept';
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
      if (item && item !== 'kept') run.out.add(item);
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
    if (item === null) run.out.remove(id);
    else if (item !== 'kept') run.out.add(item);
    pending.shift();
    if (run.out.full) yield run.out.take(run.cursor);
  }
}
