import { describe, expect, it } from 'vitest';
import { withFakeChatModel } from '../../../test/fakes/fake-chat-model.js';
import { KeywordExpansionRewriter } from './keyword-expansion.js';
import { LlmQueryRewriter } from './llm-rewriter.js';

describe('KeywordExpansionRewriter', () => {
  const rewriter = new KeywordExpansionRewriter();

  it('adds synonyms and irregular forms as stand-ins for the query words', async () => {
    const { terms } = await rewriter.rewrite('What car did Jon buy?');
    expect(terms).toContainEqual({ word: 'vehicle', stands: 'car', weight: 0.6 });
    expect(terms).toContainEqual({ word: 'bought', stands: 'buy', weight: 0.9 });
  });

  it('offers a keywords-only phrasing for vector search', async () => {
    expect((await rewriter.rewrite('What did Caroline research?')).variants).toEqual(['caroline research']);
    expect((await rewriter.rewrite('adoption agencies')).variants).toEqual([]);
  });
});

describe('LlmQueryRewriter against a fake chat endpoint', () => {
  const fake = withFakeChatModel('rewriter', (llm, onError) => new LlmQueryRewriter(llm, new KeywordExpansionRewriter(), onError));

  it('uses the model rewrites as variants and its keywords as extra terms', async () => {
    fake.chat.replyJson({ rewrites: ['Alice works at', 'employer of Alice'], keywords: ['job', 'company', 42] });
    const expansion = await fake.subject.rewrite('Where does Alice work?');
    expect(expansion.variants).toEqual(['Alice works at', 'employer of Alice']);
    expect(expansion.terms.map((t) => t.word)).toEqual(['job', 'company']);
    expect(fake.chat.requests[0].body.messages.at(-1).content).toBe('Where does Alice work?');
  });

  it('reads a list sent as one string and drops placeholders', async () => {
    fake.chat.replyJson({ rewrites: 'Alice employer', keywords: 'job, company, string' });
    const expansion = await fake.subject.rewrite('Where does Alice work?');
    expect(expansion.variants).toEqual(['Alice employer']);
    expect(expansion.terms.map((t) => t.word)).toEqual(['job', 'company']);
  });

  it('falls back to keyword expansion when the model fails', async () => {
    fake.chat.reply({ status: 400, body: { error: { message: 'bad' } } });
    const expansion = await fake.subject.rewrite('What car did Jon buy?');
    expect(expansion.terms.some((t) => t.word === 'vehicle')).toBe(true);
    expect(fake.errors).toHaveLength(1);
  });
});
