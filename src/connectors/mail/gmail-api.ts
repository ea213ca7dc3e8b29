import type { GoogleClient } from '../google/http.js';

export interface GmailMessageRef {
  id: string;
  threadId: string;
  labelIds?: string[];
}

export interface GmailHistoryRecord {
  id: string;
  messages?: GmailMessageRef[];
  messagesAdded?: { message: GmailMessageRef }[];
  messagesDeleted?: { message: GmailMessageRef }[];
  labelsAdded?: { message: GmailMessageRef; labelIds: string[] }[];
  labelsRemoved?: { message: GmailMessageRef; labelIds: string[] }[];
}

const me = (base: string) => `${base}/users/me`;

export function profile(gmail: GoogleClient, base: string) {
  return gmail.json<{ emailAddress: string; historyId: string }>({ url: `${me(base)}/profile` });
}

export function listThreads(gmail: GoogleClient, base: string, pageToken: string | null, labelIds: string[]) {
  return gmail.json<{ threads?: { id: string; historyId?: string }[]; nextPageToken?: string }>({
    url: `${me(base)}/threads`,
    query: { maxResults: 100, pageToken, includeSpamTrash: false, labelIds },
  });
}

/** The thread's messages, ids and labels only. */
export function threadMessages(gmail: GoogleClient, base: string, threadId: string) {
  return gmail.json<{ id: string; historyId?: string; messages?: (GmailMessageRef & { internalDate?: string; sizeEstimate?: number })[] }>({
    url: `${me(base)}/threads/${encodeURIComponent(threadId)}`,
    query: { format: 'minimal' },
  });
}

/** The message as RFC 2822 bytes (`raw`: base64url). */
export async function rawMessage(gmail: GoogleClient, base: string, id: string): Promise<Buffer> {
  const message = await gmail.json<{ raw?: string }>({ url: `${me(base)}/messages/${encodeURIComponent(id)}`, query: { format: 'raw' } });
  return Buffer.from(message.raw ?? '', 'base64url');
}

/**
 * History records after `startHistoryId`, 500 a page. Label changes are asked for too: moving mail
 * to the trash or spam, or into or out of a chosen label, is one; the sync passes over the rest.
 */
export function listHistory(gmail: GoogleClient, base: string, startHistoryId: string, pageToken: string | null) {
  return gmail.json<{ history?: GmailHistoryRecord[]; nextPageToken?: string; historyId?: string }>({
    url: `${me(base)}/history`,
    query: { startHistoryId, pageToken, maxResults: 500, historyTypes: ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'] },
  });
}

export function watchMailbox(gmail: GoogleClient, base: string, topicName: string, labelIds: string[]) {
  return gmail.json<{ historyId: string; expiration: string }>({
    method: 'POST',
    url: `${me(base)}/watch`,
    json: { topicName, ...(labelIds.length > 0 && { labelIds, labelFilterBehavior: 'include' }) },
  });
}

export function stopWatch(gmail: GoogleClient, base: string) {
  return gmail.json<void>({ method: 'POST', url: `${me(base)}/stop` });
}
