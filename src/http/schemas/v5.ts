import { z } from 'zod';
import type { FilterConditionSchema, FiltersInput } from '../../model/filters.js';
import { ContainerTag, DocumentDate, DocumentStatus, EntityContext, ErrorResponse, Metadata, TaskType } from './common.js';

/**
 * The wire format of the v5 API (`/ns/{namespace}/…`): its request bodies, parameters and the
 * validation-error shape. The answers' shapes are in views/v5.ts. docs/v5.md says how each field
 * maps onto the v3/v4 inputs and where the published contract is read one way of two.
 */

/** A namespace is a container tag: the same characters (letters, digits, `_ : -`) and length. */
export const Namespace = ContainerTag.describe('The isolated namespace (the container tag of the v3/v4 API)');

export const NamespaceParams = z.object({ namespace: Namespace });

/** A document id of the v5 API: its caller-defined id (the v3 customId) or the id engram gave it. */
export const DocumentId = z.string().min(1).max(255);

export const NamespaceDocumentParams = z.object({ namespace: Namespace, id: DocumentId });

export const ValidationErrorResponse = z
  .object({
    success: z.literal(false),
    error: z.array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional() })).describe('Validation issues'),
    data: z.unknown().optional().describe('The input that failed validation'),
  })
  .meta({ id: 'ValidationErrorResponse', description: 'Body returned when request input fails schema validation' });

/** Every v5 route: a 400 is the validation shape or the error shape, any other error the error shape. */
export const v5ErrorResponses = {
  400: z.union([ErrorResponse, ValidationErrorResponse]),
  '4xx': ErrorResponse,
  '5xx': ErrorResponse,
};

export const Dreaming = z.enum(['dynamic', 'instant']);

/** The published contract puts these in the body; its reference pages in the query. Both are read, the body first. */
export const ProcessingQuery = z.object({ taskType: TaskType.optional(), dreaming: Dreaming.optional() });

const Group = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

const documentFields = {
  supportingContext: EntityContext.optional().describe('Guides memory extraction in this namespace (the v3 entityContext)'),
  metadata: Metadata.optional(),
  group: Group.optional().describe('Accepted; not yet used to isolate context'),
  date: DocumentDate.optional().describe('When the source content is from (the v3 documentDate)'),
  taskType: TaskType.optional(),
  dreaming: Dreaming.optional(),
};

export const AddDocumentBodyV5 = z
  .object({
    content: z.string().min(1).describe('Text, or an http(s) URL to fetch'),
    id: DocumentId.optional().describe('A caller-defined document id (the v3 customId); an existing one updates that document'),
    ...documentFields,
  })
  .strict();

export const PatchDocumentBodyV5 = z.object({ content: z.string().min(1).optional().describe('New content, processed again'), ...documentFields }).strict();

/** A document of a batch: the fields of a single add, its processing options set once for the batch. */
const BatchDocumentV5 = z
  .object({
    content: z.string().min(1).describe('Text, or an http(s) URL to fetch'),
    id: DocumentId.optional().describe('A caller-defined document id; an existing one is appended to, as a single add does'),
    supportingContext: documentFields.supportingContext,
    metadata: documentFields.metadata,
    group: documentFields.group,
    date: documentFields.date,
  })
  .strict();

export const BatchBodyV5 = z
  .object({ documents: z.array(BatchDocumentV5).min(1).max(600), taskType: TaskType.optional(), dreaming: Dreaming.optional() })
  .strict();

export const BatchAnswerV5 = z
  .object({
    results: z.array(
      z
        .object({
          id: z.string().describe('The id given, else the one engram gave; empty for a refused document given none'),
          status: z.enum([...DocumentStatus.options, 'error']),
          error: z.string().optional(),
          details: z.string().optional(),
          url: z.string().optional().describe('The URL of a refused document, when its content was one'),
        })
        .strict(),
    ),
    count: z.number().int().min(0).describe('Documents accepted'),
    failed: z.number().int().min(0).describe('Documents refused'),
  })
  .strict();

export const DeleteDocumentsBody = z.object({ ids: z.array(DocumentId).min(1).max(100).describe('Document ids or caller-defined ids') }).strict();

export const WriteAnswer = z.object({ id: z.string().min(1), status: DocumentStatus }).strict();

export const DeleteDocumentsAnswer = z
  .object({
    count: z.number().int().min(0).describe('Documents deleted'),
    errors: z.array(z.object({ id: DocumentId, error: z.string().min(1) }).strict()).describe('Per-document failures'),
  })
  .strict();

export const DocumentInclude = z
  .string()
  .optional()
  .transform(
    (value) =>
      new Set(
        (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
  )
  .pipe(z.set(z.enum(['chunks', 'memories'])))
  .describe('Comma-separated: chunks, memories, or both');

/** The v5 typed filter: a predicate, or `and` / `or` of filter expressions (5 levels, 200 operands at most). */
const FieldName = z
  .string()
  .min(1)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'metadata keys use letters, digits, _ . -');

const Predicate = z.union([
  z.object({ field: FieldName, operator: z.enum(['eq', 'neq']), value: z.string(), caseSensitive: z.boolean().optional() }).strict(),
  z.object({ field: FieldName, operator: z.enum(['eq', 'neq']), value: z.union([z.number(), z.boolean()]) }).strict(),
  z.object({ field: FieldName, operator: z.enum(['gt', 'gte', 'lt', 'lte']), value: z.number() }).strict(),
  z.object({ field: FieldName, operator: z.enum(['contains', 'notContains']), value: z.string(), caseSensitive: z.boolean().optional() }).strict(),
  z.object({ field: FieldName, operator: z.enum(['arrayContains', 'arrayNotContains']), value: z.string() }).strict(),
]);

type PredicateInput = z.infer<typeof Predicate>;
export type FilterExpressionInput = PredicateInput | { operator: 'and' | 'or'; operands: FilterExpressionInput[] };

export const FilterExpressionV5: z.ZodType<FilterExpressionInput> = z.lazy(() =>
  z.union([
    Predicate,
    z.object({ operator: z.literal('and'), operands: z.array(FilterExpressionV5).min(1).max(200) }).strict(),
    z.object({ operator: z.literal('or'), operands: z.array(FilterExpressionV5).min(1).max(200) }).strict(),
  ]),
);
z.globalRegistry.add(FilterExpressionV5, { id: 'FilterExpressionV5' });

const NUMERIC: Record<string, '>' | '>=' | '<' | '<='> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

type ConditionInput = z.input<typeof FilterConditionSchema> | { AND: ConditionInput[] } | { OR: ConditionInput[] };

/**
 * The v5 filter as the filter engine's input (the v3/v4 `filters`), which checks its depth and size
 * limits as it does for every route.
 */
export function toFiltersInput(expression: FilterExpressionInput | undefined): FiltersInput | undefined {
  if (!expression) return undefined;
  const convert = (node: FilterExpressionInput): ConditionInput => {
    if (node.operator === 'and') return { AND: node.operands.map(convert) };
    if (node.operator === 'or') return { OR: node.operands.map(convert) };
    const predicate = node as PredicateInput;
    const ignoreCase = 'caseSensitive' in predicate && predicate.caseSensitive === false;
    switch (predicate.operator) {
      case 'eq':
      case 'neq':
        return typeof predicate.value === 'number'
          ? { key: predicate.field, value: predicate.value, filterType: 'numeric', numericOperator: '=', negate: predicate.operator === 'neq' }
          : { key: predicate.field, value: predicate.value, filterType: 'metadata', negate: predicate.operator === 'neq', ignoreCase };
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return { key: predicate.field, value: predicate.value, filterType: 'numeric', numericOperator: NUMERIC[predicate.operator] };
      case 'contains':
      case 'notContains':
        return { key: predicate.field, value: predicate.value, filterType: 'string_contains', negate: predicate.operator === 'notContains', ignoreCase };
      default:
        return { key: predicate.field, value: predicate.value, filterType: 'array_contains', negate: predicate.operator === 'arrayNotContains' };
    }
  };
  const root = convert(expression);
  return ('AND' in root || 'OR' in root ? root : { AND: [root] }) as FiltersInput;
}

export const SearchBodyV5 = z
  .object({
    query: z.string().trim().min(1).max(10_000).describe('What to look for, in natural language'),
    filter: FilterExpressionV5.optional(),
    searchMode: z.enum(['hybrid', 'memories', 'chunks']).optional().describe('hybrid (default): memories and chunks; memories; chunks'),
    limit: z.number().int().min(1).max(100).optional().describe('Default 10'),
    include: z.object({ documents: z.boolean().optional(), related: z.boolean().optional(), forgotten: z.boolean().optional() }).strict().optional(),
    threshold: z.number().min(0).max(1).optional().describe('Minimum similarity (0..1); default 0.3'),
    rerank: z
      .enum(['none', 'order', 'aggregate'])
      .optional()
      .describe('order reranks the results; aggregate also adds statements combined from several found memories that overlap (isInference, not stored)'),
    rewriteQuery: z.boolean().optional(),
  })
  .strict();

export const BucketName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'bucket names are lowercase letters, digits, _ and -');

export const ProfileBodyV5 = z.object({ filter: FilterExpressionV5.optional(), buckets: z.array(BucketName).max(50).optional() }).strict();

export const ListParams = z.object({ namespace: Namespace, type: z.enum(['documents', 'chunks', 'memories']) });

export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  sort: z.enum(['createdAt', 'updatedAt', 'position']).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const ListBodyV5 = z
  .object({ filter: FilterExpressionV5.optional(), include: z.object({ forgotten: z.boolean().optional() }).strict().optional() })
  .strict();

/** The v5 upload form's fields, by the names the upload reader knows them by (`null`: taken, not used). */
export const V5_UPLOAD_FIELDS = {
  supportingContext: 'entityContext',
  metadata: 'metadata',
  group: null,
  date: 'documentDate',
  taskType: 'taskType',
  dreaming: 'dreaming',
  fileType: 'fileType',
  mimeType: 'mimeType',
} as const;

/** The v5 upload form as the OpenAPI document describes it. */
export const V5_UPLOAD_FORM = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file: exactly one part' },
    supportingContext: { type: 'string', maxLength: 1500, description: 'Guides memory extraction in this namespace (the v3 entityContext)' },
    metadata: { type: 'string', contentMediaType: 'application/json', description: 'JSON-encoded metadata of the document' },
    group: { type: 'string', description: 'JSON-encoded; accepted, not yet used' },
    date: { type: 'string', maxLength: 64, description: 'When the content is from (the v3 documentDate)' },
    taskType: { type: 'string', enum: ['memory', 'superrag'] },
    dreaming: { type: 'string', enum: ['dynamic', 'instant'] },
    fileType: { type: 'string', enum: ['text', 'pdf', 'image', 'video', 'audio'], description: 'video and audio are not supported yet' },
    mimeType: { type: 'string', maxLength: 200 },
  },
  required: ['file'],
  additionalProperties: false,
};
