import { Agent, request as httpRequest } from 'node:http';
import type { FuzzRequest } from './requests.js';

export interface FuzzAnswer {
  status: number;
  contentType: string | null;
  text: string;
  /** Parsed when the answer is JSON; the text otherwise. */
  body: unknown;
  ms: number;
}

/** Longest a request may take before it counts as a failure. */
export const ANSWER_DEADLINE_MS = 10_000;

/** No cap on sockets: with FUZZ_CONCURRENCY the requests of a case must really be in flight together. */
const agent = new Agent({ keepAlive: true });

/**
 * Sends the request byte for byte with node:http, which neither normalizes `..` nor re-encodes the
 * path (fetch would). Rejects when no complete answer came within the deadline.
 */
export function send(baseUrl: string, req: FuzzRequest): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port: Number(port), method: req.method, path: req.path, headers: req.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const contentType = res.headers['content-type'] ?? null;
        let body: unknown = text;
        if (contentType?.includes('json') && text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, contentType, text, body, ms: performance.now() - started });
      });
    });
    const deadline = setTimeout(() => outgoing.destroy(new Error(`no answer within ${ANSWER_DEADLINE_MS / 1000} s`)), ANSWER_DEADLINE_MS);
    outgoing.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    outgoing.end(req.body ?? undefined);
  });
}

/** The request as a reader can replay it: method, URL, headers and body (escaped text, or base64 when not UTF-8). */
export function describeRequest(baseUrl: string, req: FuzzRequest, maxBody = 4_000): string {
  const lines = [
    `${req.method} ${baseUrl}${req.path}`,
    ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v.length > 300 ? `${v.slice(0, 300)}… (${v.length} characters)` : v}`),
  ];
  if (req.body) {
    let shown: string;
    try {
      shown = JSON.stringify(new TextDecoder('utf-8', { fatal: true }).decode(req.body));
    } catch {
      shown = `base64:${Buffer.from(req.body).toString('base64')}`;
    }
    lines.push('', shown.length > maxBody ? `${shown.slice(0, maxBody)}… (${req.body.byteLength} bytes in all)` : shown);
  }
  return lines.join('\n');
}
