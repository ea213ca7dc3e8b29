import { z } from 'zod';
import type { ApiKeyRecord } from '../../model/access.js';
import { iso } from '../../model/timestamps.js';

export const Permission = z.enum(['read', 'write']);
export const RateLimit = z.object({ max: z.number(), timeWindow: z.number().describe('milliseconds') });

export const KeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('First characters of the key, to recognise it'),
    role: z.enum(['admin', 'member']),
    permission: Permission,
    scoped: z.boolean(),
    containerTags: z.array(z.string()).nullable(),
    expiresAt: z.string().nullable(),
    rateLimit: RateLimit.nullable(),
    disabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ApiKey' });

function rateLimitOf(row: ApiKeyRecord) {
  return row.rateLimitMax && row.rateLimitWindowMs ? { max: row.rateLimitMax, timeWindow: row.rateLimitWindowMs } : null;
}

export function toKeyView(row: ApiKeyRecord): z.infer<typeof KeyView> {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    role: row.role === 'admin' ? 'admin' : 'member',
    permission: row.permission === 'read' ? 'read' : 'write',
    scoped: !!row.containerTags?.length,
    containerTags: row.containerTags?.length ? row.containerTags : null,
    expiresAt: iso(row.expiresAt),
    rateLimit: rateLimitOf(row),
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
  };
}
