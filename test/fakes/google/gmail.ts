import { randomInt } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeReply, FakeRequest, Route } from '../github/http.js';
import { badRequest, notFound, pageSizeOf, pageToken, readPageToken } from './errors.js';
import { Mailbox, type FakeMessage, type HistoryEvent, type HistoryType } from './mailbox.js';
import type { TokenMode } from './drive.js';
import type { FakeGoogleIdTokens, IdTokenMode } from './id-tokens.js';

export const GMAIL_PREFIX = '/gmail/v1/users';
const WATCH_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const HIDDEN = ['TRASH', 'SPAM'];

export interface PubSubDelivery {
  url: string;
  status: number;
  body: {
    message: { data: string; messageId: string; message_id: string; publishTime: string; publish_time: string; attributes: Record<string, string> };
    subscription: string;
  };
}

export interface PubSubPushSubscription {
  endpoint: string;
  name: string;
  token?: string;
  oidc?: { serviceAccountEmail: string; audience?: string };
}

const history = (event: HistoryEvent) => {
  const key = { messageAdded: 'messagesAdded', messageDeleted: 'messagesDeleted', labelAdded: 'labelsAdded', labelRemoved: 'labelsRemoved' }[event.type];
  return {
    id: String(event.id),
    messages: [{ id: event.message.id, threadId: event.message.threadId }],
    [key]: [{ message: event.message, ...(event.labelIds && { labelIds: event.labelIds }) }],
  };
};

/** Gmail API v1 routes for the signed-in user's mailbox (`users/me` or its address), `users.watch` and Pub/Sub pushes. */
export class FakeGmail {
  readonly mailbox: Mailbox;
  watch: { topicName: string; labelIds: string[]; expirationMs: number } | null = null;
  readonly watchRequests: unknown[] = [];
  /**
   * The Pub/Sub push subscription of the watch's topic: its endpoint, the token it appends (if any)
   * and, for an authenticated push, the service account it signs ID tokens as and their audience
   * (the endpoint by default, as Pub/Sub's).
   */
  pushSubscription: PubSubPushSubscription | null = null;
  readonly deliveries: PubSubDelivery[] = [];
  /** Message contents handed out (`messages.get` with `format=raw`), by message id: a test asserts what was downloaded. */
  readonly downloads: string[] = [];

  constructor(
    private readonly clock: FakeClock,
    emailAddress: string,
    private readonly idTokens: FakeGoogleIdTokens,
  ) {
    this.mailbox = new Mailbox(clock, emailAddress);
  }

  routes(): Route<FakeRequest>[] {
    const on = (template: string, handle: (req: FakeRequest, p: Record<string, string>) => FakeReply, method = 'GET') => ({
      method,
      template: `/{userId}${template}`,
      handle: (req: FakeRequest, p: Record<string, string>) =>
        p.userId === 'me' || p.userId === this.mailbox.emailAddress ? handle(req, p) : notFound('Delegation denied'),
    });
    return [
      on('/profile', () => this.profile()),
      on('/threads', (req) => this.listThreads(req)),
      on('/threads/{id}', (req, p) => this.getThread(req, p.id!)),
      on('/messages', (req) => this.listMessages(req)),
      on('/messages/{id}', (req, p) => this.getMessage(req, p.id!)),
      on('/history', (req) => this.listHistory(req)),
      on('/watch', (req) => this.startWatch(req), 'POST'),
      on('/stop', () => ((this.watch = null), { status: 204 }), 'POST'),
    ];
  }

  /**
   * What the topic's push subscription sends after a change while a watch is on: a POST of
   * `{message: {data: base64({emailAddress, historyId}), messageId, publishTime}, subscription}` to
   * the endpoint with `?token=` when it has one (`token: 'wrong' | 'missing'` sends a forged or
   * bare one instead) and, when it is authenticated, `Authorization: Bearer` an ID token
   * (`idToken` picks a bad one or none).
   */
  async push(options: { token?: TokenMode; idToken?: IdTokenMode } = {}): Promise<PubSubDelivery> {
    const sub = this.pushSubscription;
    if (!sub) throw new Error('no push subscription: set fake.gmail.pushSubscription first');
    if (!this.watch || this.watch.expirationMs <= this.clock.nowMs()) throw new Error('no watch is on: Gmail publishes nothing');
    const url = new URL(sub.endpoint);
    const mode = options.token ?? 'valid';
    if (sub.token !== undefined && mode !== 'missing') url.searchParams.set('token', mode === 'valid' ? sub.token : `${sub.token}-forged`);
    const idTokenMode = options.idToken ?? 'valid';
    const authorization =
      sub.oidc && idTokenMode !== 'missing'
        ? `Bearer ${await this.idTokens.sign({ serviceAccountEmail: sub.oidc.serviceAccountEmail, audience: sub.oidc.audience ?? sub.endpoint }, idTokenMode)}`
        : undefined;
    const data = Buffer.from(JSON.stringify({ emailAddress: this.mailbox.emailAddress, historyId: this.mailbox.historyId })).toString('base64');
    const messageId = String(randomInt(1e12, 9e12));
    const publishTime = this.clock.now().toISOString();
    const body = { message: { data, messageId, message_id: messageId, publishTime, publish_time: publishTime, attributes: {} }, subscription: sub.name };
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
        ...(authorization && { authorization }),
      },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    const delivery = { url: url.href, status: response.status, body };
    this.deliveries.push(delivery);
    return delivery;
  }

  private profile(): FakeReply {
    const m = this.mailbox;
    return {
      status: 200,
      json: { emailAddress: m.emailAddress, messagesTotal: m.messages.size, threadsTotal: m.threadIds().length, historyId: String(m.historyId) },
    };
  }

  private minimal(m: FakeMessage) {
    return {
      id: m.id,
      threadId: m.threadId,
      labelIds: m.labelIds,
      snippet: m.snippet,
      sizeEstimate: m.raw.length,
      historyId: String(m.historyId),
      internalDate: String(m.internalDate),
    };
  }

  private page<T>(req: FakeRequest, listing: string, all: T[], fallback: number, max: number): { items: T[]; next?: string } | FakeReply {
    const size = pageSizeOf(req.query.get('maxResults'), fallback, max);
    const offset = readPageToken(listing, req.query.get('pageToken'));
    if (size === 'invalid') return badRequest('Invalid maxResults', 'invalidArgument');
    if (offset === 'invalid') return badRequest('Invalid pageToken', 'invalidArgument');
    const next = offset + size < all.length ? pageToken(listing, offset + size) : undefined;
    return { items: all.slice(offset, offset + size), ...(next && { next }) };
  }

  /** Visible unless in the trash or spam; with `labelIds`, only what carries all of them. */
  private visible(req: FakeRequest): (m: FakeMessage) => boolean {
    const spamTrash = req.query.get('includeSpamTrash') === 'true';
    const labels = req.query.getAll('labelIds');
    return (m) => (spamTrash || !m.labelIds.some((l) => HIDDEN.includes(l))) && labels.every((l) => m.labelIds.includes(l));
  }

  private listThreads(req: FakeRequest): FakeReply {
    const shown = this.visible(req);
    const ids = this.mailbox.threadIds().filter((id) => this.mailbox.thread(id).some(shown));
    const page = this.page(req, 'threads', ids, 100, 500);
    if ('status' in page) return page;
    const threads = page.items.map((id) => {
      const messages = this.mailbox.thread(id);
      return { id, snippet: messages.at(-1)!.snippet, historyId: String(Math.max(...messages.map((m) => m.historyId))) };
    });
    return { status: 200, json: { ...(threads.length && { threads }), ...(page.next && { nextPageToken: page.next }), resultSizeEstimate: ids.length } };
  }

  private getThread(req: FakeRequest, id: string): FakeReply {
    const messages = this.mailbox.thread(id);
    if (messages.length === 0) return notFound();
    const format = req.query.get('format') ?? 'full';
    if (format !== 'minimal') return badRequest(`The fake supports format=minimal for threads, not ${format}`, 'invalidArgument');
    return { status: 200, json: { id, historyId: String(Math.max(...messages.map((m) => m.historyId))), messages: messages.map((m) => this.minimal(m)) } };
  }

  private listMessages(req: FakeRequest): FakeReply {
    const shown = this.visible(req);
    const all = [...this.mailbox.messages.values()].filter(shown).sort((a, b) => b.internalDate - a.internalDate);
    const page = this.page(req, 'messages', all, 100, 500);
    if ('status' in page) return page;
    const messages = page.items.map((m) => ({ id: m.id, threadId: m.threadId }));
    return { status: 200, json: { ...(messages.length && { messages }), ...(page.next && { nextPageToken: page.next }), resultSizeEstimate: all.length } };
  }

  private getMessage(req: FakeRequest, id: string): FakeReply {
    const message = this.mailbox.messages.get(id);
    if (!message) return notFound();
    const format = req.query.get('format') ?? 'full';
    if (format === 'minimal') return { status: 200, json: this.minimal(message) };
    if (format === 'raw') {
      this.downloads.push(message.id);
      return { status: 200, json: { ...this.minimal(message), raw: message.raw.toString('base64url') } };
    }
    return badRequest(`The fake supports format=raw and minimal for messages, not ${format}`, 'invalidArgument');
  }

  private listHistory(req: FakeRequest): FakeReply {
    const start = Number(req.query.get('startHistoryId'));
    if (!req.query.get('startHistoryId') || !Number.isInteger(start)) return badRequest('Missing or invalid startHistoryId', 'invalidArgument');
    if (start < this.mailbox.oldestHistoryId) return notFound();
    const types = req.query.getAll('historyTypes') as HistoryType[];
    const events = this.mailbox.history.filter((e) => e.id > start && (types.length === 0 || types.includes(e.type)));
    const page = this.page(req, `history:${start}`, events, 100, 500);
    if ('status' in page) return page;
    return {
      status: 200,
      json: {
        ...(page.items.length && { history: page.items.map(history) }),
        ...(page.next && { nextPageToken: page.next }),
        historyId: String(this.mailbox.historyId),
      },
    };
  }

  private startWatch(req: FakeRequest): FakeReply {
    const body = (req.json ?? {}) as { topicName?: string; labelIds?: string[] };
    this.watchRequests.push(body);
    if (!body.topicName || !/^projects\/[^/]+\/topics\/[^/]+$/.test(body.topicName))
      return badRequest('Invalid topicName does not match projects/*/topics/*', 'invalidArgument');
    this.watch = { topicName: body.topicName, labelIds: body.labelIds ?? [], expirationMs: this.clock.nowMs() + WATCH_LIFETIME_MS };
    return { status: 200, json: { historyId: String(this.mailbox.historyId), expiration: String(this.watch.expirationMs) } };
  }
}
