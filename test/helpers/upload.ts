import { expect } from 'vitest';
import type { TestServer } from './server.js';

/** Uploads `bytes` as a multipart file with the given fields and returns the new document's id. */
export async function uploadFile(server: TestServer, bytes: Uint8Array, type: string, filename: string, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await server.request('POST', '/v3/documents/file', { raw: form });
  expect(res.status).toBe(200);
  return res.body.id as string;
}
