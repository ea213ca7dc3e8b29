import { ConnectorConfigError } from './types.js';

/**
 * Readers for connection metadata fields. Metadata arrives flat (scalars and string arrays), and
 * numbers and booleans may arrive as strings (query-like clients), so both spellings are accepted.
 */

export function integerField(metadata: Record<string, unknown>, field: string, range: { min: number; max: number; fallback: number }): number {
  const raw = metadata[field];
  if (raw === undefined || raw === null) return range.fallback;
  const value = typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw new ConnectorConfigError(`metadata.${field}`, `must be an integer from ${range.min} to ${range.max}`);
  }
  return value;
}

export function booleanField(metadata: Record<string, unknown>, field: string, fallback: boolean): boolean {
  const raw = metadata[field];
  if (raw === undefined || raw === null) return fallback;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new ConnectorConfigError(`metadata.${field}`, 'must be true or false');
}

/** A list of strings each matching `pattern`; a single string counts as a list of one. */
export function stringListField(
  metadata: Record<string, unknown>,
  field: string,
  rule: { pattern: RegExp; describe: string; maxItems: number },
): string[] | undefined {
  const raw = metadata[field];
  if (raw === undefined || raw === null) return undefined;
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.length > rule.maxItems) {
    throw new ConnectorConfigError(`metadata.${field}`, `must be a list of at most ${rule.maxItems} ${rule.describe}`);
  }
  return list.map((value, i) => {
    if (typeof value !== 'string' || !rule.pattern.test(value)) throw new ConnectorConfigError(`metadata.${field}[${i}]`, `must be ${rule.describe}`);
    return value;
  });
}

export function httpUrlField(metadata: Record<string, unknown>, field: string): URL {
  const raw = metadata[field];
  if (typeof raw !== 'string' || raw.length > 2048) throw new ConnectorConfigError(`metadata.${field}`, 'is required: an http or https URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConnectorConfigError(`metadata.${field}`, 'must be an http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConnectorConfigError(`metadata.${field}`, 'must be an http or https URL');
  if (url.username || url.password) throw new ConnectorConfigError(`metadata.${field}`, 'must not carry credentials');
  return url;
}
