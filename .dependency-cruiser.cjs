/**
 * The layer rules of src/, checked by `npm run lint:deps` (part of `npm test`). Arrows point down:
 *
 *   app.ts, cli.ts (composition root)
 *     http ─► core ─► store ─► model
 *     pipeline ─┘  ├─► ai (─► model), chunking, convert (leaves)
 *                  └─► connectors ─► convert, model
 *     http, cli ─► mcp ─► core (the MCP server, over HTTP or stdio)
 *
 * docs/ARCHITECTURE.md explains each layer. Tests (*.test.ts) are left out: they may import anything.
 */

/** A folder of src/, as a path pattern. */
const layer = (name) => `^src/${name}/`;
/** Any folder of src/ but the listed ones (and the file's own folder, always allowed). */
const outside = (...allowed) => `^src/(?!(?:${allowed.join('|')})/)`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src/: each module can be read, and tested, below the ones that use it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment:
        'Every module of src/ is reached from the entry point (cli.ts, through app.ts): no code that only tests use. ' +
        'Exceptions: connectors/ and core/sync-filter.ts, written ahead of the sync engine that will drive them; ' +
        'convert/pool-worker.ts and store/pglite-thread/worker.ts, which pool.ts and pglite-thread/client.ts start as worker threads by their paths.',
      severity: 'error',
      from: { path: '^src/cli\\.ts$' },
      to: { path: '^src/', pathNot: ['\\.d\\.ts$', '^src/connectors/', '^src/core/sync-filter\\.ts$', '^src/convert/pool-worker\\.ts$', '^src/store/pglite-thread/worker\\.ts$'], reachable: false },
    },
    {
      name: 'model-imports-nothing',
      comment: 'model/ is the lowest layer: domain types and pure value rules, importing nothing of ours.',
      severity: 'error',
      from: { path: layer('model') },
      to: { path: outside('model') },
    },
    {
      name: 'leaves-import-nothing',
      comment: 'chunking/ and convert/ are libraries of their own: they import nothing of ours.',
      severity: 'error',
      from: { path: '^src/(chunking|convert)/' },
      to: { path: '^src/', pathNot: '^src/$1/' },
    },
    {
      name: 'ai-imports-model-only',
      comment: 'ai/ is a library of its own over model/: it speaks in domain types (the ExtractionReport it fills) and imports nothing else of ours.',
      severity: 'error',
      from: { path: layer('ai') },
      to: { path: outside('ai', 'model') },
    },
    {
      name: 'store-imports-model-only',
      comment: 'store/ holds the SQL; it speaks in model/ types and imports nothing else of ours.',
      severity: 'error',
      from: { path: layer('store') },
      to: { path: outside('store', 'model') },
    },
    {
      name: 'connectors-import-convert-and-model',
      comment: 'connectors/ talk to providers; they use convert/ and model/ only, and are driven by core and pipeline.',
      severity: 'error',
      from: { path: layer('connectors') },
      to: { path: outside('connectors', 'convert', 'model') },
    },
    {
      name: 'connectors-convert-through-the-pool',
      comment:
        'What a connector converts goes through the injected ConvertFile (the conversion pool in a worker, with its time and memory limits); ' +
        'connectors/ read only the helpers of convert/ (decoding, fetchUrl, types, the safe XML parser), never a converter or convertToMarkdown.',
      severity: 'error',
      from: { path: layer('connectors') },
      to: { path: '^src/convert/', pathNot: '^src/convert/(decode|fetch-url|types|xml)\\.ts$' },
    },
    {
      name: 'core-stays-below-http-and-pipeline',
      comment: 'core/ is the domain: it uses model, store, ai, chunking and connectors; never http, pipeline, convert or the root files.',
      severity: 'error',
      from: { path: layer('core') },
      to: { path: outside('core', 'model', 'store', 'ai', 'chunking', 'connectors') },
    },
    {
      name: 'pipeline-stays-below-http',
      comment: 'pipeline/ runs job steps over core, store, ai, convert, chunking, connectors and model; never http or the root files.',
      severity: 'error',
      from: { path: layer('pipeline') },
      to: { path: outside('pipeline', 'core', 'store', 'ai', 'convert', 'chunking', 'connectors', 'model') },
    },
    {
      name: 'http-uses-core-and-model',
      comment:
        'http/ parses, calls core, shapes the answer: it imports core and model only (no SQL, no jobs, no models, no converters), ' +
        'and mcp/ to serve it at /mcp.',
      severity: 'error',
      from: { path: layer('http') },
      to: { path: outside('http', 'mcp', 'core', 'model') },
    },
    {
      name: 'mcp-uses-core-and-model',
      comment: 'mcp/ is the MCP server (tools and resources over core), whatever carries it: it imports core and model only, never http/.',
      severity: 'error',
      from: { path: layer('mcp') },
      to: { path: outside('mcp', 'core', 'model') },
    },
    {
      name: 'status-codes-stay-in-http',
      comment:
        'ApiError carries an HTTP status: only http/ answers with one. Everything else throws the domain errors of ' +
        'model/errors.ts, which http/plugins/errors.ts and mcp/errors.ts translate.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/http/' },
      to: { path: '^src/http/api-error\\.ts$' },
    },
    {
      name: 'only-the-root-imports-root-files',
      comment: 'config, secret-key, log-errors, log-pretty, metrics and readiness belong to the composition root (app.ts, cli.ts); layers get what they need passed in.',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'documents-are-deleted-through-lineage',
      comment:
        'Only core/memories/lineage.ts deletes documents (store/document-removal.ts): a deletion hands back the memories ' +
        'drawn from the documents, and lineage deletes or updates them. A new delete path calls removeDocuments().',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/core/memories/lineage\\.ts$' },
      to: { path: '^src/store/document-removal\\.ts$' },
    },
    {
      name: 'nothing-imports-cli',
      comment: 'cli.ts is the entry point; app.ts is imported by cli.ts (and by tests and benchmarks) only.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli\\.ts$' },
      to: { path: '^src/(app|cli)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.d.ts'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
