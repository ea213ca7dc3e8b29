import type { SyncTrigger } from '../../model/connections.js';
import type { JobPayloads } from '../../model/jobs.js';
import type { Tx } from '../../store/database.js';
import { findSyncJob } from '../../store/connections.js';
import { enqueueJob } from '../../store/jobs.js';
import { newId } from '../shared/ids.js';

export const SYNC_JOB_KIND = 'sync';

export type SyncJobPayload = JobPayloads['sync'];

/**
 * Queues a sync of a connection unless one is already waiting (it will see everything this one
 * would). False when nothing was queued.
 */
export async function enqueueSync(
  tx: Tx,
  connection: { id: string; orgId: string },
  trigger: SyncTrigger,
  options: { maxAttempts: number; runAt?: Date },
): Promise<boolean> {
  if (await findSyncJob(tx, connection.id, ['queued'])) return false;
  const payload: SyncJobPayload = { connectionId: connection.id, trigger };
  await enqueueJob(tx, {
    id: newId(),
    orgId: connection.orgId,
    kind: SYNC_JOB_KIND,
    payload: { ...payload },
    maxAttempts: options.maxAttempts,
    runAt: options.runAt,
  });
  return true;
}
