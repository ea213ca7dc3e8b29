import { expect } from 'vitest';
import type { ApiResponse } from './server.js';

/** The answer is `status` with exactly the error shape `{ error, details? }`. */
export function expectError(res: ApiResponse, status: number, detailsPattern?: RegExp): void {
  expect(res.status).toBe(status);
  expect(typeof res.body.error).toBe('string');
  expect(Object.keys(res.body).every((k) => k === 'error' || k === 'details')).toBe(true);
  if (detailsPattern) expect(res.body.details).toMatch(detailsPattern);
}
