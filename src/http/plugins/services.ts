import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Services } from '../../core/services.js';

export type { Services };

declare module 'fastify' {
  interface FastifyInstance {
    /** The core services; every route reads the one it calls from here. */
    services: Services;
  }
}

/** Decorates the server with the services, for every route registered after it. */
export const servicesPlugin = fastifyPlugin(
  async (app: FastifyInstance, services: Services) => {
    app.decorate('services', services);
  },
  { name: 'services' },
);
