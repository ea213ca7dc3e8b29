/**
 * Memory truth: does what the service remembers stay true as notes are edited, deleted and moved,
 * pages and PDFs are read, and facts change? Each case is a small scenario in its own container
 * tag, played through the public HTTP API only (notes, conversations, web pages served on
 * 127.0.0.1 by URL, uploaded HTML and PDF files, a web-crawler connection, edits, deletes, moves,
 * direct memory writes), then judged by pass/fail checks: the answer to a plain question among the
 * first three results at the default threshold (memories and hybrid), a fact live or gone, a new
 * version, the profile, date suffixes, two facts in one memory, counts, update/forget by content.
 *
 *   npm run bench:truth
 *   BENCH_SPLIT=tune npm run bench:truth     one split of the cases (tune, report or dev)
 *   BENCH_CASE=<id> npm run bench:truth      one case, with its memories, profile and search results
 *   BENCH_CASE='dev-upd2-*' npm run bench:truth  the cases whose id starts so
 *   BENCH_CLASS=<class> npm run bench:truth  one class (edits, deletes, furniture, dates, oneFact, questions, updates)
 *
 * Cases are in bench/truth/cases/, one file per class, split half "tune" and half "report" within
 * each class: fixes are made looking at the tune half; the report half says whether they generalize.
 * A third set, "dev" (cases/dev-*.ts), written independently of the other two, is used for
 * development alongside tune and is not part of the tune/report balance.
 * Failed checks are listed for tune and dev only (all of them with BENCH_CASE or BENCH_SHOW_REPORT=1).
 * Results: bench/results/truth.json.
 */
import { DEFAULT_THRESHOLD } from '../src/core/search/search-service.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBench, startBenchServer, type BenchServer } from './lib/in-process-server.js';
import { ALL_CASES } from './truth/cases/index.js';
import { buildPdf, serveSite, type Site } from './truth/fixtures.js';
import { CLASSES, type Check, type Forms, type Mode, type Split, type Step, type TruthCase, type TruthClass } from './truth/types.js';

const here = dirname(fileURLToPath(import.meta.url));
const ONE_CASE = process.env.BENCH_CASE;
const SPLIT = process.env.BENCH_SPLIT as Split | undefined;
const ONLY_CLASS = process.env.BENCH_CLASS as TruthClass | undefined;
const SHOW_REPORT = !!process.env.BENCH_SHOW_REPORT || (!!ONE_CASE && !ONE_CASE.endsWith('*'));
const DOC_TIMEOUT_MS = 120_000;
const SEARCH_WITHIN = 3;

interface CheckResult {
  check: string;
  pass: boolean;
  detail: string;
}

interface CaseResult {
  id: string;
  class: TruthClass;
  split: Split;
  seconds: number;
  error: string | null;
  checks: CheckResult[];
}

interface MemoryEntry {
  id: string;
  memory: string;
  version: number;
  isLatest: boolean;
  isForgotten: boolean;
  isStatic: boolean;
  documentIds: string[];
  history: { memory: string; version: number; isLatest: boolean; isForgotten: boolean }[];
}

interface SearchHit {
  memory?: string;
  chunk?: string;
  similarity: number;
}

// ---------- text matching ----------

/** Lowercase, accents and curly quotes folded, whitespace collapsed. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

const formsOf = (forms: Forms): string[] => (Array.isArray(forms) ? forms : [forms]);
const holds = (text: string, forms: Forms) => formsOf(forms).some((form) => fold(text).includes(fold(form)));
const holdsAll = (text: string, parts: Forms[]) => parts.every((part) => holds(text, part));
const show = (forms: Forms) =>
  formsOf(forms)
    .map((f) => JSON.stringify(f))
    .join('|');
const clip = (text: string, n = 110) => (text.length > n ? `${text.slice(0, n - 1)}…` : text).replace(/\s+/g, ' ');

// ---------- one case ----------

const answerScores: Partial<Record<Split, number[]>> = {};

class CaseRun {
  readonly base: string;
  readonly docs = new Map<string, string>();
  readonly connections = new Map<string, string>();
  readonly tags = new Set<string>();
  site: Site | null = null;

  constructor(
    private readonly server: BenchServer,
    readonly testCase: TruthCase,
  ) {
    this.base = `truth_${testCase.id}`;
    this.tags.add(this.base);
  }

  tag(ref?: string): string {
    const tag = ref ? `${this.base}-${ref}` : this.base;
    this.tags.add(tag);
    return tag;
  }

  async call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return this.server.request<T>(method, path, body);
  }

  async expectOk<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async upload(filename: string, type: string, bytes: Uint8Array | string, tag: string): Promise<{ id: string }> {
    const form = new FormData();
    const part: BlobPart = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('containerTag', tag);
    form.append('file', new Blob([part], { type }), filename);
    const res = await fetch(`${this.server.url}/v3/documents/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.server.key}` },
      body: form,
    });
    const body = (await res.json()) as { id: string };
    if (!res.ok) throw new Error(`upload of ${filename} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }

  async waitDone(id: string, what: string): Promise<void> {
    const deadline = Date.now() + DOC_TIMEOUT_MS;
    for (;;) {
      const res = await this.call<{ status: string; error: string | null }>('GET', `/v3/documents/${id}`);
      if (res.status === 200 && res.body.status === 'done') return;
      if (res.status === 200 && res.body.status === 'failed') throw new Error(`${what} failed: ${res.body.error}`);
      if (Date.now() > deadline) throw new Error(`${what} not done after ${DOC_TIMEOUT_MS / 1000} s (${res.status} ${JSON.stringify(res.body)})`);
      await sleep(60);
    }
  }

  async startSite(): Promise<Site> {
    if (this.site) return this.site;
    const pages: Record<string, string> = {};
    for (const step of this.testCase.steps) {
      if (step.do === 'page') pages[step.path] = step.html;
      if (step.do === 'crawl') Object.assign(pages, step.pages);
    }
    this.site = await serveSite(pages);
    return this.site;
  }

  docId(label: string): string {
    const id = this.docs.get(label);
    if (!id) throw new Error(`case ${this.testCase.id}: no document labelled ${label}`);
    return id;
  }

  async step(step: Step): Promise<void> {
    switch (step.do) {
      case 'note': {
        const body = await this.expectOk<{ id: string }>('POST', '/v3/documents', {
          content: step.content,
          containerTag: this.tag(step.tag),
          ...(step.customId ? { customId: step.customId } : {}),
          ...(step.title ? { title: step.title } : {}),
          ...(step.documentDate ? { documentDate: step.documentDate } : {}),
        });
        if (step.as) this.docs.set(step.as, body.id);
        await this.waitDone(body.id, `note ${step.as ?? ''}`);
        return;
      }
      case 'chat': {
        const body = await this.expectOk<{ id: string }>('POST', '/v4/conversations', {
          conversationId: step.conversationId,
          containerTag: this.tag(step.tag),
          messages: step.messages,
          ...(step.documentDate ? { documentDate: step.documentDate } : {}),
        });
        if (step.as) this.docs.set(step.as, body.id);
        await this.waitDone(body.id, `conversation ${step.conversationId}`);
        return;
      }
      case 'page': {
        const tag = this.tag(step.tag);
        let id: string;
        if (step.via === 'url') {
          const site = await this.startSite();
          id = (await this.expectOk<{ id: string }>('POST', '/v3/documents', { content: `${site.origin}${step.path}`, containerTag: tag })).id;
        } else {
          const name = step.path.replace(/\/$/, '/index').split('/').pop() || 'page';
          id = (await this.upload(name.endsWith('.html') ? name : `${name}.html`, 'text/html', step.html, tag)).id;
        }
        if (step.as) this.docs.set(step.as, id);
        await this.waitDone(id, `page ${step.path}`);
        return;
      }
      case 'pdf': {
        const { id } = await this.upload(step.file, 'application/pdf', await buildPdf(step.pdf), this.tag(step.tag));
        if (step.as) this.docs.set(step.as, id);
        await this.waitDone(id, `pdf ${step.file}`);
        return;
      }
      case 'crawl': {
        const site = await this.startSite();
        const tag = this.tag(step.tag);
        const { id } = await this.expectOk<{ id: string }>('POST', '/v3/connections/web-crawler', {
          containerTag: tag,
          metadata: { startUrl: `${site.origin}${step.start}`, maxDepth: 2, maxPages: 20 },
        });
        this.connections.set(step.as, id);
        const deadline = Date.now() + DOC_TIMEOUT_MS;
        for (;;) {
          const conn = await this.expectOk<{ lastSyncRun: { status: string; error: string | null } | null }>('GET', `/v3/connections/${id}`);
          if (conn.lastSyncRun?.status === 'failed') throw new Error(`crawl failed: ${conn.lastSyncRun.error}`);
          if (conn.lastSyncRun?.status === 'completed') break;
          if (Date.now() > deadline) throw new Error('crawl not completed in time');
          await sleep(100);
        }
        const docs = await this.expectOk<{ id: string }[]>('POST', '/v3/connections/web-crawler/documents', { containerTags: [tag] });
        if (docs.length < Object.keys(step.pages).length) {
          throw new Error(`crawl imported ${docs.length} of ${Object.keys(step.pages).length} pages`);
        }
        for (const doc of docs) await this.waitDone(doc.id, 'crawled page');
        return;
      }
      case 'edit': {
        const body = await this.expectOk<{ id: string; status: string }>('PATCH', `/v3/documents/${this.docId(step.target)}`, {
          ...(step.content !== undefined ? { content: step.content } : {}),
          ...(step.moveTo !== undefined ? { containerTag: this.tag(step.moveTo) } : {}),
        });
        await this.waitDone(body.id, `edit of ${step.target}`);
        return;
      }
      case 'delete': {
        const res = await this.call('DELETE', `/v3/documents/${this.docId(step.target)}`);
        if (res.status !== 204) throw new Error(`DELETE document answered ${res.status}: ${JSON.stringify(res.body)}`);
        return;
      }
      case 'bulkDelete': {
        await this.expectOk('DELETE', '/v3/documents/bulk', {
          ...(step.targets ? { ids: step.targets.map((t) => this.docId(t)) } : {}),
          ...(step.tags ? { containerTags: step.tags.map((t) => this.tag(t === '.' ? undefined : t)) } : {}),
        });
        return;
      }
      case 'deleteConnection': {
        const id = this.connections.get(step.target);
        if (!id) throw new Error(`no connection labelled ${step.target}`);
        await this.expectOk('DELETE', `/v3/connections/${id}`);
        return;
      }
      case 'remember': {
        await this.expectOk('POST', '/v4/memories', { containerTag: this.tag(step.tag), memories: step.memories });
        return;
      }
    }
  }

  /** Waits for the case's tags to have nothing in ingest and for their memories and profiles to stop changing. */
  async settle(): Promise<void> {
    const tags = [...this.tags];
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await this.call<{ totalCount: number }>('GET', `/v3/documents/processing?containerTags=${tags.join(',')}`);
      if (res.status === 200 && res.body.totalCount === 0) break;
      if (Date.now() > deadline) throw new Error('documents still processing after 30 s');
      await sleep(100);
    }
    let last = '';
    const stableBy = Date.now() + 10_000;
    for (;;) {
      const snapshot = JSON.stringify(await Promise.all(tags.map(async (tag) => [await this.memories(tag), await this.profile(tag)])));
      if (snapshot === last || Date.now() > stableBy) return;
      last = snapshot;
      await sleep(250);
    }
  }

  async memories(tag: string): Promise<MemoryEntry[]> {
    const all: MemoryEntry[] = [];
    for (let page = 1; ; page++) {
      const body = await this.expectOk<{ memoryEntries: MemoryEntry[]; pagination: { totalPages: number } }>('POST', '/v4/memories/list', {
        containerTag: tag,
        limit: 1000,
        page,
      });
      all.push(...body.memoryEntries);
      if (page >= body.pagination.totalPages) return all;
    }
  }

  async liveMemories(tag: string): Promise<MemoryEntry[]> {
    return (await this.memories(tag)).filter((m) => m.isLatest && !m.isForgotten);
  }

  async profile(tag: string): Promise<string[]> {
    const res = await this.call<{ profile: { static: string[]; dynamic: string[] } }>('POST', '/v4/profile', { containerTag: tag });
    if (res.status === 404) return [];
    if (res.status !== 200) throw new Error(`POST /v4/profile answered ${res.status}: ${JSON.stringify(res.body)}`);
    return [...res.body.profile.static, ...res.body.profile.dynamic];
  }

  /**
   * The score the first memory holding the answer gets at threshold 0, kept per split, for the
   * share of stored answers the default threshold would cut.
   */
  async recordAnswerScore(q: string, expect: Parameters<typeof holds>[1], tag: string): Promise<void> {
    const body = await this.expectOk<{ results: SearchHit[] }>('POST', '/v4/search', { q, containerTag: tag, threshold: 0, limit: 10 });
    const answering = body.results.find((h) => holds(h.memory ?? '', expect));
    if (answering) (answerScores[this.testCase.split] ??= []).push(answering.similarity);
    if (answering && answering.similarity < DEFAULT_THRESHOLD && this.testCase.split !== 'report') {
      process.stderr.write(`    under the default threshold: ${JSON.stringify(q)} → ${answering.similarity.toFixed(3)} ${clip(answering.memory ?? '')}\n`);
    }
  }

  async search(q: string, mode: Mode, tag: string): Promise<SearchHit[]> {
    const body = await this.expectOk<{ results: SearchHit[] }>('POST', '/v4/search', {
      q,
      containerTag: tag,
      ...(mode === 'memories' ? {} : { searchMode: mode }),
    });
    return body.results;
  }

  /** Runs one check; a check with modes gives one result per mode. */
  async check(check: Check): Promise<CheckResult[]> {
    const tag = this.tag(check.tag);
    const at = check.tag ? ` [tag ${check.tag}]` : '';
    if ('answer' in check) {
      const within = check.within ?? SEARCH_WITHIN;
      return Promise.all(
        (check.modes ?? ['memories', 'hybrid']).map(async (mode) => {
          const hits = (await this.search(check.answer, mode, tag)).slice(0, within);
          const texts = hits.map((h) => h.memory ?? h.chunk ?? '');
          if (mode === 'memories') await this.recordAnswerScore(check.answer, check.expect, tag);
          const found = texts.findIndex((t) => holds(t, check.expect));
          const stale = check.above ? texts.findIndex((t) => holds(t, check.above!) && !holds(t, check.expect)) : -1;
          const pass = found >= 0 && (stale < 0 || stale > found);
          const name = `answer(${mode}) ${JSON.stringify(check.answer)} → ${show(check.expect)}${check.above ? ` above ${show(check.above)}` : ''}${at}`;
          const detail = texts.length ? texts.map((t, i) => `${i + 1}. ${clip(t)}`).join(' ') : 'no results';
          return { check: name, pass, detail };
        }),
      );
    }
    if ('unfound' in check) {
      return Promise.all(
        (check.modes ?? ['memories', 'hybrid']).map(async (mode) => {
          const hits = await this.search(check.unfound, mode, tag);
          const bad = hits.map((h) => h.memory ?? h.chunk ?? '').filter((t) => holds(t, check.text));
          const name = `unfound(${mode}) ${JSON.stringify(check.unfound)} ✗ ${show(check.text)}${at}`;
          return {
            check: name,
            pass: bad.length === 0,
            detail: bad.length ? `found: ${bad.map((t) => clip(t)).join(' | ')}` : `${hits.length} results, none with it`,
          };
        }),
      );
    }
    if ('live' in check || 'absent' in check || 'oneFact' in check || 'noSuffix' in check) {
      const live = await this.liveMemories(tag);
      if ('live' in check) {
        const hit = live.find((m) => holdsAll(m.memory, check.live));
        return [
          { check: `live ${check.live.map(show).join(' + ')}${at}`, pass: !!hit, detail: hit ? clip(hit.memory) : `not in ${live.length} live memories` },
        ];
      }
      const parts: Forms[] = 'absent' in check ? check.absent : 'oneFact' in check ? check.oneFact : ['(as of'];
      const bad = live.filter((m) => holdsAll(m.memory, parts));
      const name = 'absent' in check ? `absent ${parts.map(show).join(' + ')}` : 'oneFact' in check ? `oneFact ${parts.map(show).join(' / ')}` : 'noSuffix';
      return [
        { check: `${name}${at}`, pass: bad.length === 0, detail: bad.length ? bad.map((m) => clip(m.memory)).join(' | ') : `${live.length} live memories` },
      ];
    }
    if ('version' in check) {
      const live = await this.liveMemories(tag);
      const now = live.find((m) => holds(m.memory, check.version.now));
      const stale = live.filter((m) => holds(m.memory, check.version.was) && !holds(m.memory, check.version.now));
      const pass = !!now && (now.version >= 2 || stale.length === 0);
      const detail = !now
        ? `no live memory with ${show(check.version.now)}`
        : `v${now.version} ${clip(now.memory, 70)}${stale.length ? `; old still live: ${stale.map((m) => clip(m.memory, 70)).join(' | ')}` : ''}`;
      return [{ check: `version ${show(check.version.was)} → ${show(check.version.now)}${at}`, pass, detail }];
    }
    if ('profileHas' in check || 'profileLacks' in check) {
      const lines = await this.profile(tag);
      const has = 'profileHas' in check;
      const forms = has ? check.profileHas : check.profileLacks;
      const matching = lines.filter((l) => holds(l, forms));
      return [
        {
          check: `profile ${has ? 'has' : 'lacks'} ${show(forms)}${at}`,
          pass: has ? matching.length > 0 : matching.length === 0,
          detail: matching.length ? matching.map((l) => clip(l, 80)).join(' | ') : `${lines.length} profile lines`,
        },
      ];
    }
    if ('count' in check) {
      const [tagRes, docs, live] = await Promise.all([
        this.call<{ documentCount: number; memoryCount: number }>('GET', `/v3/container-tags/${tag}`),
        this.expectOk<{ totalCount: number }>('POST', '/v3/documents/list', { containerTags: [tag], limit: 1 }),
        this.liveMemories(tag),
      ]);
      const tagCounts = tagRes.status === 200 ? tagRes.body : { documentCount: 0, memoryCount: 0 };
      const want = check.count;
      const memOk = (n: number) => (want.memories === undefined ? true : typeof want.memories === 'number' ? n === want.memories : n >= want.memories.min);
      const docOk = (n: number) => want.documents === undefined || n === want.documents;
      const pass = docOk(tagCounts.documentCount) && docOk(docs.totalCount) && memOk(tagCounts.memoryCount) && memOk(live.length);
      const wantText = `documents ${want.documents ?? 'any'}, memories ${typeof want.memories === 'object' ? `≥${want.memories.min}` : (want.memories ?? 'any')}`;
      const detail = `tag: ${tagCounts.documentCount} docs, ${tagCounts.memoryCount} memories; lists: ${docs.totalCount} docs, ${live.length} live memories`;
      return [{ check: `count ${wantText}${at}`, pass, detail }];
    }
    if ('updateByContent' in check) {
      const res = await this.call('PATCH', '/v4/memories', { containerTag: tag, ...check.updateByContent });
      const ok = res.status >= 200 && res.status < 300;
      return [
        {
          check: `updateByContent ${JSON.stringify(check.updateByContent.content)}${at}`,
          pass: ok,
          detail: `${res.status} ${clip(JSON.stringify(res.body), 140)}`,
        },
      ];
    }
    const res = await this.call('DELETE', '/v4/memories', { containerTag: tag, content: check.forgetByContent });
    const ok = res.status >= 200 && res.status < 300;
    return [
      { check: `forgetByContent ${JSON.stringify(check.forgetByContent)}${at}`, pass: ok, detail: `${res.status} ${clip(JSON.stringify(res.body), 140)}` },
    ];
  }

  async run(): Promise<CaseResult> {
    const started = performance.now();
    const result: CaseResult = { id: this.testCase.id, class: this.testCase.class, split: this.testCase.split, seconds: 0, error: null, checks: [] };
    try {
      for (const step of this.testCase.steps) await this.step(step);
      await this.settle();
      for (const check of this.testCase.checks) {
        result.checks.push(...(await this.check(check)));
        if ('updateByContent' in check || 'forgetByContent' in check) await this.settle();
      }
      if (ONE_CASE) await this.dump();
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
      // A case that cannot be played fails every check it has.
      const pending = this.testCase.checks.slice(result.checks.length);
      for (const check of pending) {
        const n = 'answer' in check || 'unfound' in check ? (check.modes ?? ['memories', 'hybrid']).length : 1;
        for (let i = 0; i < n; i++) result.checks.push({ check: Object.keys(check)[0], pass: false, detail: `case error: ${result.error}` });
      }
    } finally {
      await this.site?.close();
    }
    result.seconds = (performance.now() - started) / 1000;
    return result;
  }

  /** BENCH_CASE: what the case left behind, to read a failure. */
  async dump(): Promise<void> {
    for (const tag of this.tags) {
      console.log(`\n== memories of ${tag} (latest; [F] forgotten, [S] static)`);
      for (const m of await this.memories(tag)) {
        console.log(`  v${m.version}${m.isForgotten ? ' [F]' : ''}${m.isStatic ? ' [S]' : ''} ${m.memory}  (docs ${m.documentIds.length})`);
        for (const h of m.history.filter((v) => !v.isLatest)) console.log(`      was v${h.version}: ${h.memory}`);
      }
      console.log(`== profile of ${tag}`);
      for (const line of await this.profile(tag)) console.log(`  ${line}`);
    }
    const queries = new Map<string, string>();
    for (const check of this.testCase.checks) {
      if ('answer' in check) queries.set(check.answer, this.tag(check.tag));
      if ('unfound' in check) queries.set(check.unfound, this.tag(check.tag));
    }
    for (const [q, tag] of queries) {
      for (const mode of ['memories', 'hybrid'] as const) {
        console.log(`== search (${mode}, ${tag}) ${JSON.stringify(q)}`);
        for (const hit of (await this.search(q, mode, tag)).slice(0, 5)) {
          console.log(`  ${hit.similarity.toFixed(3)} ${hit.memory !== undefined ? 'M' : 'C'} ${clip(hit.memory ?? hit.chunk ?? '', 160)}`);
        }
      }
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------- the run ----------

function validate(cases: TruthCase[]): void {
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`duplicate case id ${c.id}`);
    if (!/^[a-z0-9-]+$/.test(c.id)) throw new Error(`case id ${c.id}: lowercase letters, digits and - only`);
    ids.add(c.id);
  }
  // tune and report halve each class; dev is a separate set and is not balanced against them.
  for (const cls of Object.keys(CLASSES) as TruthClass[]) {
    const of = cases.filter((c) => c.class === cls && c.split !== 'dev');
    const tune = of.filter((c) => c.split === 'tune').length;
    if (Math.abs(tune - (of.length - tune)) > 1) throw new Error(`class ${cls}: ${tune} tune and ${of.length - tune} report cases`);
  }
}

interface Tally {
  checks: number;
  passed: number;
  cases: number;
  casesPassed: number;
}

function tally(results: CaseResult[]): Tally {
  return {
    checks: results.reduce((n, r) => n + r.checks.length, 0),
    passed: results.reduce((n, r) => n + r.checks.filter((c) => c.pass).length, 0),
    cases: results.length,
    casesPassed: results.filter((r) => !r.error && r.checks.every((c) => c.pass)).length,
  };
}

const pct = (n: number, d: number) => (d ? `${Math.round((1000 * n) / d) / 10}%` : '–');

function printSummary(results: CaseResult[]): Record<string, unknown> {
  const splits: Split[] = (['tune', 'report', 'dev'] as Split[]).filter((s) => results.some((r) => r.split === s));
  const summary: Record<string, unknown> = {};
  console.log(`\n| class | split | checks passed | cases fully passed |`);
  console.log(`|---|---|---|---|`);
  for (const cls of Object.keys(CLASSES) as TruthClass[]) {
    for (const split of splits) {
      const t = tally(results.filter((r) => r.class === cls && r.split === split));
      if (!t.cases) continue;
      summary[cls] ??= {} as Record<string, Tally>;
      (summary[cls] as Record<string, Tally>)[split] = t;
      console.log(`| ${cls} (${CLASSES[cls]}) | ${split} | ${t.passed}/${t.checks} (${pct(t.passed, t.checks)}) | ${t.casesPassed}/${t.cases} |`);
    }
  }
  for (const split of splits) {
    const t = tally(results.filter((r) => r.split === split));
    summary[`all-${split}`] = t;
    console.log(`| **all** | ${split} | ${t.passed}/${t.checks} (${pct(t.passed, t.checks)}) | ${t.casesPassed}/${t.cases} |`);
  }
  return summary;
}

async function main(): Promise<void> {
  validate(ALL_CASES);
  const cases = ALL_CASES.filter(
    (c) =>
      (!ONE_CASE || c.id === ONE_CASE || (ONE_CASE.endsWith('*') && c.id.startsWith(ONE_CASE.slice(0, -1)))) &&
      (!SPLIT || c.split === SPLIT) &&
      (!ONLY_CLASS || c.class === ONLY_CLASS),
  );
  if (!cases.length) throw new Error(`no case matches (BENCH_CASE=${ONE_CASE ?? ''} BENCH_SPLIT=${SPLIT ?? ''} BENCH_CLASS=${ONLY_CLASS ?? ''})`);
  console.log(`memory truth: ${cases.length} of ${ALL_CASES.length} cases`);
  const loadBefore = loadavg()[0];
  const started = performance.now();
  // Pages are served on 127.0.0.1, which URL fetches and the crawler refuse by default; the
  // crawler's one-second politeness delay shrinks to a millisecond.
  const server = await startBenchServer('pglite', {
    LOG_LEVEL: 'error',
    ALLOW_PRIVATE_URLS: 'true',
    URL_FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    SYNC_PROVIDER_WAIT_MS: '1',
  });
  const results: CaseResult[] = [];
  try {
    for (const testCase of cases) {
      const result = await new CaseRun(server, testCase).run();
      results.push(result);
      const passed = result.checks.filter((c) => c.pass).length;
      process.stderr.write(
        `${result.split.padEnd(6)} ${result.class.padEnd(9)} ${testCase.id.padEnd(34)} ${passed}/${result.checks.length} ${result.seconds.toFixed(1)} s${result.error ? `  ERROR ${result.error}` : ''}\n`,
      );
      if (result.split !== 'report' || SHOW_REPORT) {
        for (const c of result.checks.filter((x) => !x.pass || ONE_CASE)) {
          process.stderr.write(`    ${c.pass ? 'ok  ' : 'FAIL'} ${c.check}\n         ${c.detail}\n`);
        }
      }
    }
  } finally {
    await server.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const summary = printSummary(results);
  const load = `${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`;
  for (const [split, scores] of Object.entries(answerScores)) {
    const sorted = [...scores].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
    const under = sorted.filter((x) => x < DEFAULT_THRESHOLD).length;
    console.log(
      `${split}: ${sorted.length} stored answers found at threshold 0 (memories mode); under the default ${DEFAULT_THRESHOLD}: ${under} (${pct(under, sorted.length)}); score p10 ${at(0.1)}, p50 ${at(0.5)}`,
    );
  }
  console.log(`\n${results.length} cases in ${seconds.toFixed(0)} s; load average ${load}`);
  if (!ONE_CASE) {
    mkdirSync(resolve(here, 'results'), { recursive: true });
    const run = { date: new Date().toISOString(), seconds: Math.round(seconds), loadAverage: load, summary, cases: results };
    writeFileSync(resolve(here, 'results/truth.json'), `${JSON.stringify(run, null, 1)}\n`);
  }
}

runBench(main);
