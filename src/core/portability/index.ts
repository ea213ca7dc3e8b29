import type { Embedder } from '../../ai/embeddings/embedder.js';
import type { Db } from '../../store/database.js';
import type { Clock } from '../shared/clock.js';
import { ExportService } from './export.js';
import { ImportService } from './import.js';

export interface Portability {
  exporter: ExportService;
  importer: ImportService;
}

export function createPortability(options: {
  db: Db;
  clock: Clock;
  embedder: Embedder;
  serverVersion: string;
  /** Where import bodies are spooled (see ImportContext). */
  spoolDir?: string;
  onImported: (orgId: string, containerTag: string, profileRestored: boolean) => Promise<void> | void;
}): Portability {
  const { db, clock, embedder, serverVersion, spoolDir, onImported } = options;
  return {
    exporter: new ExportService({ db, clock, serverVersion, embeddingModel: embedder.model }),
    importer: new ImportService({ db, clock, embedder, spoolDir, onImported }),
  };
}
