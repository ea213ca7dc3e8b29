import type { DocumentStatus } from '../api/types';

export const FINISHED: ReadonlySet<string> = new Set(['done', 'failed']);

export function StatusBadge({ status }: { status: DocumentStatus | string }) {
  const kind = status === 'done' ? 'ok' : status === 'failed' ? 'bad' : 'busy';
  return <span className={`badge badge-${kind}`}>{status}</span>;
}

export function Loading({ what }: { what: string }) {
  return <p className="muted">Loading {what}…</p>;
}
