import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request an engram server sent to the receiver, with what the receiver answered. */
export interface ReceivedEvent {
  id: string;
  timestamp: number;
  signature: string;
  raw: string;
  body: { id: string; type: string; timestamp: string; organization: string; containerTag: string | null; data: Record<string, any> };
  /** Which of the receiver's secrets a `v1` signature verified with. */
  verifiedWith: string[];
  answered: number | 'hung';
}

/**
 * A webhook receiver on 127.0.0.1 that checks each request the way Standard Webhooks says a
 * receiver does (written here from the specification, not with engram's code): the secret is
 * `whsec_` and base64, the signed content `id.timestamp.body`, HMAC-SHA256 in base64 after `v1,`,
 * several space-separated signatures. It answers `answers` in turn (a status, or `hang`: no answer
 * until the receiver closes), then 200.
 */
export class EventReceiver {
  readonly received: ReceivedEvent[] = [];
  secrets: string[] = [];
  answers: (number | 'hang')[] = [];
  private readonly hanging = new Set<() => void>();
  private server!: Server;
  url = '';

  static async start(path = '/hook'): Promise<EventReceiver> {
    const receiver = new EventReceiver();
    receiver.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = receiver.answers.shift() ?? 200;
      receiver.received.push(receiver.read(req.headers, raw, answer === 'hang' ? 'hung' : answer));
      if (answer === 'hang') {
        receiver.hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : `failing with ${answer}`);
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}${path}`;
    return receiver;
  }

  /** The events answered 2xx, in the order they arrived. */
  delivered(): ReceivedEvent[] {
    return this.received.filter((r) => typeof r.answered === 'number' && r.answered < 300);
  }

  private read(headers: IncomingHttpHeaders, raw: string, answered: number | 'hung'): ReceivedEvent {
    const id = String(headers['webhook-id'] ?? '');
    const timestamp = Number(headers['webhook-timestamp']);
    const signature = String(headers['webhook-signature'] ?? '');
    const verifiedWith = this.secrets.filter((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`).digest('base64'));
      return signature.split(' ').some((entry) => {
        const [version, value] = entry.split(',');
        const given = Buffer.from(value ?? '');
        return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
      });
    });
    return { id, timestamp, signature, raw, body: JSON.parse(raw), verifiedWith, answered };
  }

  async close(): Promise<void> {
    for (const end of this.hanging) end();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
