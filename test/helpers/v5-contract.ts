import { readFile } from 'node:fs/promises';
import { dereference } from '@readme/openapi-parser';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { expect } from 'vitest';
import type { ApiResponse, RequestOptions, TestServer } from './server.js';

/**
 * The published v5 contract (test/contracts/v5-openapi.json, docs/v5.md says where it comes from)
 * as a checker of live answers: an operation is named by its operationId, its answer must have a
 * status the operation declares and a body its published schema accepts. Strictly: an object the
 * contract describes with properties takes no other property, whether or not the contract says
 * `additionalProperties: false` (v5 clients parse answers against these schemas).
 */

const CONTRACT = new URL('../contracts/v5-openapi.json', import.meta.url);

interface Operation {
  operationId: string;
  method: string;
  path: string;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface V5Contract {
  /** The operations of the contract, by operationId. */
  operations: Map<string, Operation>;
  /** What is wrong with an answer to the operation; empty when it keeps the contract. */
  violations(operationId: string, answer: { status: number; body: unknown }): string[];
  /** The request body the contract's own examples make up (each property's `example`). */
  exampleBody(operationId: string): Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every object schema with properties closed to others, unless it says what others may be. */
function closed(schema: unknown, seen = new WeakMap<object, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => closed(item, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return seen.get(schema);
  const copy: Record<string, unknown> = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'example' || key === 'default' ? value : closed(value, seen);
  if (copy.properties && !('additionalProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 8).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
    return `body${e.instancePath.replaceAll('/', '.')} ${e.message}${extra}`;
  });
}

let loaded: Promise<V5Contract> | undefined;

function operationsOf(document: unknown): Map<string, Operation> {
  const paths = (document as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }).paths;
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operations.set(operation.operationId, { ...operation, method: method.toUpperCase(), path });
    }
  }
  return operations;
}

/** The contract, read and dereferenced once per process. */
export function v5Contract(): Promise<V5Contract> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<V5Contract> {
  const text = await readFile(CONTRACT, 'utf8');
  // Examples are read from the document as published: dereferencing drops the siblings of a `$ref`.
  const published = operationsOf(JSON.parse(text));
  const operations = operationsOf(await dereference(JSON.parse(text)));
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  formats.default(ajv);
  const validators = new Map<string, ValidateFunction>();

  const operationOf = (operationId: string, from = operations) => {
    const operation = from.get(operationId);
    if (!operation) throw new Error(`the v5 contract has no operation ${operationId}`);
    return operation;
  };

  return {
    operations,
    violations(operationId, answer) {
      const operation = operationOf(operationId);
      const status = String(answer.status);
      const response = operation.responses[status];
      if (!response) return [`status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
      const schema = response.content?.['application/json']?.schema;
      if (schema === undefined) return [];
      const key = `${operationId} ${status}`;
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile(closed(schema) as object);
        validators.set(key, validate);
      }
      return validate(answer.body) ? [] : describe(validate.errors);
    },
    exampleBody(operationId) {
      const schema = operationOf(operationId, published).requestBody?.content?.['application/json']?.schema as
        | { properties?: Record<string, { example?: unknown }> }
        | undefined;
      return Object.fromEntries(
        Object.entries(schema?.properties ?? {}).flatMap(([name, property]) => (property.example === undefined ? [] : [[name, property.example]])),
      );
    },
  };
}

/** A request whose answer must keep to the contract of `operationId` (the test fails otherwise). */
export async function contractRequest(
  server: TestServer,
  contract: V5Contract,
  operationId: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const res = await server.request(method, path, options);
  expect(contract.violations(operationId, { status: res.status, body: res.body }), JSON.stringify(res.body)).toEqual([]);
  return res;
}
