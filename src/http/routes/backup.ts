import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerTokenCheck } from '../bearer-token.js';
import { routeOptions } from '../route-options.js';
import { BYTES, nonJsonAnswer } from '../schemas/common.js';

const route = routeOptions({ tags: ['meta'], config: { public: true } });

export interface BackupOptions {
  /** The operator's token, derived from the server's secret key (`engram backup` computes it). */
  token: string;
  /** A consistent copy of the embedded database, a gzipped tar. */
  dump: () => Promise<Blob>;
}

const Archive = nonJsonAnswer('a gzipped tar of the embedded database, for `engram restore`', 'application/gzip', BYTES);

/**
 * /v3/backup: the embedded database copied while it serves, for `engram backup`. The whole database
 * (every organization) is the operator's, so no API key opens it: only the token derived from the
 * server's secret key, which whoever runs the server holds (`secret.key` in DATA_DIR, or
 * ENGRAM_SECRET_KEY). Registered only on the embedded database.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupOptions> = async (app, options) => {
  const checkToken = bearerTokenCheck(options.token, 'backup token', 'the token `engram backup` derives from the secret key');
  app.get(
    '/v3/backup',
    route({
      summary: 'Back up the embedded database',
      description:
        'A consistent copy of the whole embedded database while the server runs, for `engram backup` (which sends the token it derives from the server secret key); not an API key route.',
      security: [{ bearerAuth: [] }],
      response: { 200: Archive },
    }),
    async (request, reply) => {
      checkToken(request);
      const dump = await options.dump();
      request.log.info({ bytes: dump.size }, 'embedded database backed up');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', dump.size)
        .header('cache-control', 'no-store')
        .send(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream));
    },
  );
};
