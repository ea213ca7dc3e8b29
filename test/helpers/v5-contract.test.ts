import { describe, expect, it } from 'vitest';
import { v5Contract } from './v5-contract.js';

describe('the v5 contract checker', () => {
  const document = {
    id: 'doc_1',
    title: null,
    type: 'text',
    summary: null,
    content: 'text',
    metadata: {},
    system: { status: 'done', createdAt: '2026-01-15T10:00:00.000Z', updatedAt: '2026-01-15T10:00:00Z' },
  };

  it('accepts an answer the published schema accepts', async () => {
    const contract = await v5Contract();
    expect(contract.violations('getNsByNamespaceDocumentById', { status: 200, body: document })).toEqual([]);
  });

  it('refuses a field the contract does not name, even where it does not close the object', async () => {
    const contract = await v5Contract();
    expect(contract.violations('getNsByNamespaceDocumentById', { status: 200, body: { ...document, customId: 'x' } })).toEqual([
      'body must NOT have additional properties (customId)',
    ]);
  });

  it('refuses null metadata, a timestamp without Z and an undeclared status', async () => {
    const contract = await v5Contract();
    expect(contract.violations('getNsByNamespaceDocumentById', { status: 200, body: { ...document, metadata: null } })).not.toEqual([]);
    const offset = { ...document, system: { ...document.system, createdAt: '2026-01-15T10:00:00+01:00' } };
    expect(contract.violations('getNsByNamespaceDocumentById', { status: 200, body: offset })).not.toEqual([]);
    expect(contract.violations('getNsByNamespaceDocumentById', { status: 418, body: {} })).toEqual([
      'status 418 is not declared (declared: 200, 400, 401, 403, 404, 500)',
    ]);
  });

  it('accepts both published shapes of a 400', async () => {
    const contract = await v5Contract();
    expect(contract.violations('postNsByNamespaceSearch', { status: 400, body: { error: 'Invalid request' } })).toEqual([]);
    const validation = { success: false, error: [{ message: 'Required', path: ['query'] }] };
    expect(contract.violations('postNsByNamespaceSearch', { status: 400, body: validation })).toEqual([]);
  });

  it('makes request bodies of the contract’s examples', async () => {
    const contract = await v5Contract();
    expect(contract.exampleBody('postNsByNamespaceSearch')).toMatchObject({ query: 'what are the API rate limits', threshold: 0.5, rerank: 'order' });
  });
});
