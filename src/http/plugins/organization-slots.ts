import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OrganizationSlots } from '../../core/shared/organization-slots.js';
import { ApiError } from '../api-error.js';

export interface OrganizationSlotOptions {
  /** Requests of one organization served at once; 0 = no limit. */
  slots: number;
  /** Requests of one organization waiting for a slot before more are refused (429). */
  maxWaiting: number;
}

/**
 * Serves at most `slots` requests of one organization at once (core/shared/organization-slots.ts),
 * once their body is read: a slow client holds no slot while it sends.
 */
export function registerOrganizationSlots(app: FastifyInstance, options: OrganizationSlotOptions): void {
  if (options.slots <= 0) return;
  const slots = new OrganizationSlots(options.slots, options.maxWaiting);
  app.addHook('preHandler', async (request, reply) => {
    const organization = request.principal?.orgId;
    if (!organization || readsItsOwnBody(request)) return;
    const gone = new AbortController();
    const onClose = () => gone.abort(new Error('the client went away'));
    reply.raw.once('close', onClose);
    const release = await slots.acquire(organization, gone.signal);
    reply.raw.off('close', onClose);
    if (!release) {
      throw new ApiError(
        429,
        'Too many requests at once',
        `${options.slots} requests of this organization are being served and ${options.maxWaiting} are waiting; retry after 1 s`,
        { 'retry-after': '1' },
      );
    }
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  });
}

/** An upload or an import reads its body in the route, after this hook: holding a slot while it arrives would let a slow sender block its own organization. */
function readsItsOwnBody(request: FastifyRequest): boolean {
  return request.isMultipart() || request.body instanceof Readable;
}
