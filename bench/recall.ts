/**
 * Retrieval quality on LoCoMo (categories 1–4): evidence recall@5/10/20 and search latency.
 *
 *   npm run bench:recall
 *   BENCH_SAMPLES=2 npm run bench:recall        first two conversations only
 *   BENCH_DRIVER=postgres npm run bench:recall  against PostgreSQL instead of the embedded database
 *   BENCH_SKIP_DOCUMENTS=1 npm run bench:recall  only the per-turn memories run
 *
 * Run 1 writes every turn as its own memory (POST /v4/memories, metadata.dia_id, containerTag =
 * sample_id, temporalContext.documentDate = the session date) and asks every question of its
 * tag. `memories` and `hybrid` go through HTTP; the BM25-only and vector-only rows are the same
 * engine with one retriever switched off (an internal option of the search service, called in
 * process). Run 2 ingests each session as a conversation document and searches in `documents`
 * mode; a chunk counts as retrieving every turn whose text it contains. Each run ends with a
 * ceiling row: the evidence found in the top k of BM25-only or of vector-only, 2k results in all,
 * which bounds what merging those two lists can reach at k.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Retrievers } from '../src/core/search/fusion.js';
import { NOTHING_INCLUDED, type SearchInput, type SearchMode } from '../src/core/search/search-service.js';
import { waitFor } from '../test/helpers/wait.js';
import { runBench, startBenchServer, type BenchDriver, type BenchServer } from './lib/in-process-server.js';
import { CATEGORY_NAMES, loadLocomo, type LocomoSample, type LocomoTurn } from './recall/locomo.js';
import { evidenceRecall, KS, percentile, RecallTable } from './recall/metrics.js';

const DATA = process.env.BENCH_LOCOMO ?? new URL('../../shared/data/locomo/locomo10.json', import.meta.url).pathname;
const DRIVER: BenchDriver = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'pglite';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const TOP = 20;

interface Variant {
  name: string;
  /** How the search is reached: the public API, or the service with an internal option. */
  via: 'http' | 'service';
  mode: SearchMode;
  retrievers?: Retrievers;
  rerank?: boolean;
  rewriteQuery?: boolean;
}

interface VariantResult {
  name: string;
  via: string;
  recall: Record<string, Record<string, number>>;
  questions: number;
  p50: number | null;
  p95: number | null;
}

/** What one variant retrieved for each question, in question order: the turns of each hit. */
type Retrieved = string[][][];

const MEMORY_VARIANTS: Variant[] = [
  { name: 'memories', via: 'http', mode: 'memories' },
  { name: 'hybrid', via: 'http', mode: 'hybrid' },
  { name: 'BM25-only', via: 'service', mode: 'memories', retrievers: 'lexical' },
  { name: 'vector-only', via: 'service', mode: 'memories', retrievers: 'vector' },
  { name: 'memories + rerank', via: 'http', mode: 'memories', rerank: true },
  { name: 'memories + rewriteQuery', via: 'http', mode: 'memories', rewriteQuery: true },
];

const DOCUMENT_VARIANTS: Variant[] = [
  { name: 'documents', via: 'http', mode: 'documents' },
  { name: 'documents BM25-only', via: 'service', mode: 'documents', retrievers: 'lexical' },
  { name: 'documents vector-only', via: 'service', mode: 'documents', retrievers: 'vector' },
];

async function main(): Promise<void> {
  const samples = loadLocomo(DATA).slice(0, SAMPLES);
  const questions = samples.reduce((n, s) => n + s.questions.length, 0);
  console.log(`LoCoMo: ${samples.length} conversations, ${questions} questions (categories 1–4), driver ${DRIVER}`);

  const memoryResults = await runMemories(samples);
  printTable('Per-turn memories', memoryResults);
  const documentResults = process.env.BENCH_SKIP_DOCUMENTS ? [] : await runDocuments(samples);
  if (documentResults.length) printTable('Sessions as conversation documents', documentResults);

  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/recall.json', import.meta.url),
    `${JSON.stringify({ driver: DRIVER, samples: samples.length, questions, memories: memoryResults, documents: documentResults }, null, 2)}\n`,
  );
}

async function runMemories(samples: LocomoSample[]): Promise<VariantResult[]> {
  const server = await startBenchServer(DRIVER);
  try {
    const started = performance.now();
    let written = 0;
    for (const sample of samples) {
      for (const session of sample.sessions) {
        for (let i = 0; i < session.turns.length; i += 100) {
          const turns = session.turns.slice(i, i + 100);
          const res = await server.request('POST', '/v4/memories', {
            containerTag: sample.sampleId,
            memories: turns.map((turn) => ({
              content: turn.content,
              metadata: { dia_id: turn.diaId, session: session.number, speaker: turn.speaker },
              ...(session.date ? { temporalContext: { documentDate: session.date.toISOString() } } : {}),
            })),
          });
          if (res.status !== 201) throw new Error(`POST /v4/memories answered ${res.status}: ${JSON.stringify(res.body)}`);
          written += turns.length;
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`wrote ${written} memories in ${seconds.toFixed(1)} s (${(written / seconds).toFixed(0)}/s, embedding included)`);
    return await evaluateAll(server, samples, MEMORY_VARIANTS, (hit) => [hit.metadata?.dia_id as string]);
  } finally {
    await server.close();
  }
}

async function runDocuments(samples: LocomoSample[]): Promise<VariantResult[]> {
  const server = await startBenchServer(DRIVER);
  try {
    const started = performance.now();
    let sessions = 0;
    for (const sample of samples) {
      for (const session of sample.sessions) {
        const res = await server.request('POST', '/v4/conversations', {
          conversationId: `${sample.sampleId}-session-${session.number}`,
          containerTag: sample.sampleId,
          ...(session.date ? { documentDate: session.date.toISOString() } : {}),
          messages: session.turns.map((turn) => ({
            role: turn.speaker === sample.speakers[0] ? 'user' : 'assistant',
            name: turn.speaker,
            content: turn.content.slice(turn.speaker.length + 2),
          })),
        });
        if (res.status !== 200) throw new Error(`POST /v4/conversations answered ${res.status}: ${JSON.stringify(res.body)}`);
        sessions++;
      }
    }
    await waitFor(
      async () => {
        const res = await server.request<{ totalCount: number }>('GET', '/v3/documents/processing');
        return res.body.totalCount === 0 ? true : undefined;
      },
      60 * 60_000,
      'the pipeline to drain',
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`ingested ${sessions} session documents in ${seconds.toFixed(1)} s (chunked, embedded, indexed)`);
    const turnsBySample = new Map(samples.map((s) => [s.sampleId, s.sessions.flatMap((session) => session.turns)]));
    return await evaluateAll(server, samples, DOCUMENT_VARIANTS, (hit, sample) => turnsInChunk(hit.chunk ?? '', turnsBySample.get(sample.sampleId)!));
  } finally {
    await server.close();
  }
}

interface Hit {
  memory?: string;
  chunk?: string;
  metadata: Record<string, unknown> | null;
}

type EvidenceOf = (hit: Hit, sample: LocomoSample) => string[];

/**
 * Every variant, then the ceiling of any merge of the two single retrievers: a question's
 * evidence found in the top k of BM25-only or in the top k of vector-only (2k results).
 */
async function evaluateAll(server: BenchServer, samples: LocomoSample[], variants: Variant[], evidenceOf: EvidenceOf): Promise<VariantResult[]> {
  const results: VariantResult[] = [];
  const retrievedBy = new Map<Retrievers | undefined, Retrieved>();
  for (const variant of variants) {
    const { result, retrieved } = await evaluate(server, samples, variant, evidenceOf);
    results.push(result);
    if (variant.retrievers) retrievedBy.set(variant.retrievers, retrieved);
    report(result);
  }
  const lexical = retrievedBy.get('lexical');
  const vector = retrievedBy.get('vector');
  if (lexical && vector) {
    results.push(unionCeiling(samples, lexical, vector));
    report(results.at(-1)!);
  }
  return results;
}

async function evaluate(
  server: BenchServer,
  samples: LocomoSample[],
  variant: Variant,
  evidenceOf: EvidenceOf,
): Promise<{ result: VariantResult; retrieved: Retrieved }> {
  const table = new RecallTable();
  const latencies: number[] = [];
  const all: Retrieved = [];
  for (const sample of samples) {
    for (const question of sample.questions) {
      const { hits, ms } = await search(server, variant, sample.sampleId, question.question);
      latencies.push(ms);
      const retrieved = hits.map((hit) => evidenceOf(hit, sample));
      all.push(retrieved);
      for (const k of KS) table.add(question.category, k, evidenceRecall(question.evidence, retrieved, k));
    }
  }
  const result = {
    name: variant.name,
    via: variant.via === 'http' ? 'HTTP' : 'in process',
    recall: recallOf(table),
    questions: table.count('all'),
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
  };
  return { result, retrieved: all };
}

function unionCeiling(samples: LocomoSample[], lexical: Retrieved, vector: Retrieved): VariantResult {
  const table = new RecallTable();
  const questions = samples.flatMap((sample) => sample.questions);
  questions.forEach((question, i) => {
    for (const k of KS) {
      const merged = [...lexical[i].slice(0, k), ...vector[i].slice(0, k)];
      table.add(question.category, k, evidenceRecall(question.evidence, merged, 2 * k));
    }
  });
  return { name: 'ceiling: BM25 top k ∪ vector top k', via: '2k results', recall: recallOf(table), questions: table.count('all'), p50: null, p95: null };
}

function recallOf(table: RecallTable): VariantResult['recall'] {
  const recall: VariantResult['recall'] = {};
  for (const category of ['all', 1, 2, 3, 4] as const) {
    recall[String(category)] = Object.fromEntries(KS.map((k) => [`@${k}`, round1(table.get(category, k))]));
  }
  return recall;
}

async function search(server: BenchServer, variant: Variant, containerTag: string, q: string): Promise<{ hits: Hit[]; ms: number }> {
  const input: SearchInput = {
    q,
    containerTag,
    threshold: 0,
    limit: TOP,
    searchMode: variant.mode,
    rerank: variant.rerank ?? false,
    rewriteQuery: variant.rewriteQuery ?? false,
    include: NOTHING_INCLUDED,
  };
  if (variant.via === 'http') {
    const res = await server.request<{ results: Hit[] }>('POST', '/v4/search', {
      q,
      containerTag,
      threshold: 0,
      limit: TOP,
      searchMode: variant.mode,
      rerank: input.rerank,
      rewriteQuery: input.rewriteQuery,
    });
    if (res.status !== 200) throw new Error(`POST /v4/search answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { hits: res.body.results, ms: res.ms };
  }
  const started = performance.now();
  const { hits } = await server.app.search.search(server.principal, input, { retrievers: variant.retrievers });
  const ms = performance.now() - started;
  return {
    hits: hits.map((hit) =>
      hit.kind === 'memory'
        ? { memory: hit.memory.memory, metadata: hit.memory.metadata ?? null }
        : { chunk: hit.chunk.content, metadata: hit.document.metadata ?? null },
    ),
    ms,
  };
}

/** Turns whose text the chunk contains (the start or the end of it, when the chunker split a long turn). */
function turnsInChunk(chunk: string, turns: LocomoTurn[]): string[] {
  const text = chunk.replace(/\s+/g, ' ');
  return turns
    .filter((turn) => {
      const words = turn.text.replace(/\s+/g, ' ').trim();
      const head = words.slice(0, 60);
      const tail = words.slice(-60);
      return head.length > 0 && (text.includes(head) || text.includes(tail));
    })
    .map((turn) => turn.diaId);
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function report(result: VariantResult): void {
  const r = result.recall.all;
  const latency = result.p50 === null ? '' : `  p50 ${result.p50} ms  p95 ${result.p95} ms`;
  console.log(`  ${result.name.padEnd(26)} R@5 ${r['@5']}  R@10 ${r['@10']}  R@20 ${r['@20']}${latency}`);
}

function printTable(title: string, results: VariantResult[]): void {
  const categories = ['all', '1', '2', '3', '4'];
  const header = ['variant', 'via', ...categories.map((c) => (c === 'all' ? 'overall' : `${c} ${CATEGORY_NAMES[Number(c)]}`)), 'p50 ms', 'p95 ms'];
  console.log(`\n### ${title} — evidence recall @5 / @10 / @20 (%)\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const r of results) {
    const cells = categories.map((c) => KS.map((k) => r.recall[c][`@${k}`].toFixed(1)).join(' / '));
    const latency = [r.p50, r.p95].map((ms) => (ms === null ? '–' : ms.toFixed(1)));
    console.log(`| ${[r.name, r.via, ...cells, ...latency].join(' | ')} |`);
  }
}

runBench(main);
