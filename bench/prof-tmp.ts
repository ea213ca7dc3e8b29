import { sql, type SQL } from 'drizzle-orm';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { systemClock } from '../src/core/clock.js';
import { KeyResolver } from '../src/core/keys.js';
import { percentile } from './recall/metrics.js';
import { queries } from './search/synthetic.js';
const N = Number(process.env.N ?? 100000);
const app = await createApp(loadConfig({ DATA_DIR: `/tmp/engram-prof-${N}`, ENGRAM_API_KEY: 'em_prof_0123456789abcdef', LOG_LEVEL: 'warn', ENGRAM_SECRET_KEY: 'y'.repeat(40), ...(process.env.X ? { SEARCH_EXACT_MAX_ROWS: process.env.X } : {}) }), { worker: false, http: false });
const db = app.database.db as any;
const principal = (await new KeyResolver(app.database.db, systemClock).resolve('em_prof_0123456789abcdef'))!;
const dialect = db.dialect;
const orig = db.execute.bind(db);
let captured: { text: string; params: unknown[] }[] = [];
db.execute = (q: SQL) => { const c = dialect.sqlToQuery(q); captured.push({ text: c.sql, params: c.params }); return orig(q); };
const inc = { documents: false, summaries: false, relatedMemories: false, forgottenMemories: false, chunks: false };
const input = (q: string, tag?: string) => ({ q, containerTag: tag, threshold: 0, limit: 10, searchMode: 'memories' as const, rerank: false, rewriteQuery: false, include: inc });
const qs = queries(120);
for (const q of qs.slice(0, 10)) await app.search.search(principal, input(q));
for (const [name, tag, retrievers] of [['org hybrid', undefined, undefined], ['org lexical', undefined, 'lexical'], ['org vector', undefined, 'vector'], ['tag hybrid', 'user_3', undefined], ['tag vector', 'user_3', 'vector'], ['tag lexical', 'user_3', 'lexical']] as const) {
  const ms: number[] = [];
  for (const q of qs.slice(10, 110)) { const t = performance.now(); await app.search.search(principal, input(q, tag), { retrievers: retrievers as any }); ms.push(performance.now() - t); }
  console.log(name, percentile(ms, 50).toFixed(1), percentile(ms, 95).toFixed(1));
}
if (process.env.EXPLAIN) {
  captured = [];
  await app.search.search(principal, input(qs[5], process.env.TAG || undefined), { retrievers: (process.env.R as any) || undefined });
  const main = captured.find((c) => c.text.includes('cand AS'))!;
  const client = (app.database as any);
  const res = await db.session.client.query ? null : null;
  const e = await orig(sql.raw('EXPLAIN (ANALYZE, BUFFERS) ' + main.text.replace(/\$(\d+)/g, (_: string, n: string) => { const v = main.params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; })));
  console.log(e.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
await app.close();
