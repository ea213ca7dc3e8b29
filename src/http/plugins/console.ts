import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../api-error.js';

/** The built console (`npm run build`), the same from src/ under tsx and from dist/. */
export const CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console/', import.meta.url));

/**
 * Only the console's own files may run or load, it may talk only to this server, and no other site
 * may frame it: an injected script or style has nowhere to come from and nowhere to send a key.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

async function sendIndex(dir: string, reply: FastifyReply): Promise<FastifyReply> {
  let html: Buffer;
  try {
    html = await readFile(join(dir, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new ApiError(404, 'Console not built', 'run npm run build to build the console');
  }
  // The page names its hashed assets, so it must be asked for again after every deploy.
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * Serves the web console at /console without a key (it signs in with one, in the browser):
 * hashed assets cached for a year, and index.html for every other path under /console so the
 * console's own addresses can be reloaded and shared.
 */
export async function registerConsole(app: FastifyInstance, dir = CONSOLE_DIR): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(SECURITY_HEADERS);
      return payload;
    });

    const assets = join(dir, 'assets');
    if (existsSync(assets)) {
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: '/console/assets/',
        decorateReply: false,
        index: false,
        maxAge: '365d',
        immutable: true,
      });
    }
    scope.get('/console', (_request, reply) => sendIndex(dir, reply));
    scope.get('/console/*', (_request, reply) => sendIndex(dir, reply));
  });
}
