import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FileInput } from '../core/documents/inputs.js';
import { ApiError } from './api-error.js';
import { DomainError, invalidInput } from '../model/errors.js';
import { assertStorableInput, findInputProblem } from '../model/request-input.js';
import { ContainerTag, ContainerTags, CustomId, DocumentDate, EntityContext, Filepath, Metadata, TaskType } from './schemas/common.js';

const jsonField = <T extends z.ZodType>(schema: T, field: string) =>
  z
    .string()
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON string` });
        return z.NEVER;
      }
      const problem = findInputProblem(value);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);

/** `containerTags` arrives as a JSON array string or as one plain tag. */
const containerTagsField = z
  .string()
  .transform((text) => {
    const trimmed = text.trim();
    if (!trimmed.startsWith('[')) return [trimmed];
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return [trimmed];
    }
  })
  .pipe(ContainerTags);

const UploadFields = z.object({
  containerTag: ContainerTag.optional(),
  containerTags: containerTagsField.optional(),
  customId: CustomId.optional(),
  metadata: jsonField(Metadata, 'metadata').optional(),
  filterByMetadata: jsonField(z.record(z.string(), z.unknown()), 'filterByMetadata').optional(),
  taskType: TaskType.optional(),
  filepath: Filepath.optional(),
  documentDate: DocumentDate.optional(),
  entityContext: EntityContext.optional(),
  title: z.string().max(500).optional(),
  fileType: z
    .enum([
      'text',
      'pdf',
      'tweet',
      'google_doc',
      'google_slide',
      'google_sheet',
      'image',
      'video',
      'notion_doc',
      'webpage',
      'onedrive',
      'markdown',
      'csv',
      'json',
      'html',
    ])
    .optional(),
  mimeType: z.string().max(200).optional(),
  useAdvancedProcessing: z.string().optional(),
  dreaming: z.enum(['instant', 'dynamic']).optional(),
});

/** A field holding JSON, described as JSON Schema 2020-12 describes encoded content. */
function jsonTextSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...contentSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return { type: 'string', contentMediaType: 'application/json', contentSchema };
}

/** The form as the OpenAPI document describes it: one `file` part and the fields, JSON ones as text. */
export const UPLOAD_FORM_SCHEMA = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The file: exactly one part' },
    ...z.toJSONSchema(UploadFields, { io: 'input', unrepresentable: 'any' }).properties,
    containerTags: { type: 'string', description: 'A JSON array of container tags, or one tag' },
    metadata: jsonTextSchema(Metadata),
    filterByMetadata: jsonTextSchema(z.record(z.string(), z.unknown())),
  },
  required: ['file'],
};

const FORCED_TYPES: Record<string, string> = { google_doc: 'text', onedrive: 'text', notion_doc: 'text', tweet: 'text', google_sheet: 'csv' };

interface UploadParts {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename: string | null; mimeType: string | null };
}

/**
 * The parser's own errors carry no status: the body is not well-formed multipart (no boundary,
 * cut short), which is the client's to fix. Limits and our own refusals keep their status.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof DomainError || typeof (error as { statusCode?: unknown })?.statusCode === 'number') return error;
  return invalidInput('Invalid upload', `the multipart body is malformed: ${(error as Error)?.message ?? 'unreadable'}`);
}

async function readParts(request: FastifyRequest, maxBytes: number): Promise<UploadParts> {
  const upload: UploadParts = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 50, fieldSize: 1_000_000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw invalidInput('Invalid upload', `unexpected file part "${part.fieldname}"; use "file"`);
        const bytes = await part.toBuffer();
        upload.file = { bytes, filename: part.filename || null, mimeType: part.mimetype || null };
      } else {
        upload.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }
  return upload;
}

/**
 * Another API's spelling of the form: each field it takes, named as this form names it (`null`:
 * taken and not used). A field it does not list is refused.
 */
export type UploadFieldNames = Record<string, string | null>;

function renamed(fields: Record<string, string>, names: UploadFieldNames): Record<string, string> {
  const unknown = Object.keys(fields).filter((name) => !Object.hasOwn(names, name));
  if (unknown.length) throw invalidInput('Invalid upload', `${unknown[0]}: not a field of this form (fields: file, ${Object.keys(names).join(', ')})`);
  return Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (names[name] ? [[names[name], value]] : [])));
}

/** Reads a multipart upload: one `file` part plus string fields (spelt as `names` says, when given). */
export async function readUpload(request: FastifyRequest, maxBytes: number, names?: UploadFieldNames): Promise<FileInput> {
  const form = await readUploadForm(request, maxBytes, names);
  if (!('file' in form)) throw invalidInput('Invalid upload', 'file: a "file" part is required');
  return form.file;
}

/** The fields of an upload form sent without its file. */
export type UploadFieldsOnly = Omit<FileInput, 'bytes' | 'filename' | 'mimeType' | 'fileType'>;

/** Reads a multipart form whose `file` part may be left out: then its fields alone (a file's type refused without a file). */
export async function readUploadForm(
  request: FastifyRequest,
  maxBytes: number,
  names?: UploadFieldNames,
): Promise<{ file: FileInput } | { fields: UploadFieldsOnly }> {
  if (!request.isMultipart()) throw new ApiError(415, 'Unsupported media type', 'send multipart/form-data with a "file" part');
  const parts = await readParts(request, maxBytes);
  const file = parts.file;
  const fields = names ? renamed(parts.fields, names) : parts.fields;
  assertStorableInput(fields, 'body');
  const parsed = UploadFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidInput('Invalid request', `body.${issue.path.join('.')}: ${issue.message}`);
  }
  const { fileType, mimeType: givenMimeType, useAdvancedProcessing: _ignored, ...rest } = parsed.data;
  if (!file) {
    const fileOnly = fileType !== undefined ? 'fileType' : givenMimeType !== undefined ? 'mimeType' : null;
    if (fileOnly) throw invalidInput('Invalid upload', `${fileOnly}: describes a file, and no "file" part was sent`);
    return { fields: rest };
  }
  assertStorableInput({ filename: file.filename, mimeType: file.mimeType }, 'file');
  if (file.bytes.byteLength === 0) throw invalidInput('Invalid upload', 'file: the file is empty');
  const mimeType = givenMimeType ?? file.mimeType;
  const detectable = fileType && ['text', 'pdf', 'image', 'webpage', 'markdown', 'csv', 'json', 'html'].includes(fileType);
  if (fileType && !detectable && !FORCED_TYPES[fileType]) {
    throw invalidInput('Unsupported fileType', `fileType: ${fileType} files are not supported yet`);
  }
  // The spec asks for the image's media type with a forced image; the file part's own type counts.
  if (fileType === 'image' && !/^image\//i.test(mimeType ?? '')) {
    throw invalidInput('Invalid request', 'mimeType: required as an image/* type when fileType is image');
  }
  return {
    file: {
      ...rest,
      bytes: file.bytes,
      filename: file.filename,
      mimeType,
      fileType: fileType ? (FORCED_TYPES[fileType] ?? fileType) : null,
    },
  };
}
