import type { JsonSchemaFormat } from '../llm/client.js';
import { asText, field, listIn } from '../llm/coerce.js';
import { isObject } from '../llm/json-reply.js';
import { LlmWithOfflineFallback } from '../llm/offline-fallback.js';

/** A profile bucket: a key and what belongs in it. */
export interface SuggestedBucket {
  key: string;
  description: string;
}

/** Proposes profile buckets from what an organization's memories talk about. */
export interface BucketSuggester {
  readonly name: string;
  /** 3 to 6 buckets whose keys are not among `configured`. */
  suggest(memoryTexts: string[], configured: SuggestedBucket[]): Promise<SuggestedBucket[]>;
}

/** Topic lexicons for offline suggestions; a memory mentioning a word counts toward the topic. */
const TOPICS: { key: string; description: string; words: string[] }[] = [
  {
    key: 'work',
    description: 'Job, employer, role, colleagues and career plans',
    words: [
      'work',
      'works',
      'job',
      'career',
      'company',
      'office',
      'manager',
      'colleague',
      'promotion',
      'hired',
      'employer',
      'startup',
      'project',
      'client',
      'salary',
      'boss',
    ],
  },
  {
    key: 'family',
    description: 'Family members and family life',
    words: [
      'mother',
      'mom',
      'father',
      'dad',
      'sister',
      'brother',
      'kids',
      'children',
      'son',
      'daughter',
      'husband',
      'wife',
      'family',
      'parents',
      'grandma',
      'grandmother',
      'baby',
    ],
  },
  {
    key: 'relationships',
    description: 'Friends, partners and the people around them',
    words: ['friend', 'friends', 'partner', 'boyfriend', 'girlfriend', 'dating', 'married', 'wedding', 'neighbor', 'mentor'],
  },
  {
    key: 'health',
    description: 'Health, fitness, diet and wellbeing',
    words: [
      'health',
      'doctor',
      'gym',
      'run',
      'running',
      'marathon',
      'diet',
      'sleep',
      'therapy',
      'yoga',
      'injury',
      'hospital',
      'workout',
      'fitness',
      'meditation',
    ],
  },
  {
    key: 'hobbies',
    description: 'Hobbies, creative pursuits and pastimes',
    words: [
      'painting',
      'paint',
      'music',
      'guitar',
      'piano',
      'hiking',
      'camping',
      'reading',
      'books',
      'photography',
      'pottery',
      'dance',
      'games',
      'gardening',
      'cooking',
      'art',
      'instrument',
    ],
  },
  {
    key: 'travel',
    description: 'Trips, places visited and travel plans',
    words: ['trip', 'travel', 'visited', 'visit', 'flight', 'vacation', 'holiday', 'beach', 'city', 'country', 'abroad', 'road'],
  },
  {
    key: 'education',
    description: 'School, courses, studies and learning goals',
    words: ['school', 'class', 'course', 'exam', 'degree', 'university', 'college', 'study', 'studying', 'learn', 'learning', 'teacher', 'student'],
  },
  {
    key: 'food',
    description: 'Food, cooking and eating preferences',
    words: ['food', 'eat', 'eating', 'restaurant', 'recipe', 'dinner', 'lunch', 'breakfast', 'vegan', 'vegetarian', 'coffee', 'tea', 'bake', 'baking'],
  },
  {
    key: 'finance',
    description: 'Money, budgeting, purchases and financial goals',
    words: ['money', 'budget', 'savings', 'invest', 'investing', 'bought', 'buy', 'rent', 'mortgage', 'loan', 'price', 'paid'],
  },
  { key: 'pets', description: 'Pets and animals they care for', words: ['dog', 'cat', 'pet', 'pets', 'puppy', 'kitten', 'horse', 'adopted'] },
  {
    key: 'community',
    description: 'Volunteering, activism, causes and community groups',
    words: ['volunteer', 'volunteering', 'community', 'charity', 'support', 'group', 'activism', 'cause', 'church', 'club'],
  },
];

const STARTERS = ['preferences', 'work', 'relationships'];

export const MIN_SUGGESTIONS = 3;
export const MAX_SUGGESTIONS = 6;

/**
 * Proposes profile buckets from what an organization's memories talk about most: each topic is
 * scored by how many memories mention it; configured keys are skipped.
 */
export function suggestBucketsOffline(memoryTexts: string[], configured: SuggestedBucket[]): SuggestedBucket[] {
  const taken = new Set(configured.map((b) => b.key));
  const scored = TOPICS.filter((t) => !taken.has(t.key))
    .map((topic) => {
      const words = new Set(topic.words);
      const hits = memoryTexts.filter((text) =>
        text
          .toLowerCase()
          .split(/[^a-z]+/)
          .some((w) => words.has(w)),
      ).length;
      return { topic, hits };
    })
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.topic.key.localeCompare(b.topic.key))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ topic }) => ({ key: topic.key, description: topic.description }));
  if (scored.length >= MIN_SUGGESTIONS) return scored;
  const fill = [
    { key: 'preferences', description: 'Explicit first-person preferences: likes, dislikes, favourites, habits' },
    ...TOPICS.filter((t) => STARTERS.includes(t.key)).map((t) => ({ key: t.key, description: t.description })),
  ].filter((b) => !taken.has(b.key) && !scored.some((s) => s.key === b.key));
  return [...scored, ...fill].slice(0, Math.max(MIN_SUGGESTIONS, scored.length));
}

const BUCKET_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;

const FORMAT: JsonSchemaFormat = {
  name: 'bucket_suggestions',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['suggestions'],
    properties: {
      suggestions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['key', 'description'],
          properties: { key: { type: 'string' }, description: { type: 'string' } },
        },
      },
    },
  },
};

const SYSTEM =
  'You design profile buckets: topical categories that group facts about a person. Propose 3 to 6 buckets that fit the memories. ' +
  'Keys are lowercase slugs (a-z, 0-9, _ or -); descriptions say in one sentence what belongs in the bucket.';

export class OfflineBucketSuggester implements BucketSuggester {
  readonly name = 'offline';

  async suggest(memoryTexts: string[], configured: SuggestedBucket[]): Promise<SuggestedBucket[]> {
    return suggestBucketsOffline(memoryTexts, configured);
  }
}

/** Asks the chat model for buckets; too few usable ones, or a failed call, and the offline suggester answers. */
export class LlmBucketSuggester extends LlmWithOfflineFallback<BucketSuggester> implements BucketSuggester {
  suggest(memoryTexts: string[], configured: SuggestedBucket[]): Promise<SuggestedBucket[]> {
    const taken = new Set([...configured.map((b) => b.key), 'static', 'dynamic']);
    const user = `Existing bucket keys (do not repeat): ${[...taken].join(', ')}\n\nMemories:\n${memoryTexts
      .slice(0, 300)
      .map((m) => `- ${m}`)
      .join('\n')}`;
    return this.ask({ system: SYSTEM, user, format: FORMAT, read: (reply) => usableSuggestions(reply, taken) }, () =>
      this.fallback.suggest(memoryTexts, configured),
    );
  }
}

/** The model's valid, new and distinct buckets (keys lowercased, spaces made underscores); throws when fewer than MIN_SUGGESTIONS remain. */
function usableSuggestions(reply: unknown, taken: Set<string>): SuggestedBucket[] {
  const valid: SuggestedBucket[] = [];
  for (const item of listIn(reply, ['suggestions', 'buckets']) ?? []) {
    if (!isObject(item)) continue;
    const key = asText(field(item, ['key', 'slug', 'name']))
      ?.toLowerCase()
      .replace(/\s+/g, '_');
    const description = asText(field(item, ['description', 'about', 'desc']));
    if (!key || !description || !BUCKET_KEY.test(key) || taken.has(key) || valid.some((b) => b.key === key)) continue;
    valid.push({ key, description: description.slice(0, 2000) });
  }
  if (valid.length < MIN_SUGGESTIONS) throw new Error(`the model suggested ${valid.length} usable buckets`);
  return valid.slice(0, MAX_SUGGESTIONS);
}
