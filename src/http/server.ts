import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { AuthFailureThrottle } from '../core/access/auth-throttle.js';
import type { Clock } from '../core/shared/clock.js';
import { registerAuth } from './plugins/auth.js';
import { registerConsole } from './plugins/console.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi.js';
import { registerProtocol, timeoutServerOptions, type RequestTimeouts } from './plugins/protocol.js';
import { registerOrganizationSlots, type OrganizationSlotOptions } from './plugins/organization-slots.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerRequestInput } from './plugins/request-input.js';
import { registerRequestLog, type RequestObserver } from './plugins/request-log.js';
import { servicesPlugin, type Services } from './plugins/services.js';
import { connectionResourceRoutes } from './routes/connection-resources.js';
import { connectionAuthRoutes } from './routes/connections-auth.js';
import { connectionWebhookRoutes } from './routes/connections-webhooks.js';
import { webhookRoutes } from './routes/webhooks.js';
import { connectionRoutes } from './routes/connections.js';
import { containerTagExportRoutes } from './routes/container-tag-export.js';
import { containerTagImportRoutes } from './routes/container-tag-import.js';
import { containerTagInferenceRoutes } from './routes/container-tag-inferences.js';
import { containerTagMergeRoutes } from './routes/container-tag-merges.js';
import { containerTagRoutes } from './routes/container-tags.js';
import { conversationRoutes } from './routes/conversations.js';
import { documentBatchRoutes } from './routes/documents-batch.js';
import { documentsWithMemoriesRoutes } from './routes/documents-documents.js';
import { documentUploadRoutes } from './routes/documents-upload.js';
import { documentRoutes } from './routes/documents.js';
import { fileRoutes } from './routes/files.js';
import { healthRoutes, type ReadinessReport } from './routes/health.js';
import { keyRoutes } from './routes/keys.js';
import { mcpRoutes } from './routes/mcp.js';
import type { McpSessionLimits } from './mcp-sessions.js';
import { memoryRoutes } from './routes/memories.js';
import { metricsRoutes, type MetricsOptions } from './routes/metrics.js';
import { backupRoutes, type BackupOptions } from './routes/backup.js';
import { profileRoutes } from './routes/profile.js';
import { searchRoutes } from './routes/search.js';
import { sessionRoutes } from './routes/session.js';
import { settingsResetRoutes } from './routes/settings-reset.js';
import { suggestBucketRoutes } from './routes/settings-suggest-buckets.js';
import { settingsRoutes } from './routes/settings.js';
import { v5ConnectorRoutes } from './routes/v5-connectors.js';
import { v5DocumentRoutes } from './routes/v5-documents.js';
import { v5ListRoutes } from './routes/v5-list.js';
import { v5MemoryRoutes } from './routes/v5-memories.js';
import { v5NamespaceRoutes } from './routes/v5-namespaces.js';
import { v5OrganizationRoutes } from './routes/v5-organization.js';
import { v5ProfileRoutes } from './routes/v5-profile.js';
import { v5SearchRoutes } from './routes/v5-search.js';

/** How the server behaves; the composition root (app.ts) derives it from the configuration. */
export interface HttpOptions {
  logger: Logger;
  clock: Clock;
  /** The server's version and database driver, answered by the health route. */
  version: string;
  driver: string;
  maxBodyBytes: number;
  maxFileBytes: number;
  /** How long a client may take to send a request (see plugins/protocol.ts). */
  timeouts: RequestTimeouts;
  /** Requests per window for keys without a limit of their own. */
  rateLimit: { max: number; windowMs: number };
  /** Requests of one organization served at once, and how many may wait for a slot; no limit without it. */
  organizationSlots?: OrganizationSlotOptions;
  /** Failed authentications an address may make per window before it is answered 429; 0 = no limit. */
  authFailures: { max: number; windowMs: number };
  /** MCP sessions per key and per process, and their idle time; the defaults without it. */
  mcpSessions?: McpSessionLimits;
  /** Whether the process is ready for traffic (`/readyz`). */
  readiness: () => Promise<ReadinessReport>;
  /** `/metrics` and its token; without it the route does not exist (404). */
  metrics?: MetricsOptions;
  /** Told of every answered request (metrics). */
  onRequestAnswered?: RequestObserver;
  /** `/v3/backup` of the embedded database; absent on PostgreSQL (404). */
  backup?: BackupOptions;
  /** Which proxies' forwarded headers to believe (config TRUST_PROXY); none without it. */
  trustProxy?: boolean | string[];
}

const MAX_PARAM_LENGTH = 1000;

/** The HTTP API over the given services: plugins first (errors, input checks, OpenAPI, auth, rate limits), then one plugin per resource. */
export async function buildHttpServer(services: Services, options: HttpOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: options.maxBodyBytes,
    // Fastify's own request lines carry the query string; plugins/request-log.ts writes one line without it.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's own answers to these have another shape than every other error; see errors.ts.
    frameworkErrors: answerFrameworkError(MAX_PARAM_LENGTH),
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
    ...timeoutServerOptions(options.timeouts),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(servicesPlugin, services);
  registerErrorHandling(app);
  registerProtocol(app);
  registerRequestLog(app, options.onRequestAnswered);
  registerRequestInput(app);
  await registerOpenApi(app, options.version);
  const authThrottle = new AuthFailureThrottle(options.clock, { maxFailures: options.authFailures.max, windowMs: options.authFailures.windowMs });
  registerAuth(app, services.keys, authThrottle);
  await registerRateLimit(app, options.rateLimit);
  if (options.organizationSlots) registerOrganizationSlots(app, options.organizationSlots);
  await app.register(multipart, { limits: { fileSize: options.maxFileBytes } });

  registerOpenApiRoutes(app);
  await registerConsole(app);
  await app.register(healthRoutes, { version: options.version, driver: options.driver, readiness: options.readiness });
  if (options.metrics) await app.register(metricsRoutes, options.metrics);
  if (options.backup) await app.register(backupRoutes, options.backup);
  await app.register(documentRoutes);
  await app.register(documentBatchRoutes);
  await app.register(documentUploadRoutes, { maxFileBytes: options.maxFileBytes });
  await app.register(fileRoutes);
  await app.register(documentsWithMemoriesRoutes);
  await app.register(conversationRoutes);
  await app.register(memoryRoutes);
  await app.register(searchRoutes);
  await app.register(profileRoutes);
  await app.register(containerTagRoutes);
  await app.register(containerTagMergeRoutes);
  await app.register(containerTagInferenceRoutes);
  await app.register(containerTagExportRoutes);
  await app.register(containerTagImportRoutes);
  await app.register(settingsRoutes);
  await app.register(settingsResetRoutes);
  await app.register(suggestBucketRoutes);
  await app.register(keyRoutes);
  await app.register(sessionRoutes);
  await app.register(connectionRoutes);
  await app.register(connectionResourceRoutes);
  await app.register(connectionAuthRoutes);
  await app.register(connectionWebhookRoutes);
  await app.register(webhookRoutes);
  await app.register(v5DocumentRoutes, { maxFileBytes: options.maxFileBytes });
  await app.register(v5SearchRoutes);
  await app.register(v5ProfileRoutes);
  await app.register(v5ListRoutes);
  await app.register(v5MemoryRoutes);
  await app.register(v5NamespaceRoutes);
  await app.register(v5OrganizationRoutes);
  await app.register(v5ConnectorRoutes);
  await app.register(mcpRoutes, { version: options.version, sessions: options.mcpSessions });
  return app;
}
