import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
const key = 'em_test_smoke_0123456789abcdef';
const config = loadConfig({ PORT: '0', DATA_DIR: 'memory://', ENGRAM_API_KEY: key, LOG_LEVEL: 'warn', WORKER_POLL_MS: '100', ENGRAM_SECRET_KEY: 'x'.repeat(40) });
let t = Date.now();
const app = await createApp(config, { worker: true, http: true });
const url = await app.http!.listen({ port: 0, host: '127.0.0.1' });
console.log('started', Date.now() - t);
const req = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
};
t = Date.now();
const w = await req('POST', '/v4/memories', { containerTag: 'alice', memories: [
  { content: 'Alice works at Stripe as a product manager', metadata: { kind: 'job' } },
  { content: 'Alice likes hiking in the Alps on weekends' },
  { content: 'Alice has a dog named Biscuit', isStatic: true },
] });
console.log('write', Date.now() - t, w.status, JSON.stringify(w.body).slice(0, 300));
for (const q of ['Where does Alice work?', 'What pet does Alice have?', 'outdoor activities']) {
  const s = await req('POST', '/v4/search', { q, containerTag: 'alice', threshold: 0 });
  console.log(q, s.status, s.body.timing, s.body.results?.map((r: any) => `${r.similarity} ${r.memory}`) ?? s.body);
}
const d = await req('POST', '/v3/documents', { content: '# Handbook\n\n## Vacation\n\nEmployees get 25 days of paid vacation per year.\n\n## Equipment\n\nEvery engineer receives a laptop and a monitor.', containerTag: 'alice' });
for (let i = 0; i < 100; i++) { const g = await req('GET', `/v3/documents/${d.body.id}`); if (g.body.status === 'done' || g.body.status === 'failed') { console.log('doc', g.body.status, g.body.error); break; } await new Promise(r => setTimeout(r, 100)); }
const v3 = await req('POST', '/v3/search', { q: 'how many vacation days', containerTag: 'alice', onlyMatchingChunks: false });
console.log('v3', v3.status, JSON.stringify(v3.body).slice(0, 600));
const hy = await req('POST', '/v4/search', { q: 'laptop for engineers', searchMode: 'hybrid', threshold: 0, include: { documents: true } });
console.log('hybrid', hy.status, JSON.stringify(hy.body).slice(0, 800));
await app.close();
