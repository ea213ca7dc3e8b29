import { describe, expect, it } from 'vitest';
import { ApiContract, type Answer } from './contract.js';

const json = (status: number, body: unknown, contentType = 'application/json; charset=utf-8'): Answer => ({
  status,
  contentType,
  text: JSON.stringify(body),
  body,
});

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v3/things/{id}': {
      get: {
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '4XX': { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
        },
      },
      delete: { responses: { 204: { description: 'gone' } } },
    },
    '/v3/things/list': {
      get: {
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    '/files/{token}': {
      get: { responses: { 200: { description: 'file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
        required: ['id'],
        additionalProperties: false,
      },
      ErrorResponse: {
        type: 'object',
        properties: { error: { type: 'string' }, details: { type: 'string' } },
        required: ['error'],
        additionalProperties: false,
      },
    },
  },
};

describe('the response contract', () => {
  const contract = new ApiContract(document);

  it('accepts answers the document describes', () => {
    expect(contract.violations('GET', '/v3/things/a1?x=1', json(200, { id: 'a1', at: '2024-01-01T00:00:00.000Z' }))).toEqual([]);
    expect(contract.violations('get', '/v3/things/a1/', json(404, { error: 'Not found', details: 'a1' }))).toEqual([]);
    expect(contract.violations('DELETE', '/v3/things/a1', { status: 204, contentType: null, text: '', body: '' })).toEqual([]);
    expect(contract.violations('GET', '/files/tok', { status: 200, contentType: 'application/pdf', text: '%PDF', body: '%PDF' })).toEqual([]);
    expect(contract.violations('GET', '/v3/openapi', json(200, { anything: true }))).toEqual([]);
  });

  it('resolves a path to its static template before a parameter', () => {
    expect(contract.violations('GET', '/v3/things/list', json(200, [{ id: 'a' }]))).toEqual([]);
    expect(contract.violations('GET', '/v3/things/list', json(200, { id: 'a' }))).not.toEqual([]);
  });

  it('names an undeclared status', () => {
    expect(contract.violations('DELETE', '/v3/things/a1', json(200, { id: 'a1' }))).toEqual(['status 200 is not declared (declared: 204)']);
    expect(contract.violations('GET', '/v3/things/a1', json(500, { error: 'Internal server error' }))).toEqual([
      'status 500 is not declared (declared: 200, 4XX)',
    ]);
  });

  it('names each field that does not match, through $refs', () => {
    expect(contract.violations('GET', '/v3/things/a1', json(200, { id: 1, at: 'yesterday', extra: true }))).toEqual([
      'body must NOT have additional properties (extra)',
      'body.id must be string',
      'body.at must match format "date-time"',
    ]);
    expect(contract.violations('GET', '/v3/things/a1', json(400, { error: 'Bad', code: 'FST_ERR', statusCode: 400 }))).toHaveLength(2);
  });

  it('checks content types and empty bodies', () => {
    expect(contract.violations('GET', '/v3/things/a1', { status: 200, contentType: 'text/plain', text: 'a1', body: 'a1' })).toEqual([
      'content-type "text/plain" is not declared (declared: application/json)',
    ]);
    expect(contract.violations('DELETE', '/v3/things/a1', { status: 204, contentType: 'text/plain', text: 'x', body: 'x' })).toEqual([
      'declares no body, got 1 characters of text/plain',
    ]);
  });

  it('holds answers on routes it does not have to the error shape of a client error', () => {
    expect(contract.violations('POST', '/v3/things/a1', json(404, { error: 'Not found', details: 'POST /v3/things/a1' }))).toEqual([]);
    expect(contract.violations('GET', '/nowhere', json(404, { error: 'Not found', message: 'x' }))).toEqual([
      'body must NOT have additional properties (message)',
    ]);
    expect(contract.violations('GET', '/nowhere', json(500, { error: 'Internal server error' }))).toEqual([
      'status 500 for a route the document does not have',
    ]);
  });
});
