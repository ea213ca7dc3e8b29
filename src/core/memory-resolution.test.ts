import { describe, expect, it } from 'vitest';
import { factSlot, resolveMemory, type Neighbour } from './memory-resolution.js';

const n = (memory: string, similarity: number, id = memory): Neighbour => ({ id, memory, similarity, fromSameDocument: false });

describe('factSlot', () => {
  it('names the single-valued attribute a fact sets', () => {
    expect(factSlot('Alex works at Stripe')).toBe('alex|works at');
    expect(factSlot('Alex now works at Plaid as a PM')).toBe('alex|works at');
    expect(factSlot("Caroline's favorite book is Becoming Nicole")).toBe('caroline|favorite book');
    expect(factSlot("Caroline's favorite color is teal")).toBe('caroline|favorite color');
    expect(factSlot('Big news: Alex now works at Plaid')).toBe('alex|works at');
    expect(factSlot("Alex's sister Dana lives in Boston")).toBe('dana|lives in');
    expect(factSlot('Sam lives in Denver')).toBe('sam|lives in');
    expect(factSlot('Sam is 31 years old')).toBe('sam|is years old');
    expect(factSlot('Sam likes hiking')).toBeNull();
  });
});

describe('resolveMemory', () => {
  it('treats the same fact, however punctuated, as a duplicate', () => {
    expect(resolveMemory('Sam likes hiking.', [n('sam likes hiking', 0.7)])).toMatchObject({ action: 'duplicate' });
    expect(resolveMemory('Sam enjoys hiking a lot', [n('Sam really enjoys hiking', 0.97)])).toMatchObject({ action: 'duplicate' });
  });

  it('makes a contradicting value of the same attribute a new version', () => {
    const result = resolveMemory('Alex works at Plaid', [n('Alex likes tea', 0.5), n('Alex works at Stripe', 0.8)]);
    expect(result).toEqual({ action: 'relate', to: expect.objectContaining({ memory: 'Alex works at Stripe' }), relation: 'updates' });
  });

  it('links added detail with extends, and leaves unrelated facts new', () => {
    const extended = resolveMemory('Alex works at Stripe as a product manager on payments', [n('Alex works at Stripe as a product manager', 0.9)]);
    expect(extended).toMatchObject({ action: 'relate', relation: 'extends' });
    expect(resolveMemory('Alex adopted a cat', [n('Alex works at Stripe', 0.3)])).toEqual({ action: 'new' });
    expect(resolveMemory('Alex adopted a cat', [])).toEqual({ action: 'new' });
  });
});
