import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** Stands in for engram's webhook receiver in adapter tests: keeps every POST and answers 200. */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private server?: Server;
  private origin = '';

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://receiver.invalid');
      receiver.received.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
    receiver.origin = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
