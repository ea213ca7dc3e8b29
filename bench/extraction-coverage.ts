/**
 * How much of LoCoMo's gold answers survive memory extraction: for every question of categories 1–4,
 * is the normalized gold answer found in the memories extracted from that question's evidence turns?
 * Each session is extracted as one conversation (documentDate = session date) from the turns that
 * `npm run bench:memory` sends (words and the caption of a shared photo), as ingest would.
 *
 *   npx tsx bench/extraction-coverage.ts [path/to/locomo10.json] [--min-confidence=0.5]
 *     [--limit=N] [--misses=CATEGORY [--all]]
 *
 * With LLM_BASE_URL and LLM_MODEL set, the LLM extractor is measured instead of the offline one.
 * "all answer parts" counts a list answer ("Oregon, Florida") as found when every part is. The two
 * ceilings are the same test on raw text: the evidence turns, and every turn of the conversation —
 * what verbatim extraction (evidence) and verbatim retrieval of any turn (conversation) could reach.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModels } from '../src/ai/factory.js';
import { loadConfig } from '../src/config.js';
import type { ConversationTurn, ExtractedMemory } from '../src/ai/extract/types.js';
import { answerParts, normalize } from './lib/answers.js';
import { answerCeilings, evidenceIds } from './lib/ceilings.js';
import { CATEGORY_NAMES, loadLocomo } from './recall/locomo.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const here = dirname(fileURLToPath(import.meta.url));
const dataPath = args.find((a) => !a.startsWith('--')) ?? process.env.LOCOMO_PATH ?? resolve(here, '../../shared/data/locomo/locomo10.json');
const showMisses = flag('misses') ? Number(flag('misses')) : null;
const sampleLimit = flag('limit') ? Number(flag('limit')) : Infinity;
const minConfidence = flag('min-confidence') ? Number(flag('min-confidence')) : 0;

const { extractor } = createModels(loadConfig());
const samples = loadLocomo(dataPath).slice(0, sampleLimit);

type Counts = { total: number; exact: number; parts: number; evidence: number; conversation: number };
const empty = (): Counts => ({ total: 0, exact: 0, parts: 0, evidence: 0, conversation: 0 });
const stats = new Map<number, Counts>();
let tokens = 0;
let memoryCount = 0;
const started = performance.now();
const misses: string[] = [];

for (const sample of samples) {
  const memoriesByTurn = new Map<string, ExtractedMemory[]>();
  const turnText = new Map<string, string>();
  for (const session of sample.sessions) {
    // The same turns bench/memory.ts sends: the speaker's words with the caption of a shared photo.
    const turns: ConversationTurn[] = session.turns.map((t) => ({ role: 'user', name: t.speaker, content: t.content.slice(t.speaker.length + 2) }));
    const text = session.turns.map((t) => t.content).join('\n');
    for (const t of session.turns) turnText.set(t.diaId, t.content);
    tokens += turns.reduce((sum, t) => sum + Math.ceil(t.content.length / 4), 0);
    const memories = (await extractor.extract({ text, turns, documentDate: session.date })).filter((m) => m.confidence >= minConfidence);
    memoryCount += memories.length;
    for (const memory of memories) {
      const turn = memory.turnIndex != null ? session.turns[memory.turnIndex] : undefined;
      if (!turn) continue;
      memoriesByTurn.set(turn.diaId, [...(memoriesByTurn.get(turn.diaId) ?? []), memory]);
    }
  }
  const ceilings = answerCeilings(sample);
  for (const qa of sample.questions) {
    const evidence = evidenceIds(qa);
    const extracted = normalize(
      evidence
        .flatMap((id) => memoriesByTurn.get(id) ?? [])
        .map((m) => m.content)
        .join(' | '),
    );
    const raw = normalize(evidence.map((id) => turnText.get(id) ?? '').join(' | '));
    const gold = normalize(qa.answer);
    const s = stats.get(qa.category) ?? empty();
    s.total++;
    const found = gold.length > 0 && extracted.includes(gold);
    if (found) s.exact++;
    if (answerParts(qa.answer).every((p) => extracted.includes(p))) s.parts++;
    if (ceilings.get(qa)!.inEvidence) s.evidence++;
    if (ceilings.get(qa)!.inConversation) s.conversation++;
    stats.set(qa.category, s);
    if (!found && showMisses === qa.category && (raw.includes(gold) || args.includes('--all'))) {
      const mems = evidence.flatMap((id) => memoriesByTurn.get(id) ?? []).map((m) => `      - ${m.content}`);
      misses.push(`Q: ${qa.question} => ${qa.answer}\n   turn: ${evidence.map((id) => turnText.get(id)).join(' / ')}\n${mems.join('\n')}`);
    }
  }
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`;
console.log(`extractor: ${extractor.name}; ${samples.length} conversations; ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log('category        questions  gold in memories  all answer parts  | ceilings: gold in evidence turns  in any turn');
const all = empty();
const row = (label: string, s: Counts) =>
  console.log(
    `${label.padEnd(15)} ${String(s.total).padStart(9)}  ${pct(s.exact, s.total).padStart(16)}  ${pct(s.parts, s.total).padStart(16)}  | ${pct(s.evidence, s.total).padStart(29)}  ${pct(s.conversation, s.total).padStart(11)}`,
  );
for (const category of [1, 2, 3, 4]) {
  const s = stats.get(category) ?? empty();
  for (const key of Object.keys(all) as (keyof Counts)[]) all[key] += s[key];
  row(`${category} ${CATEGORY_NAMES[category]}`, s);
}
row('all', all);
console.log(`memories: ${memoryCount}; ≈${tokens} tokens (chars/4); ${((1000 * memoryCount) / Math.max(tokens, 1)).toFixed(1)} memories per 1k tokens`);
if (misses.length) {
  const which = args.includes('--all') ? 'all misses' : 'misses whose evidence turns hold the answer verbatim';
  console.log(`\n${which} (category ${showMisses}):\n${misses.slice(0, Number(flag('show') ?? 60)).join('\n')}`);
}
