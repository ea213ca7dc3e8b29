/**
 * How much of LoCoMo's gold answers survive memory extraction: for every question of categories 1–4,
 * is the normalized gold answer found in the memories extracted from that question's evidence turns?
 * Each session is extracted as one conversation (documentDate = session date), as ingest would.
 *
 *   npx tsx bench/extraction-coverage.ts [path/to/locomo10.json] [--min-confidence=0.5]
 *     [--limit=N] [--misses=CATEGORY [--all]]
 *
 * With LLM_BASE_URL and LLM_MODEL set, the LLM extractor is measured instead of the offline one.
 * "all answer parts" counts a list answer ("Oregon, Florida") as found when every part is; the last
 * column is the same test on the raw evidence turns, the ceiling for verbatim extraction.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chrono from 'chrono-node';
import { createModels } from '../src/ai/factory.js';
import { loadConfig } from '../src/config.js';
import type { ConversationTurn, ExtractedMemory } from '../src/ai/extract/types.js';
import { answerParts, normalize } from './lib/answers.js';

interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
}
interface LocomoQa {
  question: string;
  answer?: string | number;
  evidence: string[];
  category: number;
}
interface LocomoSample {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: LocomoQa[];
}

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const here = dirname(fileURLToPath(import.meta.url));
const dataPath = args.find((a) => !a.startsWith('--')) ?? resolve(here, '../../shared/data/locomo/locomo10.json');
const showMisses = flag('misses') ? Number(flag('misses')) : null;
const sampleLimit = flag('limit') ? Number(flag('limit')) : Infinity;
const minConfidence = flag('min-confidence') ? Number(flag('min-confidence')) : 0;

function sessionDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  return chrono.parse(text, { instant: new Date(Date.UTC(2000, 0, 1)), timezone: 0 })[0]?.start.date() ?? null;
}

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const { extractor } = createModels(loadConfig());
const samples = (JSON.parse(readFileSync(dataPath, 'utf8')) as LocomoSample[]).slice(0, sampleLimit);

const stats = new Map<number, { total: number; exact: number; parts: number; ceiling: number }>();
let tokens = 0;
let memoryCount = 0;
const started = performance.now();
const misses: string[] = [];

for (const sample of samples) {
  const conversation = sample.conversation;
  const memoriesByTurn = new Map<string, ExtractedMemory[]>();
  const turnText = new Map<string, string>();
  const sessionKeys = Object.keys(conversation).filter((k) => /^session_\d+$/.test(k) && Array.isArray(conversation[k]));
  for (const key of sessionKeys) {
    const session = conversation[key] as LocomoTurn[];
    const date = sessionDate(conversation[`${key}_date_time`]);
    const turns: ConversationTurn[] = session.map((t) => ({ role: 'user', name: t.speaker, content: t.text }));
    const text = session.map((t) => `${t.speaker}: ${t.text}`).join('\n');
    for (const t of session) turnText.set(t.dia_id, `${t.speaker}: ${t.text}`);
    tokens += approxTokens(text);
    const memories = (await extractor.extract({ text, turns, documentDate: date })).filter((m) => m.confidence >= minConfidence);
    memoryCount += memories.length;
    for (const memory of memories) {
      const turn = memory.turnIndex != null ? session[memory.turnIndex] : undefined;
      if (!turn) continue;
      memoriesByTurn.set(turn.dia_id, [...(memoriesByTurn.get(turn.dia_id) ?? []), memory]);
    }
  }
  for (const qa of sample.qa) {
    if (qa.category < 1 || qa.category > 4 || qa.answer === undefined) continue;
    const evidence = qa.evidence.flatMap((e) => e.split(/[;,\s]+/)).filter((e) => e.length > 0);
    const extracted = normalize(evidence.flatMap((id) => memoriesByTurn.get(id) ?? []).map((m) => m.content).join(' | '));
    const raw = normalize(evidence.map((id) => turnText.get(id) ?? '').join(' | '));
    const gold = normalize(String(qa.answer));
    const s = stats.get(qa.category) ?? { total: 0, exact: 0, parts: 0, ceiling: 0 };
    s.total++;
    const found = gold.length > 0 && extracted.includes(gold);
    if (found) s.exact++;
    if (answerParts(String(qa.answer)).every((p) => extracted.includes(p))) s.parts++;
    if (gold.length > 0 && raw.includes(gold)) s.ceiling++;
    stats.set(qa.category, s);
    if (!found && showMisses === qa.category && (raw.includes(gold) || args.includes('--all'))) {
      const mems = evidence.flatMap((id) => memoriesByTurn.get(id) ?? []).map((m) => `      - ${m.content}`);
      misses.push(`Q: ${qa.question} => ${qa.answer}\n   turn: ${evidence.map((id) => turnText.get(id)).join(' / ')}\n${mems.join('\n')}`);
    }
  }
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`;
const names: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };
console.log(`extractor: ${extractor.name}; ${samples.length} conversations; ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log('category        questions  gold in memories  all answer parts  (gold in raw evidence turns)');
let all = { total: 0, exact: 0, parts: 0, ceiling: 0 };
for (const category of [1, 2, 3, 4]) {
  const s = stats.get(category) ?? { total: 0, exact: 0, parts: 0, ceiling: 0 };
  all = { total: all.total + s.total, exact: all.exact + s.exact, parts: all.parts + s.parts, ceiling: all.ceiling + s.ceiling };
  console.log(
    `${category} ${names[category].padEnd(13)} ${String(s.total).padStart(9)}  ${pct(s.exact, s.total).padStart(16)}  ${pct(s.parts, s.total).padStart(16)}  ${pct(s.ceiling, s.total).padStart(12)}`,
  );
}
console.log(
  `all             ${String(all.total).padStart(9)}  ${pct(all.exact, all.total).padStart(16)}  ${pct(all.parts, all.total).padStart(16)}  ${pct(all.ceiling, all.total).padStart(12)}`,
);
console.log(`memories: ${memoryCount}; ≈${tokens} tokens (chars/4); ${((1000 * memoryCount) / Math.max(tokens, 1)).toFixed(1)} memories per 1k tokens`);
if (misses.length) {
  const which = args.includes('--all') ? 'all misses' : 'misses whose evidence turns hold the answer verbatim';
  console.log(`\n${which} (category ${showMisses}):\n${misses.slice(0, 60).join('\n')}`);
}
