import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedEmbeddingRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; input?: string | string[]; encoding_format?: string; dimensions?: number } | null;
}

export interface FakeEmbeddingsOptions {
  /** Vector length when the request does not ask for one. */
  dimension?: number;
  /** Answer with the vectors of a request in reverse order (indices still correct). */
  shuffle?: boolean;
}

/**
 * A local stand-in for an OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`).
 * Vectors are deterministic bags of hashed words, so texts sharing words are similar.
 * Every request is recorded; `failNext` makes the next requests answer with an error.
 */
export class FakeOpenAiEmbeddings {
  readonly requests: RecordedEmbeddingRequest[] = [];
  private readonly failures: { status: number; message: string }[] = [];
  private wrongDimensionNext = false;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly options: FakeEmbeddingsOptions,
  ) {}

  static async start(options: FakeEmbeddingsOptions = {}): Promise<FakeOpenAiEmbeddings> {
    let fake: FakeOpenAiEmbeddings | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: RecordedEmbeddingRequest['body'] = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        const request = { path: req.url ?? '', headers: req.headers, body };
        fake!.requests.push(request);
        const [status, payload] = fake!.answer(req.method ?? '', request);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeOpenAiEmbeddings(server, `http://127.0.0.1:${port}/v1`, options);
    return fake;
  }

  /** The next `times` requests fail with this status. */
  failNext(status: number, times = 1, message = 'simulated failure'): this {
    for (let i = 0; i < times; i++) this.failures.push({ status, message });
    return this;
  }

  /** The next request returns vectors one element too long. */
  wrongDimensionOnce(): this {
    this.wrongDimensionNext = true;
    return this;
  }

  vectorFor(text: string, dimension = this.options.dimension ?? 8): number[] {
    return hashedBagOfWords(text, dimension);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  private answer(method: string, request: RecordedEmbeddingRequest): [number, unknown] {
    if (method !== 'POST' || !request.path.endsWith('/embeddings')) return [404, { error: { message: 'no such route' } }];
    const failure = this.failures.shift();
    if (failure) return [failure.status, { error: { message: failure.message, type: 'fake_error' } }];
    const body = request.body;
    if (!body?.model || body.input === undefined) return [400, { error: { message: 'model and input are required' } }];
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    const dimension = (body.dimensions ?? this.options.dimension ?? 8) + (this.wrongDimensionNext ? 1 : 0);
    this.wrongDimensionNext = false;
    const data = inputs.map((text, index) => {
      const vector = hashedBagOfWords(text, dimension);
      const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    if (this.options.shuffle) data.reverse();
    return [200, { object: 'list', data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } }];
  }
}

function hashedBagOfWords(text: string, dimension: number): number[] {
  const vector: number[] = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    vector[digest.readUInt32BE(0) % dimension] += digest[4] & 1 ? 1 : -1;
  }
  if (!vector.some((v) => v !== 0)) vector[0] = 1;
  return vector;
}
