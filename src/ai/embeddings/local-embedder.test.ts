import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine, EmbeddingError } from './embedder.js';
import { LocalEmbedder, USE_LITE_DIMENSION, USE_LITE_MODEL } from './local-embedder.js';

describe('LocalEmbedder (Universal Sentence Encoder Lite in worker threads)', () => {
  let embedder: LocalEmbedder;

  beforeAll(async () => {
    embedder = new LocalEmbedder({ threads: 2, maxBatchTexts: 4 });
    await embedder.ready();
  });
  afterAll(async () => embedder?.close());

  it('embeds into unit vectors of the model dimension', async () => {
    expect(embedder.model).toBe(USE_LITE_MODEL);
    const [a, b] = await embedder.embed(['The cat sat on the mat.', '']);
    expect(a).toHaveLength(USE_LITE_DIMENSION);
    expect(b).toHaveLength(USE_LITE_DIMENSION);
    expect(Math.hypot(...a)).toBeCloseTo(1, 4);
  });

  it('places paraphrases closer than unrelated sentences', async () => {
    const [cat, kitten, revenue] = await embedder.embed(['The cat sat on the mat', 'A kitten is sitting on a rug', 'Quarterly revenue grew by five percent']);
    expect(cosine(cat, kitten)).toBeGreaterThan(cosine(cat, revenue) + 0.2);
  });

  it('gives the same vector for a text whether embedded alone or in a batch', async () => {
    const [alone] = await embedder.embed(['Sea otters hold hands while sleeping'], 'query');
    const batch = await embedder.embed(['something else', 'Sea otters hold hands while sleeping', 'a third text']);
    expect(cosine(alone, batch[1])).toBeCloseTo(1, 4);
  });

  it('serves concurrent callers, each getting its own vectors in order', async () => {
    const texts = Array.from({ length: 30 }, (_, i) => `note number ${i} about topic ${i % 5}`);
    const [together, ...separately] = await Promise.all([embedder.embed(texts), ...texts.slice(0, 5).map((t) => embedder.embed([t], 'query'))]);
    separately.forEach(([v], i) => expect(cosine(v, together[i])).toBeCloseTo(1, 4));
  });

  it('answers a query while a large document batch is in progress', async () => {
    const bulk = embedder.embed(Array.from({ length: 200 }, (_, i) => `document sentence ${i} with several more words in it`));
    const started = performance.now();
    await embedder.embed(['quick question'], 'query');
    const queryMs = performance.now() - started;
    const bulkDone = await bulk.then(() => performance.now() - started);
    expect(queryMs).toBeLessThan(bulkDone);
  });

  it('does not block the event loop while embedding', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await embedder.embed(Array.from({ length: 60 }, (_, i) => `a sentence to keep the workers busy, number ${i}`));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });

  it('runs its document threads at a lower OS priority than the query thread when it has one', async () => {
    const before = threadNiceness();
    const laned = new LocalEmbedder({ threads: 1, queryThreads: 1, documentThreadNiceness: 7 });
    try {
      await laned.ready();
      const added = [...threadNiceness()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      const base = before.get(process.pid)!;
      if (base + 7 > 19)
        throw new Error(`this process runs at niceness ${base}: seven steps lower cannot be told apart (run the tests at niceness 12 or less)`);
      expect(added).toContain(base + 7);
      expect(added.filter((nice) => nice === base + 7)).toHaveLength(1);
    } finally {
      await laned.close();
    }
  });

  it('rejects work after close', async () => {
    const other = new LocalEmbedder({ threads: 1 });
    await other.close();
    await expect(other.embed(['x'])).rejects.toBeInstanceOf(EmbeddingError);
  });
});

describe('LocalEmbedder while its model loads', () => {
  it('says it is loading, holds calls made meanwhile instead of failing them, and is ready once every thread has the model', async () => {
    const embedder = new LocalEmbedder({ threads: 1, queryThreads: 1 });
    try {
      // The threads were only just started: none can have loaded the model yet.
      expect(embedder.state()).toBe('loading');
      const early = embedder.embed(['asked before the model was loaded'], 'query');
      await embedder.ready();
      expect(embedder.state()).toBe('ready');
      const [vector] = await early;
      expect(vector).toHaveLength(USE_LITE_DIMENSION);
    } finally {
      await embedder.close();
    }
    expect(embedder.state()).toBe('failed');
  });
});

describe('LocalEmbedder under ingest', () => {
  it('answers a query on its own thread while every document thread is busy', async () => {
    const lane = new LocalEmbedder({ threads: 1, queryThreads: 1, maxBatchTexts: 16 });
    try {
      await lane.ready();
      const finished: string[] = [];
      const documents = lane
        .embed(Array.from({ length: 16 }, (_, i) => `document ${i} ${'with several more words in it '.repeat(12)}`))
        .then(() => finished.push('documents'));
      await lane.embed(['quick question'], 'query').then(() => finished.push('query'));
      await documents;
      expect(finished).toEqual(['query', 'documents']);
    } finally {
      await lane.close();
    }
  });

  it('embeds a text only as far as the model reads, so a huge one costs no more than that', { timeout: 20_000 }, async () => {
    const embedder = new LocalEmbedder({ threads: 1 });
    try {
      await embedder.ready();
      const huge = `${'The club meets on Thursdays and newcomers ask Ana for the room code. '.repeat(60)}${'word '.repeat(100_000)}`;
      const [whole, start] = await embedder.embed([huge, huge.slice(0, 3_800)]);
      expect(cosine(whole, start)).toBeCloseTo(1, 4);
    } finally {
      await embedder.close();
    }
  });
});

/** Each thread of this process by id, with its niceness (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(tid), Number(fields[16]));
  }
  return threads;
}
