import { waitFor } from '../../test/helpers/wait.js';

export type Operation =
  | 'ingest'
  | 'conversation'
  | 'delete document'
  | 'search memories'
  | 'search documents'
  | 'profile'
  | 'list documents'
  | 'list memories'
  | 'get document'
  | 'patch document'
  | 'write memory'
  | 'edit memory'
  | 'forget memory';

/** How often each operation is picked, relative to the others. */
const WEIGHTS: [Operation, number][] = [
  ['ingest', 10],
  ['conversation', 3],
  ['search memories', 20],
  ['search documents', 10],
  ['profile', 10],
  ['list documents', 10],
  ['list memories', 10],
  ['get document', 5],
  ['patch document', 5],
  ['write memory', 4],
  ['edit memory', 4],
  ['forget memory', 4],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

const TAGS = ['soak_ana', 'soak_ben', 'soak_chloe', 'soak_dev'];
/** Documents kept; the oldest is deleted as a new one arrives. */
const MAX_DOCUMENTS = Number(process.env.SOAK_MAX_DOCUMENTS ?? 120);
/** Ingest waits while this many documents are still in the pipeline. */
const MAX_BACKLOG = Number(process.env.SOAK_MAX_BACKLOG ?? 8);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 20);

const PEOPLE = ['Ana', 'Ben', 'Chloe', 'Dev', 'Emil', 'Farah'];
const PLACES = ['Lisbon', 'Oslo', 'Nairobi', 'Kyoto', 'Lima', 'Tallinn'];
const HOBBIES = ['climbing', 'the cello', 'sourdough', 'chess', 'birding', 'pottery', 'trail running'];
const QUESTIONS = ['where does she live', 'what instrument', 'weekend hobbies', 'favourite city', 'who is the manager', 'project deadline'];

/** Mixed API traffic over HTTP, with the counts, errors and latencies it saw. */
export class Workload {
  count = 0;
  readonly errors: Record<string, number> = {};
  readonly latencies = new Map<Operation, number[]>();
  /** Latencies since the last `takeRecent`, all operations together. */
  private recent: number[] = [];
  private readonly documents: { id: string; tag: string }[] = [];
  private readonly memories = new Map<string, string[]>();
  private backlog = 0;
  private backlogCheckedAt = 0;
  private serial = 0;

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly random: () => number,
  ) {}

  /** One document and one conversation per tag, so every read has something to find. */
  async warmUp(): Promise<void> {
    for (const tag of TAGS) {
      await this.run('ingest', tag);
      await this.run('conversation', tag);
      await this.run('write memory', tag);
    }
  }

  /** Waits until the pipeline has nothing left to do. */
  async drain(timeoutMs: number): Promise<void> {
    await waitFor(async () => ((await this.processing()) === 0 ? true : undefined), timeoutMs, 'the pipeline to drain');
  }

  /** One client: picks an operation, runs it, thinks, until the deadline. */
  async client(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      await this.run(this.pick(), TAGS[Math.floor(this.random() * TAGS.length)]);
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  }

  /** The latencies seen since the previous call. */
  takeRecent(): number[] {
    const recent = this.recent;
    this.recent = [];
    return recent;
  }

  private pick(): Operation {
    let roll = this.random() * TOTAL_WEIGHT;
    for (const [op, weight] of WEIGHTS) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return WEIGHTS[0][0];
  }

  private async run(op: Operation, tag: string): Promise<void> {
    if ((op === 'ingest' || op === 'conversation') && (await this.backlogIsFull())) op = 'search memories';
    const n = ++this.serial;
    const person = PEOPLE[n % PEOPLE.length];
    const doc = this.documents.length ? this.documents[Math.floor(this.random() * this.documents.length)] : undefined;
    const memoryIds = this.memories.get(tag) ?? [];
    const memoryId = memoryIds.length ? memoryIds[Math.floor(this.random() * memoryIds.length)] : undefined;
    switch (op) {
      case 'ingest': {
        const res = await this.call(op, 'POST', '/v3/documents', { content: this.text(n), containerTag: tag, metadata: { n } });
        if (res) await this.keep(res.id, tag);
        return;
      }
      case 'conversation': {
        const messages = [
          { role: 'user', content: `I'm ${person}. I moved to ${PLACES[n % PLACES.length]} last spring and took up ${HOBBIES[n % HOBBIES.length]}.` },
          { role: 'assistant', content: 'That sounds like a big change. How is it going?' },
          { role: 'user', content: `Great. My sister visits in ${['May', 'June', 'July'][n % 3]}; we plan to try ${HOBBIES[(n + 2) % HOBBIES.length]}.` },
        ];
        const res = await this.call(op, 'POST', '/v4/conversations', { conversationId: `soak-${n}`, messages, containerTag: tag });
        if (res) await this.keep(res.id, tag);
        return;
      }
      case 'search memories':
        await this.call(op, 'POST', '/v4/search', { q: this.question(n), containerTag: tag, searchMode: n % 3 === 0 ? 'hybrid' : 'memories', threshold: 0 });
        return;
      case 'search documents':
        await this.call(op, 'POST', '/v3/search', { q: this.question(n), containerTag: tag });
        return;
      case 'profile':
        await this.call(op, 'POST', '/v4/profile', n % 2 ? { containerTag: tag } : { containerTag: tag, q: this.question(n) });
        return;
      case 'list documents':
        await this.call(op, 'POST', '/v3/documents/list', { containerTags: [tag], limit: 20, page: 1 + (n % 3) });
        return;
      case 'list memories': {
        const res = await this.call(op, 'POST', '/v4/memories/list', { containerTag: tag, limit: 50 });
        if (res)
          this.memories.set(
            tag,
            res.memoryEntries.map((m: { id: string }) => m.id),
          );
        return;
      }
      case 'get document':
        if (doc) await this.call(op, 'GET', `/v3/documents/${doc.id}`, undefined, [404]);
        return;
      case 'patch document':
        if (doc) await this.call(op, 'PATCH', `/v3/documents/${doc.id}`, { metadata: { n, reviewed: n % 2 === 0 } }, [404, 409]);
        return;
      case 'write memory':
        await this.call(op, 'POST', '/v4/memories', {
          containerTag: tag,
          memories: [{ content: `${person} prefers ${HOBBIES[n % HOBBIES.length]} on ${['Mondays', 'weekends', 'holidays'][n % 3]} (note ${n}).` }],
        });
        return;
      case 'edit memory':
        if (memoryId) {
          const res = await this.call(
            op,
            'PATCH',
            '/v4/memories',
            { containerTag: tag, id: memoryId, newContent: `${person} now lives in ${PLACES[n % PLACES.length]} (edit ${n}).` },
            [404, 409],
          );
          if (res)
            this.memories.set(
              tag,
              memoryIds.filter((id) => id !== memoryId),
            );
        }
        return;
      case 'forget memory':
        if (memoryId) {
          await this.call(op, 'DELETE', '/v4/memories', { containerTag: tag, id: memoryId }, [404, 409]);
          this.memories.set(
            tag,
            memoryIds.filter((id) => id !== memoryId),
          );
        }
        return;
      case 'delete document':
        return;
    }
  }

  /** Remembers a new document and deletes the oldest past MAX_DOCUMENTS, keeping the data set bounded. */
  private async keep(id: string, tag: string): Promise<void> {
    this.documents.push({ id, tag });
    this.backlog++;
    while (this.documents.length > MAX_DOCUMENTS) {
      const oldest = this.documents.shift()!;
      await this.call('delete document', 'DELETE', `/v3/documents/${oldest.id}`, undefined, [404, 409]);
    }
  }

  private async backlogIsFull(): Promise<boolean> {
    if (Date.now() - this.backlogCheckedAt > 2_000) {
      this.backlogCheckedAt = Date.now();
      this.backlog = await this.processing();
    }
    return this.backlog >= MAX_BACKLOG;
  }

  private async processing(): Promise<number> {
    const res = await fetch(`${this.url}/v3/documents/processing`, { headers: { authorization: `Bearer ${this.key}` } });
    return ((await res.json()) as { totalCount: number }).totalCount;
  }

  /**
   * One request; its latency is recorded. An answer outside 2xx counts as an error, except the
   * statuses in `expected` that concurrent clients can legitimately cause (a document deleted or a
   * memory forgotten or edited by another client meanwhile: 404, 409).
   */
  private async call(op: Operation, method: string, path: string, body?: unknown, expected: number[] = []): Promise<any> {
    const started = performance.now();
    let status: number | 'network';
    let parsed: unknown;
    try {
      const res = await fetch(`${this.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      const text = await res.text();
      parsed = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    } catch {
      status = 'network';
    }
    this.count++;
    const ms = performance.now() - started;
    const latencies = this.latencies.get(op) ?? [];
    latencies.push(ms);
    this.latencies.set(op, latencies);
    this.recent.push(ms);
    if (status !== 'network' && status >= 200 && status < 300) return parsed;
    if (typeof status === 'number' && expected.includes(status)) return undefined;
    const what = `${op} ${status}`;
    this.errors[what] = (this.errors[what] ?? 0) + 1;
    return undefined;
  }

  private question(n: number): string {
    return `${PEOPLE[n % PEOPLE.length]} ${QUESTIONS[n % QUESTIONS.length]}`;
  }

  private text(n: number): string {
    const person = PEOPLE[n % PEOPLE.length];
    const lines = [
      `# Notes ${n} about ${person}`,
      `${person} works on the ${['billing', 'search', 'mobile', 'onboarding'][n % 4]} project, due on ${1 + (n % 28)} ${['March', 'April', 'May'][n % 3]} 2025.`,
      `${person} lives in ${PLACES[n % PLACES.length]} and spends weekends on ${HOBBIES[n % HOBBIES.length]}.`,
      `The manager of ${person} is ${PEOPLE[(n + 1) % PEOPLE.length]}, who prefers short written updates over meetings.`,
      ...Array.from(
        { length: 8 },
        (_, i) => `Item ${i + 1}: ${person} mentioned ${HOBBIES[(n + i) % HOBBIES.length]} and a trip to ${PLACES[(n + i) % PLACES.length]} (ref ${n}-${i}).`,
      ),
    ];
    return lines.join('\n\n');
  }
}
