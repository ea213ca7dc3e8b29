import { emit } from '../webhooks/events.js';
import type { Db } from '../../store/database.js';
import { deleteSpacesExcept, clearSpaceSettings } from '../../store/tags.js';
import { deleteProfiles } from '../../store/profiles.js';
import { deleteOrgSettings } from '../../store/settings.js';
import { assertNoMergeRunning } from './merge-guard.js';
import { DEFAULT_CONTAINER_TAG } from '../../model/tags.js';
import type { Principal } from '../../model/access.js';
import { deleteOrgMemories } from '../../store/memories/writes.js';
import { deleteConnectionsWhere } from '../../store/connections.js';
import { removeDocuments } from '../memories/lineage.js';
import type { Clock } from '../shared/clock.js';
import { queueCleanups } from '../connections/cleanup.js';

export const RESET_DOCUMENT_BATCH = 500;

export interface ResetOutcome {
  success: true;
  deletedConnections: number;
  deletedDocumentBatches: number;
  deletedDocumentsApprox: number;
  deletedMemoryRows: number;
  deletedExtraSpaces: number;
  clearedDefaultSpaceContext: boolean;
  clearedBrainMemoryRegistry: boolean;
  settingsReset: boolean;
}

/** POST /v3/settings/reset. */
export class OrgReset {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Called after jobs were queued (the connections' cleanups at their providers) so local workers start at once. */
    private readonly onJobQueued: () => void = () => {},
  ) {}

  reset(principal: Principal): Promise<ResetOutcome> {
    return resetOrganization(this.db, this.clock, principal, this.onJobQueued);
  }
}

/**
 * Empties an organization: documents (in batches, so no single transaction grows with the data;
 * the memories drawn only from them go with each batch, as with any document deletion), then every
 * memory row left and every profile, every space but the default one (whose settings are cleared) and
 * the org settings. The org, its API keys and members stay. Counts say what was actually removed.
 * Each connection's cleanup at its provider (channels, hooks, the grant) is queued with its deletion.
 */
export async function resetOrganization(db: Db, clock: Clock, principal: Principal, onJobQueued: () => void = () => {}): Promise<ResetOutcome> {
  const orgId = principal.orgId;
  // Connections first: their syncs stop writing before the documents go (a page in flight commits before this).
  const { deletedConnections, cleanups } = await db.transaction(async (tx) => {
    await assertNoMergeRunning(tx, orgId);
    const deleted = await deleteConnectionsWhere(tx, orgId);
    return { deletedConnections: deleted.length, cleanups: await queueCleanups(tx, deleted, clock.now()) };
  });
  if (cleanups) onJobQueued();

  let deletedDocumentBatches = 0;
  let deletedDocuments = 0;
  let deletedWithDocuments = 0;
  for (;;) {
    const removal = await db.transaction((tx) => removeDocuments(tx, orgId, { batch: RESET_DOCUMENT_BATCH }, clock.now()));
    if (removal.documents.length === 0) break;
    deletedDocumentBatches += 1;
    deletedDocuments += removal.documents.length;
    deletedWithDocuments += removal.deletedRows;
  }

  return db.transaction(async (tx) => {
    await assertNoMergeRunning(tx, orgId);
    const now = clock.now();
    // Documents written while the batches ran go too, so the org ends empty.
    const late = await removeDocuments(tx, orgId, {}, now);
    const lateDocuments = late.documents.length;
    if (lateDocuments > 0) deletedDocumentBatches += 1;
    const deletedMemoryRows = deletedWithDocuments + late.deletedRows + (await deleteOrgMemories(tx, orgId));
    await deleteProfiles(tx, orgId);
    const deletedExtraSpaces = await deleteSpacesExcept(tx, orgId, DEFAULT_CONTAINER_TAG);
    const clearedDefaultSpaceContext = await clearSpaceSettings(tx, orgId, DEFAULT_CONTAINER_TAG, now);
    const settingsReset = await deleteOrgSettings(tx, orgId);
    const counts = { deletedConnections, deletedDocuments: deletedDocuments + lateDocuments, deletedMemoryRows, deletedExtraSpaces };
    await emit(tx, { orgId, type: 'organization.reset', containerTag: null, data: counts }, now);
    return {
      success: true,
      deletedConnections,
      deletedDocumentBatches,
      deletedDocumentsApprox: deletedDocuments + lateDocuments,
      deletedMemoryRows,
      deletedExtraSpaces,
      clearedDefaultSpaceContext,
      // Memories and their vectors live in the memory rows counted above; there is no separate registry.
      clearedBrainMemoryRegistry: false,
      settingsReset,
    };
  });
}
