/** A JSON Schema node of the served document, as plain data. */
export type Schema = { [keyword: string]: any };

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface RequestBody {
  required: boolean;
  /** Media type → schema, as the document declares them. */
  content: Record<string, Schema>;
}

export interface Operation {
  /** `METHOD /template`, unique in the document. */
  id: string;
  method: string;
  template: string;
  parameters: Parameter[];
  body: RequestBody | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of one or more documents, each once (v3 and v4 serve the same routes). */
export function operationsOf(...documents: OpenApiDocument[]): Operation[] {
  const byId = new Map<string, Operation>();
  for (const document of documents) {
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const id = `${method.toUpperCase()} ${template}`;
        if (byId.has(id)) continue;
        const content = operation.requestBody?.content ?? {};
        byId.set(id, {
          id,
          method: method.toUpperCase(),
          template,
          parameters: (operation.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, required: !!p.required, schema: p.schema ?? {} })),
          body: operation.requestBody
            ? {
                required: !!operation.requestBody.required,
                content: Object.fromEntries(Object.entries<any>(content).map(([type, media]) => [type, media.schema ?? {}])),
              }
            : null,
        });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Follows a local `$ref` (`#/components/schemas/X`); other nodes are returned as they are. */
export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let node = schema;
  for (let hops = 0; typeof node?.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${schema.$ref}`);
    const pointer = node.$ref as string;
    if (!pointer.startsWith('#/')) throw new Error(`unsupported $ref ${pointer}`);
    node = pointer
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<any>((at, token) => at?.[token], document);
    if (node === undefined) throw new Error(`unresolved $ref ${pointer}`);
  }
  return node;
}

/** Whether a schema reaches a `$ref` anywhere inside: the branches to avoid once deep enough. */
export function refersOnward(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(refersOnward);
  if (!schema || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => key === '$ref' || refersOnward(value));
}
