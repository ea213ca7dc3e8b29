import swagger from '@fastify/swagger';
import { webhookOperations } from '../schemas/webhook-events.js';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FilterExprSchema } from '../../model/filters.js';
import { UPLOAD_FORM_SCHEMA } from '../upload.js';

// A recursive schema must be a named component: the transform writes every $ref as
// #/components/schemas/<id>, and the definition of an unnamed cycle never reaches the document.
z.globalRegistry.add(FilterExprSchema, { id: 'FilterExpression' });

/** The version of the reference memory API whose routes this server answers. */
export const API_VERSION = '3.0.0';

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '4xx':
    "The request cannot be served: bad input (400, naming the field), no or an unknown key (401), not allowed for this key (403), not found or outside the key's scope (404), a conflict (409), too large (413), an unsupported media type (415), too many requests (429).",
  '5xx': 'The server failed; the answer carries no internals.',
};

/** What a success answer is, where its schema does not say it itself. */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Done: the answer',
  '201': 'Created',
  '202': 'Accepted: the work is queued',
  '204': 'Done, with no body',
  '2xx': 'Done: the answer',
  '302': 'Redirected to the location given',
};

/** Swagger reads a response's description from this keyword of its schema (and drops the keyword). */
const RESPONSE_DESCRIPTION = 'x-response-description';

/**
 * Every response described: the error ranges by what they mean, a success by its schema's own
 * description or by its status and the route's summary, so no answer reads "Default Response".
 */
function describeResponses(schema: { summary?: string; response?: Record<string, Record<string, unknown>> }): void {
  const responses = schema.response;
  if (!responses) return;
  for (const [code, response] of Object.entries(responses)) {
    const description =
      ERROR_DESCRIPTIONS[code] ??
      (typeof response.description === 'string' ? response.description : undefined) ??
      [SUCCESS_DESCRIPTIONS[code] ?? `HTTP ${code}`, schema.summary].filter(Boolean).join(' — ');
    // A named schema (`$ref`) gives its response the description beside the reference.
    responses[code] = { ...response, ...(response.$ref ? { description } : { [RESPONSE_DESCRIPTION]: description }) };
  }
}

/**
 * The route schemas as JSON Schema, with the error ranges described. Upload routes declare no body
 * (the multipart stream is read in the handler), so their form (`uploadForm`, else the v3 one) is
 * added here for the document only;
 * a route whose schema says `markdown200` answers its 200 as text/markdown too, declared here.
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const upload = input.schema as { consumes?: string[]; uploadForm?: object };
  if (upload.consumes?.includes('multipart/form-data')) {
    (result.schema as { body?: unknown }).body = upload.uploadForm ?? UPLOAD_FORM_SCHEMA;
  }
  describeResponses(result.schema as Parameters<typeof describeResponses>[0]);
  const markdown = (input.schema as { markdown200?: string }).markdown200;
  const responses = (result.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (markdown && responses?.['200']) {
    // A 200 also answered as markdown (on `Accept: text/markdown`): the JSON schema and a plain string beside it.
    const { [RESPONSE_DESCRIPTION]: description, ...json } = responses['200'];
    responses['200'] = {
      [RESPONSE_DESCRIPTION]: `${description}. ${markdown}`,
      content: { 'application/json': { schema: json }, 'text/markdown': { schema: { type: 'string' } } },
    };
  }
  return result;
}

/**
 * The components of the zod registry, without the `$id` the converter stamps on each one:
 * `#/components/schemas/X` is a fragment, which JSON Schema forbids in `$id`.
 */
function transformObject(input: TransformObjectInput): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, object> } };
  for (const schema of Object.values(document.components?.schemas ?? {})) delete (schema as { $id?: string }).$id;
  // What engram sends to the organization's endpoints (docs/webhooks.md).
  (document as { webhooks?: unknown }).webhooks = webhookOperations();
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Registers the OpenAPI 3.1 document built from the route schemas, and a rendered reference at /docs. */
export async function registerOpenApi(app: FastifyInstance, serverVersion: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        // The badge beside the title shows `version`: the server's; the API's is in the title.
        title: `engram memory API ${API_VERSION}`,
        version: serverVersion,
        description: [
          `Self-hostable memory service: engram server **${serverVersion}**, serving version **${API_VERSION}** of the memory API (its \`/v3\` and \`/v4\` routes).`,
          'Every call carries the header `Authorization: Bearer <API key>` (or `x-api-key: <API key>`).',
        ].join('\n\n'),
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    transform,
    transformObject,
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
}

export function registerOpenApiRoutes(app: FastifyInstance): void {
  for (const url of ['/v3/openapi', '/v4/openapi', '/v5/openapi']) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  }
}
