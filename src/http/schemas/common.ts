import { z } from 'zod';
import { CONTAINER_TAG_MAX, CONTAINER_TAG_PATTERN } from '../../model/tags.js';

export const ErrorResponse = z
  .object({ error: z.string(), details: z.string().optional() })
  .meta({ id: 'ErrorResponse', description: 'Every error answer has this shape.' });

/** The OpenAPI schema of a body of bytes (a file, an archive). */
export const BYTES = { type: 'string', format: 'binary' };

/** An answer that is not JSON: its body under its own media type, which the OpenAPI `content` declares with its schema. */
export const nonJsonAnswer = (description: string, mediaType: string, schema: Record<string, string> = { type: 'string' }) =>
  z.any().meta({ description, content: { [mediaType]: { schema } } });

/** Every route answers every client (4xx) and server (5xx) error in the one error shape. */
export const errorResponses = {
  '4xx': ErrorResponse,
  '5xx': ErrorResponse,
};

export const ContainerTag = z
  .string()
  .min(1)
  .max(CONTAINER_TAG_MAX)
  .regex(CONTAINER_TAG_PATTERN, 'containerTag may contain letters, digits, _ : -')
  .describe('Tenant key, e.g. a user or workspace id');

/** The path parameters of a route under `/{containerTag}`. */
export const TagParams = z.object({ containerTag: ContainerTag });

export const ContainerTags = z.array(ContainerTag).max(100);

export const CustomId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9_:.-]+$/, 'customId may contain letters, digits, _ : . -');

const METADATA_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

export const MetadataValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)]);

export const Metadata = z
  .record(z.string(), MetadataValue)
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > 100) ctx.addIssue({ code: 'custom', message: 'at most 100 metadata keys' });
    for (const key of keys) {
      if (!METADATA_KEY.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'metadata keys are 1-64 of letters, digits, _ . -' });
      }
    }
  })
  .describe('Flat key/value metadata: strings, numbers, booleans or string arrays');

export const TaskType = z.enum(['memory', 'superrag']);

export const DocumentDate = z.string().min(1).max(64).describe('YYYY-MM-DD or ISO 8601; relative dates resolve against it');

export const EntityContext = z.string().max(1500);

export const Filepath = z.string().min(1).max(1024);

/** A URL the server may send someone to or fetch: http or https only. */
export const HttpUrl = z
  .string()
  .max(2048)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'an http or https URL');

/** Query/form values arrive as strings; accept both spellings of numbers. */
export const IntLike = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const DocumentStatus = z.enum(['unknown', 'queued', 'extracting', 'chunking', 'embedding', 'indexing', 'done', 'failed']);
