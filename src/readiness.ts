import type { Embedder } from './ai/embeddings/embedder.js';
import { appliedMigrations, shippedMigrations, type Database } from './store/database.js';

/** One condition of readiness: whether it holds, and in a few fixed words what was found. */
export interface ReadinessCheck {
  ok: boolean;
  status: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: {
    server: ReadinessCheck;
    database: ReadinessCheck;
    migrations: ReadinessCheck;
    embedder: ReadinessCheck;
    worker: ReadinessCheck;
  };
}

export interface ReadinessSources {
  database: Database;
  embedder: Embedder;
  /** This process's worker's state; null when the process runs none (`serve --no-worker`). */
  worker: () => 'running' | 'stopping' | 'stopped' | null;
  /** How long the database has to answer. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Whether this process should be sent traffic (`GET /readyz`): it is not shutting down, the
 * database answers with every migration of this version applied, the embedding model is loaded,
 * and the worker runs (or the process was started without one). The words are fixed: no error
 * message, address or name reaches an unauthenticated caller.
 */
export class Readiness {
  private stopping = false;
  private readonly shipped = shippedMigrations();

  constructor(private readonly sources: ReadinessSources) {}

  /** From now on the process is not ready: it is shutting down. */
  shuttingDown(): void {
    this.stopping = true;
  }

  async check(): Promise<ReadinessReport> {
    const [database, migrations] = await this.databaseChecks();
    const checks = {
      server: this.stopping ? { ok: false, status: 'shutting down' } : { ok: true, status: 'accepting requests' },
      database,
      migrations,
      embedder: this.embedderCheck(),
      worker: this.workerCheck(),
    };
    return { ready: Object.values(checks).every((check) => check.ok), checks };
  }

  private async databaseChecks(): Promise<[ReadinessCheck, ReadinessCheck]> {
    const timeoutMs = this.sources.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
    try {
      const applied = await Promise.race([appliedMigrations(this.sources.database.db), late]);
      if (applied === 'late') {
        return [
          { ok: false, status: `no answer within ${timeoutMs} ms` },
          { ok: false, status: 'unknown: the database did not answer' },
        ];
      }
      const migrations =
        applied >= this.shipped
          ? { ok: true, status: `${this.shipped} of ${this.shipped} applied` }
          : { ok: false, status: `${applied} of ${this.shipped} applied` };
      return [{ ok: true, status: 'answering' }, migrations];
    } catch {
      return [
        { ok: false, status: 'not answering' },
        { ok: false, status: 'unknown: the database did not answer' },
      ];
    } finally {
      clearTimeout(timer);
    }
  }

  private embedderCheck(): ReadinessCheck {
    const state = this.sources.embedder.state?.() ?? 'ready';
    if (state === 'ready') return { ok: true, status: 'loaded' };
    if (state === 'loading') return { ok: false, status: 'loading the model; requests wait for it' };
    return { ok: false, status: 'failed; the server log has the cause' };
  }

  private workerCheck(): ReadinessCheck {
    const state = this.sources.worker();
    if (state === null) return { ok: true, status: 'disabled in this process' };
    if (state === 'running') return { ok: true, status: 'running' };
    return { ok: false, status: state };
  }
}
