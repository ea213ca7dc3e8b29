import { describe, expect, it } from 'vitest';
import { answering, failing } from '../../../test/fakes/fake-chat-model.js';
import type { JsonChatModel } from '../llm/offline-fallback.js';
import { LlmBucketSuggester, OfflineBucketSuggester, suggestBucketsOffline } from './suggestions.js';

const suggestBucketsWithLlm = (chat: JsonChatModel, texts: string[], configured: { key: string; description: string }[]) =>
  new LlmBucketSuggester(chat, new OfflineBucketSuggester()).suggest(texts, configured);

describe('suggestBucketsOffline', () => {
  const memories = [
    'Caroline went to a support group for the community',
    'Caroline volunteers at a charity on weekends',
    'Melanie paints landscapes; painting relaxes her',
    'Melanie took her kids camping',
    'Melanie plays guitar with her son',
    'Caroline is studying for a counseling degree at college',
  ];

  it('ranks topics by how many memories mention them', () => {
    const suggestions = suggestBucketsOffline(memories, []);
    expect(suggestions.map((s) => s.key)).toEqual(['hobbies', 'community', 'family', 'education']);
    for (const s of suggestions) expect(s.description.length).toBeGreaterThan(0);
  });

  it('skips configured keys and tops up to three with starters when content is thin', () => {
    expect(suggestBucketsOffline([], []).map((s) => s.key)).toEqual(['preferences', 'work', 'relationships']);
    const thin = suggestBucketsOffline(['Sam adopted a puppy'], [{ key: 'preferences', description: '' }]);
    expect(thin.map((s) => s.key)).toEqual(['pets', 'work', 'relationships']);
  });
});

describe('LlmBucketSuggester', () => {
  it('keeps valid, new, unique keys from the model, lowercased', async () => {
    const reply = {
      suggestions: [
        { key: 'career', description: 'Jobs' },
        { key: 'career', description: 'dup' },
        { key: 'bad/key', description: 'x' },
        { key: 'no-description' },
        { key: 'static', description: 'reserved' },
        { key: 'art', description: 'Art' },
        { key: 'Pets', description: 'Pets' },
      ],
    };
    const result = await suggestBucketsWithLlm(answering(reply), ['a'], []);
    expect(result).toEqual([
      { key: 'career', description: 'Jobs' },
      { key: 'art', description: 'Art' },
      { key: 'pets', description: 'Pets' },
    ]);
  });

  it('falls back to offline suggestions on unusable output or errors', async () => {
    const texts = ['Sam adopted a puppy', 'Sam walks the dog daily', 'Sam works at a bank', 'Sam visited Rome on a trip'];
    const offline = suggestBucketsOffline(texts, []);
    expect(await suggestBucketsWithLlm(answering({ suggestions: [] }), texts, [])).toEqual(offline);
    expect(await suggestBucketsWithLlm(failing(new Error('boom')), texts, [])).toEqual(offline);
  });
});
