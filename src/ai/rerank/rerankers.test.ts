import { describe, expect, it } from 'vitest';
import { withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { LexicalSemanticReranker } from './lexical-semantic-reranker.js';
import { LlmReranker } from './llm-reranker.js';

const candidate = (text: string, score = 0.5, cosine: number | null = 0.4) => ({ text, score, cosine, lexical: score });

describe('LexicalSemanticReranker', () => {
  const reranker = new LexicalSemanticReranker();

  it('prefers texts where the query words appear together, at equal first-stage scores', async () => {
    const [together, apart] = await reranker.rerank('painting sunrise', [
      candidate('Melanie is painting a sunrise over the lake'),
      candidate('The sunrise was early. Much later that week, after a long trip and many errands, she started painting again.'),
    ]);
    expect(together).toBeGreaterThan(apart);
  });

  it('rewards the names of the query', async () => {
    const [named, unnamed] = await reranker.rerank('What did Caroline research?', [
      candidate('Caroline: I researched adoption agencies'),
      candidate('Melanie: I researched adoption agencies'),
    ]);
    expect(named).toBeGreaterThan(unnamed);
  });

  it('keeps scores in 0..1 and follows the first stage when the text says nothing more', async () => {
    const scores = await reranker.rerank('zebra', [candidate('unrelated text', 0.9, 0.9), candidate('unrelated text', 0.1, 0.1)]);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0), expect(s).toBeLessThanOrEqual(1);
  });
});

describe('LlmReranker against a fake chat endpoint', () => {
  const fake = withFakeChatModel('judge', (llm, onError) => new LlmReranker(llm, new LexicalSemanticReranker(), onError));

  it('orders by the model judgement and sends every passage with its index', async () => {
    fake.chat.replyJson({
      scores: [
        { index: 0, score: 1 },
        { index: 1, score: 9 },
      ],
    });
    const scores = await fake.subject.rerank('where does Alice work', [candidate('Alice likes tea', 0.8), candidate('Alice works at Stripe', 0.6)]);
    expect(scores[1]).toBeGreaterThan(scores[0]);
    const prompt = fake.chat.requests[0].body.messages.map((m: { content: string }) => m.content).join('\n');
    expect(prompt).toContain('[0] Alice likes tea');
    expect(prompt).toContain('[1] Alice works at Stripe');
    expect(fake.chat.requests[0].body.response_format.type).toBe('json_schema');
  });

  it('reads what small models send: a think block, a fence, scores as strings or in passage order', async () => {
    const candidates = [candidate('Alice likes tea', 0.8), candidate('Alice works at Stripe', 0.6)];
    fake.chat.reply(
      { content: '<think>The second answers it.</think>\n```json\n{"scores": [{"index": "0", "score": "1"}, {"index": 1, "score": 9},]}\n```' },
      { content: 'Scores: [1, 9]' },
    );
    const [tea, job] = await fake.subject.rerank('where does Alice work', candidates);
    expect(job).toBeGreaterThan(tea);
    const [tea2, job2] = await fake.subject.rerank('where does Alice work', candidates);
    expect(job2).toBeGreaterThan(tea2);
    expect(fake.errors).toEqual([]);
  });

  it('falls back to the offline re-scorer when the model fails or answers nonsense', async () => {
    fake.chat.replyByDefault({ status: 500, body: { error: { message: 'down' } } });
    fake.chat.reply({ status: 500, body: { error: { message: 'down' } } }, { status: 500, body: {} }, { status: 500, body: {} });
    fake.chat.reply({ content: 'not json' }, { content: 'not json' }, { content: 'not json' });
    const offline = await new LexicalSemanticReranker().rerank('q', [candidate('a'), candidate('b', 0.2)]);
    expect(await fake.subject.rerank('q', [candidate('a'), candidate('b', 0.2)])).toEqual(offline);
    expect(await fake.subject.rerank('q', [candidate('a'), candidate('b', 0.2)])).toEqual(offline);
    expect(fake.errors).toHaveLength(2);
  });
});
