// one-off: build a persistent pglite db with N synthetic memories for query profiling
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { normalize } from '../src/ai/embeddings/embedder.js';
import { newId } from '../src/core/ids.js';
import { queryRows } from '../src/store/database.js';
import { dropVectorIndexes, ensureVectorIndexes } from '../src/store/embedding-space.js';
import { insertMemories } from '../src/store/memory-writes.js';
import { findOrgByName } from '../src/store/orgs.js';
import { baseStatements, rng } from './search/synthetic.js';
const N = Number(process.env.N ?? 100000);
const dir = `/tmp/engram-prof-${N}`;
const fresh = !existsSync(dir);
const app = await createApp(loadConfig({ DATA_DIR: dir, ENGRAM_API_KEY: 'em_prof_0123456789abcdef', LOG_LEVEL: 'warn', ENGRAM_SECRET_KEY: 'y'.repeat(40) }), { worker: false, http: false });
const db = app.database.db;
if (fresh) {
  const org = (await findOrgByName(db, 'default'))!;
  const texts = baseStatements(3000);
  const vectors = await app.recall.embedder.embed(texts);
  await dropVectorIndexes(db);
  const random = rng(3);
  for (let off = 0; off < N; off += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => { const a = Math.floor(random() * 3000), b = Math.floor(random() * 3000);
      return { id: newId(), orgId: org.id, containerTag: `user_${(off + j) % 100}`, memory: `${texts[a]} ${texts[b]}`, embedding: Array.from(normalize(vectors[a].map((v, d) => v + vectors[b][d]))) }; });
    await db.transaction((tx) => insertMemories(tx, rows));
  }
  await ensureVectorIndexes(db, 512);
  await queryRows(db, sql`ANALYZE memories`);
  console.log('built', dir);
}
await app.close();
