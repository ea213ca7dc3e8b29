import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

/** What the server answered, as the contract needs it. */
export interface Answer {
  status: number;
  contentType: string | null;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON, when it is JSON. */
  body: unknown;
}

interface MediaType {
  schema?: unknown;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  staticSegments: number;
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
}

const DOCUMENT_ID = 'openapi';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
/** Served on purpose outside the document: the document itself and its rendered reference. */
const UNDOCUMENTED = /^\/(v3\/openapi|v4\/openapi|v5\/openapi|docs)(\/|$)/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointerToken = (s: string) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'));
const mediaTypeOf = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template.split('/');
    // A parameter may be empty, as the router takes it (`/ns//profile` is `/ns/{namespace}/profile`).
    const pattern = new RegExp(`^${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]*' : escapeRegExp(s))).join('/')}$`);
    const staticSegments = segments.filter((s) => !s.startsWith('{')).length;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({ method: method.toUpperCase(), template, pattern, staticSegments, responses: operation.responses ?? {} });
    }
  }
  return operations;
}

/** The media type of `declared` that `actual` falls under: exact, `type/*`, or `*\/*`. */
function matchMediaType(declared: string[], actual: string): string | undefined {
  const [type] = actual.split('/');
  return declared.find((d) => d === actual) ?? declared.find((d) => d === `${type}/*`) ?? declared.find((d) => d === '*/*');
}

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 8).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
    return `body${e.instancePath.replaceAll('/', '.')} ${e.message}${extra}`;
  });
}

/**
 * The served OpenAPI document as a checker of answers: the operation is found by method and path
 * template, the status must be declared (exactly, as a range like 4XX, or as default), the content
 * type must be one it declares and a JSON body must match the declared schema.
 */
export class ApiContract {
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv: Ajv2020;

  constructor(document: OpenApiDocument) {
    this.operations = operationsOf(document);
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    formats.default(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
  }

  /** What is wrong with an answer to `method path`; empty when it keeps the contract. */
  violations(requestMethod: string, path: string, answer: Answer): string[] {
    const method = requestMethod.toUpperCase();
    const pathname = path.split('?')[0].replace(/(.)\/$/, '$1');
    if (method === 'HEAD' || UNDOCUMENTED.test(pathname)) return [];
    const operation = this.operations.filter((op) => op.method === method && op.pattern.test(pathname)).sort((a, b) => b.staticSegments - a.staticSegments)[0];
    if (!operation) return this.checkUnrouted(answer);

    const code = String(answer.status);
    const declared = Object.keys(operation.responses);
    const key = [code, `${code[0]}XX`, 'default'].find((k) => k in operation.responses);
    if (!key) return [`status ${code} is not declared (declared: ${declared.join(', ')})`];
    const pointer = ['paths', operation.template, operation.method.toLowerCase(), 'responses', key];
    return this.checkContent(operation.responses[key], pointer, answer);
  }

  /** No operation has this method and path: the answer must be a client error with the error shape. */
  private checkUnrouted(answer: Answer): string[] {
    const problems = answer.status >= 400 && answer.status < 500 ? [] : [`status ${answer.status} for a route the document does not have`];
    const schema = this.validator(['components', 'schemas', 'ErrorResponse']);
    if (!schema(answer.body)) problems.push(...describeErrors(schema.errors));
    return problems;
  }

  private checkContent(response: ResponseObject, pointer: string[], answer: Answer): string[] {
    const declared = Object.keys(response.content ?? {});
    if (declared.length === 0) {
      return answer.text === '' ? [] : [`declares no body, got ${answer.text.length} characters of ${answer.contentType}`];
    }
    const actual = answer.contentType ? mediaTypeOf(answer.contentType) : '';
    const mediaType = matchMediaType(declared, actual);
    if (!mediaType) return [`content-type "${answer.contentType}" is not declared (declared: ${declared.join(', ')})`];
    if (!isJson(actual) || response.content![mediaType].schema === undefined) return [];
    const validate = this.validator([...pointer, 'content', mediaType, 'schema']);
    return validate(answer.body) ? [] : describeErrors(validate.errors);
  }

  private validator(pointer: string[]): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/${pointer.map(pointerToken).join('/')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

const contracts = new Map<string, ApiContract>();

/** The contract of the document a server serves; compiled once per distinct document in this process. */
export async function fetchContract(baseUrl: string): Promise<ApiContract> {
  const res = await fetch(`${baseUrl}/v3/openapi`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /v3/openapi answered ${res.status}: ${text.slice(0, 300)}`);
  let contract = contracts.get(text);
  if (!contract) {
    contract = new ApiContract(JSON.parse(text));
    contracts.set(text, contract);
  }
  return contract;
}
