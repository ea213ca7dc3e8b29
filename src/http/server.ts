import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { AuthFailureThrottle } from '../core/auth-throttle.js';
import type { Clock } from '../core/clock.js';
import type { MergeService } from '../core/container-tag-merges.js';
import type { ContainerTagService } from '../core/container-tag-service.js';
import type { ConversationService } from '../core/conversations.js';
import type { MemoryEdits } from '../core/memory-edits.js';
import type { MemoryManagement } from '../core/memory-management.js';
import type { MemoryWriter } from '../core/memory-writes.js';
import type { SearchService } from '../core/search/search-service.js';
import type { ProfileService } from '../core/profiles.js';
import type { DocumentService } from '../core/documents.js';
import type { DocumentsWithMemories } from '../core/documents-with-memories.js';
import { ApiError } from '../core/errors.js';
import type { FileLinks } from '../core/file-links.js';
import type { KeyManagement } from '../core/key-management.js';
import type { KeyResolver, Principal } from '../core/keys.js';
import type { ResetOutcome } from '../core/org-reset.js';
import type { SettingsService } from '../core/settings.js';
import { registerAuth } from './plugins/auth.js';
import { registerConsole } from './plugins/console.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerRequestInput } from './plugins/request-input.js';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi.js';
import { containerTagRoutes } from './routes/container-tags.js';
import { conversationRoutes } from './routes/conversations.js';
import { memoryManagementRoutes } from './routes/memory-management.js';
import { memoryWriteRoutes } from './routes/memories-write.js';
import { searchRoutes } from './routes/search.js';
import { profileRoutes } from './routes/profiles.js';
import { documentRoutes } from './routes/documents.js';
import { documentsWithMemoriesRoutes } from './routes/documents-with-memories.js';
import { healthRoutes } from './routes/health.js';
import { keyRoutes } from './routes/keys.js';
import { settingsRoutes } from './routes/settings.js';

export interface HttpDeps {
  config: Config;
  clock: Clock;
  keys: KeyResolver;
  documents: DocumentService;
  documentsWithMemories: DocumentsWithMemories;
  conversations: ConversationService;
  memoryManagement: MemoryManagement;
  memoryEdits: MemoryEdits;
  memoryWriter: MemoryWriter;
  search: SearchService;
  profiles: ProfileService;
  fileLinks: FileLinks;
  containerTags: ContainerTagService;
  merges: MergeService;
  settings: SettingsService;
  keyManagement: KeyManagement;
  reset: (principal: Principal) => Promise<ResetOutcome>;
  version: string;
  driver: string;
  logger: Logger;
}

const MAX_PARAM_LENGTH = 1000;

export async function buildHttpServer(deps: HttpDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.MAX_BODY_BYTES,
    logController: new LogController({
      disableRequestLogging: deps.config.LOG_LEVEL !== 'debug' && deps.config.LOG_LEVEL !== 'trace',
    }),
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's own answers to these have another shape than every other error; see errors.ts.
    frameworkErrors: answerFrameworkError(MAX_PARAM_LENGTH),
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestInput(app);
  await registerOpenApi(app, deps.version);
  const authThrottle = new AuthFailureThrottle(deps.clock, {
    maxFailures: deps.config.AUTH_FAILURE_MAX,
    windowMs: deps.config.AUTH_FAILURE_WINDOW_MS,
  });
  registerAuth(app, deps.keys, authThrottle);
  await app.register(rateLimit, {
    hook: 'preHandler',
    max: (request) => request.principal?.rateLimit?.max ?? deps.config.RATE_LIMIT_MAX,
    timeWindow: (request) => request.principal?.rateLimit?.windowMs ?? deps.config.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => request.principal?.keyId ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new ApiError(429, 'Too many requests', `limit of ${context.max} requests per ${context.after}`), {
        statusCode: 429,
      }),
  });
  await app.register(multipart, { limits: { fileSize: deps.config.MAX_FILE_BYTES } });

  registerOpenApiRoutes(app);
  await registerConsole(app);
  await app.register(healthRoutes(deps));
  await app.register(documentRoutes(deps));
  await app.register(documentsWithMemoriesRoutes(deps));
  await app.register(conversationRoutes(deps));
  await app.register(memoryManagementRoutes(deps));
  await app.register(memoryWriteRoutes(deps));
  await app.register(searchRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(containerTagRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(keyRoutes(deps));
  return app;
}
