/**
 * Memory quality on LoCoMo (categories 1–4), end to end through the public API: each conversation is
 * sent to POST /v4/conversations session by session (the transcript grows; documentDate = that
 * session's date) and waited on until done; then every question is searched in its conversation's
 * tag, in `memories` and `hybrid` mode, and counts as answered when its normalized gold answer
 * appears in the text of the top 10 results.
 *
 *   npm run bench:memory                     embedded database, all 10 conversations
 *   BENCH_SAMPLES=2 npm run bench:memory     a quicker run
 *   BENCH_DRIVER=postgres npm run bench:memory
 * BENCH_DATA_DIR=dir keeps the embedded database there: a second run searches the conversations
 * ingested by the first without ingesting again (for ranking changes; extraction changes need a new dir).
 * Each question's top 10 per mode is written to bench/results/memory-questions.json for reading misses.
 * The ceilings are the share of questions whose gold answer appears verbatim in their evidence turns,
 * and in any turn: the rest are paraphrases or dates worked out from the session date.
 * With LLM_BASE_URL and LLM_MODEL set, extraction uses that model and the numbers are the LLM's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalize } from './lib/answers.js';
import { answerCeilings } from './lib/ceilings.js';
import { runBench, startBenchServer, type BenchDriver, type BenchServer } from './lib/in-process-server.js';
import { CATEGORY_NAMES, loadLocomo, type LocomoSample } from './recall/locomo.js';
import { waitFor } from '../test/helpers/wait.js';
import { DEFAULT_THRESHOLD } from '../src/core/search/search-service.js';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = process.env.LOCOMO_PATH ?? resolve(here, '../../shared/data/locomo/locomo10.json');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const DRIVER = (process.env.BENCH_DRIVER ?? 'pglite') as BenchDriver;
const MODES = ['memories', 'hybrid'] as const;
const TOP_K = 10;

interface SearchResult {
  memory?: string;
  chunk?: string;
  similarity: number;
}

const turnsOf = (sample: LocomoSample) => sample.sessions.flatMap((s) => s.turns.map((t) => t.content.slice(t.speaker.length + 2)));
const tokensOf = (sample: LocomoSample) => turnsOf(sample).reduce((sum, content) => sum + Math.ceil(content.length / 4), 0);

async function ingest(server: BenchServer, sample: LocomoSample): Promise<{ seconds: number; tokens: number }> {
  const started = performance.now();
  const messages: { role: 'user' | 'assistant'; name: string; content: string }[] = [];
  for (const session of sample.sessions) {
    for (const turn of session.turns) {
      const content = turn.content.slice(turn.speaker.length + 2);
      messages.push({ role: turn.speaker === sample.speakers[0] ? 'user' : 'assistant', name: turn.speaker, content });
    }
    const res = await server.request<{ id: string }>('POST', '/v4/conversations', {
      conversationId: sample.sampleId,
      containerTag: sample.sampleId,
      messages,
      ...(session.date ? { documentDate: session.date.toISOString() } : {}),
    });
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${JSON.stringify(res.body)}`);
    await waitFor(
      async () => {
        const doc = await server.request<{ status: string; error: string | null }>('GET', `/v3/documents/${res.body.id}`);
        if (doc.body.status === 'failed') throw new Error(`session ${session.number} failed: ${doc.body.error}`);
        return doc.body.status === 'done' ? true : undefined;
      },
      10 * 60_000,
      `${sample.sampleId} session ${session.number}`,
    );
  }
  return { seconds: (performance.now() - started) / 1000, tokens: tokensOf(sample) };
}

async function memoryCount(server: BenchServer, tag: string): Promise<number> {
  const res = await server.request<{ pagination: { totalItems: number } }>('POST', '/v4/memories/list', { containerTags: [tag], limit: 1 });
  return res.body.pagination.totalItems;
}

async function main() {
  const samples = loadLocomo(DATA).slice(0, SAMPLES);
  const dataDir = process.env.BENCH_DATA_DIR;
  const server = await startBenchServer(DRIVER, dataDir ? { DATA_DIR: dataDir } : {});
  const hits: Record<string, Record<number, { found: number; total: number }>> = {};
  const latencies: Record<string, number[]> = {};
  // The score of the first top-10 result holding the answer: how many a default search would drop.
  const answerScores: Record<string, number[]> = {};
  const ceilings: Record<number, { evidence: number; conversation: number; total: number }> = {};
  const questions: unknown[] = [];
  let ingestSeconds = 0;
  let tokens = 0;
  let memories = 0;
  try {
    for (const sample of samples) {
      const stored = dataDir ? await memoryCount(server, sample.sampleId) : 0;
      const ingested = stored > 0 ? { seconds: 0, tokens: tokensOf(sample) } : await ingest(server, sample);
      ingestSeconds += ingested.seconds;
      tokens += ingested.tokens;
      memories += stored || (await memoryCount(server, sample.sampleId));
      process.stderr.write(`${sample.sampleId}: ${sample.sessions.length} sessions in ${ingested.seconds.toFixed(1)} s\n`);
      const ceilingOf = answerCeilings(sample);
      for (const q of sample.questions) {
        const c = (ceilings[q.category] ??= { evidence: 0, conversation: 0, total: 0 });
        c.total++;
        if (ceilingOf.get(q)!.inEvidence) c.evidence++;
        if (ceilingOf.get(q)!.inConversation) c.conversation++;
      }
      for (const mode of MODES) {
        for (const q of sample.questions) {
          const res = await server.request<{ results: SearchResult[] }>('POST', '/v4/search', {
            q: q.question,
            containerTag: sample.sampleId,
            searchMode: mode,
            limit: TOP_K,
            threshold: 0,
          });
          (latencies[mode] ??= []).push(res.ms);
          const text = normalize(res.body.results.map((r) => r.memory ?? r.chunk ?? '').join(' \n '));
          const gold = normalize(q.answer);
          const answering = gold ? res.body.results.find((r) => normalize(r.memory ?? r.chunk ?? '').includes(gold)) : undefined;
          if (answering) (answerScores[mode] ??= []).push(answering.similarity);
          const bucket = ((hits[mode] ??= {})[q.category] ??= { found: 0, total: 0 });
          bucket.total++;
          if (gold && text.includes(gold)) bucket.found++;
          questions.push({
            sample: sample.sampleId,
            mode,
            category: q.category,
            question: q.question,
            answer: q.answer,
            evidence: q.evidence,
            found: !!gold && text.includes(gold),
            ...ceilingOf.get(q),
            results: res.body.results.map((r) => ({ similarity: Math.round(r.similarity * 1000) / 1000, text: r.memory ?? r.chunk ?? '' })),
          });
        }
      }
    }
  } finally {
    await server.close();
  }

  const pct = (n: number, d: number) => Math.round((1000 * n) / Math.max(1, d)) / 10;
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
  };
  const extractor = process.env.LLM_BASE_URL && process.env.LLM_MODEL ? `LLM (${process.env.LLM_MODEL})` : 'offline rule-based';
  const rows = MODES.map((mode) => {
    const byCategory = hits[mode] ?? {};
    const all = Object.values(byCategory).reduce((a, b) => ({ found: a.found + b.found, total: a.total + b.total }), { found: 0, total: 0 });
    return {
      mode,
      categories: Object.fromEntries([1, 2, 3, 4].map((c) => [c, pct(byCategory[c]?.found ?? 0, byCategory[c]?.total ?? 0)])),
      all: pct(all.found, all.total),
      questions: all.total,
      answersBelowDefaultThreshold: pct((answerScores[mode] ?? []).filter((x) => x < DEFAULT_THRESHOLD).length, (answerScores[mode] ?? []).length),
      answerScoreP10:
        Math.round(
          percentile(
            (answerScores[mode] ?? [0]).map((x) => 100 * x),
            10,
          ),
        ) / 100,
      answerScoreP50:
        Math.round(
          percentile(
            (answerScores[mode] ?? [0]).map((x) => 100 * x),
            50,
          ),
        ) / 100,
      p50: percentile(latencies[mode] ?? [0], 50),
      p95: percentile(latencies[mode] ?? [0], 95),
    };
  });
  const ceilingRow = (key: 'evidence' | 'conversation') => {
    const all = Object.values(ceilings).reduce((a, b) => ({ n: a.n + b[key], total: a.total + b.total }), { n: 0, total: 0 });
    return { categories: Object.fromEntries([1, 2, 3, 4].map((c) => [c, pct(ceilings[c]?.[key] ?? 0, ceilings[c]?.total ?? 0)])), all: pct(all.n, all.total) };
  };
  const verbatimCeilings = { evidenceTurns: ceilingRow('evidence'), anyTurn: ceilingRow('conversation') };
  const summary = {
    driver: DRIVER,
    extractor,
    conversations: samples.length,
    memories,
    memoriesPer1kTokens: Math.round((10_000 * memories) / Math.max(1, tokens)) / 10,
    ingestSeconds: Math.round(ingestSeconds),
    rows,
    verbatimCeilings,
  };
  console.log(`\n${extractor} extractor, ${DRIVER}; ${samples.length} conversations, ${rows[0].questions} questions`);
  console.log(`ingest: ${summary.ingestSeconds} s; ${memories} memories, ${summary.memoriesPer1kTokens} per 1k tokens (chars/4)\n`);
  console.log(`| mode | ${[1, 2, 3, 4].map((c) => `${c} ${CATEGORY_NAMES[c]}`).join(' | ')} | all | p50 ms | p95 ms |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.mode} | ${[1, 2, 3, 4].map((c) => r.categories[c]).join(' | ')} | ${r.all} | ${r.p50} | ${r.p95} |`);
  for (const [label, c] of [
    ['ceiling: answer in evidence turns', verbatimCeilings.evidenceTurns],
    ['ceiling: answer in any turn', verbatimCeilings.anyTurn],
  ] as const) {
    console.log(`| ${label} | ${[1, 2, 3, 4].map((k) => c.categories[k]).join(' | ')} | ${c.all} | – | – |`);
  }
  console.log(`\nanswers found, scored below the default threshold (${DEFAULT_THRESHOLD}):`);
  for (const r of rows) console.log(`  ${r.mode}: ${r.answersBelowDefaultThreshold}% (answer score p10 ${r.answerScoreP10}, p50 ${r.answerScoreP50})`);
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, 'results/memory.json'), JSON.stringify(summary, null, 2));
  writeFileSync(resolve(here, 'results/memory-questions.json'), JSON.stringify(questions, null, 1));
}

runBench(main);
