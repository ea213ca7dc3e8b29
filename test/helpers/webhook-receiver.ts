import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connector } from '../../src/connectors/types.js';

export interface ReceivedDelivery {
  verified: boolean;
  described: { deliveryId: string; resource: string | null; event: string } | null;
}

/**
 * Stands in for the engine's webhook receiver in adapter tests: a provider's handshake first,
 * then `verify` with the connection's secret, then `describe` (202), or 401 when it does not verify.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  handshakes = 0;
  private server?: Server;
  url = '';

  private constructor(
    private readonly connector: Connector,
    public secret: string,
  ) {}

  static async start(connector: Connector, secret: string): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(connector, secret);
    receiver.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
      const webhook = receiver.connector.webhook!;
      const handshake = webhook.handshake?.(query, req.headers) ?? null;
      if (handshake) {
        receiver.handshakes++;
        res.writeHead(handshake.status, { 'content-type': handshake.contentType }).end(handshake.body);
        return;
      }
      const verified = webhook.verify(req.headers, raw, receiver.secret);
      const described = verified ? webhook.describe(req.headers, JSON.parse(raw.toString('utf8'))) : null;
      receiver.received.push({ verified, described });
      res.writeHead(verified ? 202 : 401).end();
    });
    await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/v3/connections/webhooks/${connector.kind}`;
    return receiver;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
