import { randomBytes } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import { buildRawMessage, type MailContent } from './mime.js';

export interface FakeMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  internalDate: number;
  historyId: number;
  snippet: string;
  /** The Message-ID header, for replies. */
  messageIdHeader: string;
}

export type HistoryType = 'messageAdded' | 'messageDeleted' | 'labelAdded' | 'labelRemoved';

export interface HistoryEvent {
  id: number;
  type: HistoryType;
  message: { id: string; threadId: string; labelIds: string[] };
  labelIds?: string[];
}

/** One Gmail mailbox: messages (raw RFC 2822), threads by id, and the history of changes with its ids. */
export class Mailbox {
  readonly messages = new Map<string, FakeMessage>();
  readonly history: HistoryEvent[] = [];
  historyId = 4000;
  /** History at or before this id is gone: a `startHistoryId` older than it gets a 404. */
  oldestHistoryId = 4000;

  constructor(
    private readonly clock: FakeClock,
    readonly emailAddress: string,
  ) {}

  /** A new message; `replyTo` puts it in that message's thread. */
  addMessage(content: MailContent & { labelIds?: string[]; replyTo?: FakeMessage }): FakeMessage {
    const id = randomBytes(8).toString('hex');
    const messageIdHeader = content.messageId ?? `<${id}@mail.fake>`;
    const date = this.clock.now();
    const raw = buildRawMessage({ ...content, messageId: messageIdHeader, inReplyTo: content.replyTo?.messageIdHeader ?? content.inReplyTo }, date);
    const message: FakeMessage = {
      id,
      threadId: content.replyTo?.threadId ?? id,
      labelIds: content.labelIds ?? ['INBOX', 'UNREAD'],
      raw,
      internalDate: date.getTime(),
      historyId: ++this.historyId,
      snippet: (content.text ?? content.html ?? '').replace(/<[^>]+>/g, '').slice(0, 100),
      messageIdHeader,
    };
    this.messages.set(id, message);
    this.record('messageAdded', message);
    return message;
  }

  /** Deleted for good (not to the trash). */
  deleteMessage(id: string): void {
    const message = this.must(id);
    this.messages.delete(id);
    message.historyId = ++this.historyId;
    this.record('messageDeleted', message);
  }

  addLabels(id: string, labelIds: string[]): void {
    const message = this.must(id);
    message.labelIds = [...new Set([...message.labelIds, ...labelIds])];
    message.historyId = ++this.historyId;
    this.record('labelAdded', message, labelIds);
  }

  removeLabels(id: string, labelIds: string[]): void {
    const message = this.must(id);
    message.labelIds = message.labelIds.filter((l) => !labelIds.includes(l));
    message.historyId = ++this.historyId;
    this.record('labelRemoved', message, labelIds);
  }

  trash(id: string): void {
    this.addLabels(id, ['TRASH']);
  }

  /** Gmail keeps only some history: after this, every stored historyId is too old. */
  expireHistory(): void {
    this.oldestHistoryId = this.historyId + 1;
  }

  thread(threadId: string): FakeMessage[] {
    // By date, as Gmail orders a thread; messages of one instant keep the order they arrived in (a label change moves none).
    return [...this.messages.values()].filter((m) => m.threadId === threadId).sort((a, b) => a.internalDate - b.internalDate);
  }

  /** Thread ids, the most recently active first. */
  threadIds(): string[] {
    const latest = new Map<string, number>();
    for (const m of this.messages.values()) latest.set(m.threadId, Math.max(latest.get(m.threadId) ?? 0, m.historyId));
    return [...latest.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  }

  private must(id: string): FakeMessage {
    const message = this.messages.get(id);
    if (!message) throw new Error(`no message ${id} in the fake mailbox`);
    return message;
  }

  private record(type: HistoryType, message: FakeMessage, labelIds?: string[]): void {
    this.history.push({
      id: this.historyId,
      type,
      message: { id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] },
      ...(labelIds && { labelIds }),
    });
  }
}
