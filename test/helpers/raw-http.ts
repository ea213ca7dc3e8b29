import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Host and port of a server URL such as http://127.0.0.1:1234. */
export function addressOf(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}

/** Splits raw HTTP/1.1 bytes into responses (Content-Length framed), JSON bodies parsed. */
export function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.subarray(0, 9).toString('latin1') === 'HTTP/1.1 ') {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const text = rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    rest = rest.subarray(headEnd + 4 + length);
    const status = Number(statusLine.split(' ')[1]);
    if (status !== 100) responses.push({ status, headers, body: headers['content-type']?.includes('json') ? JSON.parse(text) : text });
  }
  return responses;
}

/** Writes `request` byte for byte on a new connection and collects everything until the server closes it. */
export function sendRaw(url: string, request: string | Buffer): Promise<RawResponse[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(addressOf(url));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks))));
    socket.write(request);
  });
}

/** One GET over a fresh connection, with the path sent exactly as given. */
export async function rawGet(url: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
  const [response] = await sendRaw(url, `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  if (!response) throw new Error(`no response to GET ${path.slice(0, 80)}`);
  return response;
}

/** A connection kept open, for tests that interleave writes with server events. */
export function openRaw(url: string): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(addressOf(url));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => Buffer.concat(chunks), closed }));
  });
}
