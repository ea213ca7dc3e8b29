import { Client, HTTPMessageHandler, type Context, type Middleware, type PageCollection } from '@microsoft/microsoft-graph-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraph } from './graph/index.js';

let graph: FakeGraph;
let client: Client;

beforeAll(async () => {
  graph = await FakeGraph.start();
  graph.drive.writeFile('/Documents/a.txt', 'a');
  graph.drive.writeFile('/Documents/b.txt', 'b');
  graph.drive.writeFile('/c.txt', 'c');
  const token = graph.token();
  // The client's own authentication step sends tokens to https Graph hosts only and strips them
  // elsewhere; the fake is plain http on loopback, so a small step of ours sets the header instead.
  const http = new HTTPMessageHandler();
  const bearer: Middleware = {
    async execute(context: Context) {
      const options = (context.options ??= {});
      const given = new Headers(options.headers as HeadersInit | undefined);
      if (!given.has('authorization')) given.set('authorization', `Bearer ${token}`);
      options.headers = Object.fromEntries(given);
      await http.execute(context);
    },
  };
  client = Client.initWithMiddleware({ baseUrl: `${graph.http.origin}/`, defaultVersion: 'v1.0', middleware: bearer });
});
afterAll(() => graph.close());

describe('FakeGraph with the Microsoft Graph client', () => {
  it('pages delta with @odata.nextLink until an @odata.deltaLink', async () => {
    graph.deltaPageSize = 2;
    const names: string[] = [];
    // The client follows absolute links only on https; here each link is made relative to the base.
    const relative = (link: string) => link.slice(graph.graphUrl.length);
    let page: PageCollection = await client.api('/me/drive/root/delta').get();
    let pages = 1;
    for (;;) {
      for (const item of page.value as { name?: string; file?: object }[]) if (item.file) names.push(item.name!);
      if (!page['@odata.nextLink']) break;
      page = await client.api(relative(page['@odata.nextLink'])).get();
      pages++;
    }
    expect(pages).toBeGreaterThan(2);
    expect(names.sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    const deltaLink = page['@odata.deltaLink']!;
    expect(deltaLink).toContain('/v1.0/me/drive/root/delta?token=');

    graph.drive.delete('/c.txt');
    const changes: PageCollection = await client.api(relative(deltaLink)).get();
    expect(changes.value).toEqual([expect.objectContaining({ deleted: { state: 'deleted' } })]);
  });

  it('answers Graph errors the client parses into GraphError', async () => {
    graph.throttle({ retryAfterSeconds: 7, match: 'GET /me' });
    const err = await client
      .api('/me')
      .get()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 429, code: 'activityLimitReached', requestId: expect.any(String) });
    const unauthorized = await client
      .api('/me')
      .header('Authorization', 'Bearer nope')
      .get()
      .catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ statusCode: 401, code: 'InvalidAuthenticationToken' });
  });

  it('creates and renews a subscription through the client after the validation handshake', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('validationToken');
      res.writeHead(token ? 200 : 202, { 'content-type': 'text/plain' }).end(token ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    const expiry = new Date(graph.clock.nowMs() + 24 * 3600 * 1000).toISOString();
    const created = await client
      .api('/subscriptions')
      .post({ changeType: 'updated', notificationUrl: url, resource: '/me/drive/root', expirationDateTime: expiry, clientState: 'x' });
    expect(created).toMatchObject({ id: expect.any(String), clientState: 'x', expirationDateTime: expiry });
    const later = new Date(graph.clock.nowMs() + 48 * 3600 * 1000).toISOString();
    expect(await client.api(`/subscriptions/${created.id}`).patch({ expirationDateTime: later })).toMatchObject({ expirationDateTime: later });
    const tooLong = await client
      .api('/subscriptions')

      .post({
        changeType: 'updated',
        notificationUrl: url,
        resource: '/me/drive/root',
        expirationDateTime: new Date(graph.clock.nowMs() + 31 * 24 * 3600 * 1000).toISOString(),
      })
      .catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ statusCode: 400 });

    // Reading is not enough to subscribe: Files.ReadWrite (personal) or Files.ReadWrite.All (business).
    const subscribe = (token: string) =>
      client
        .api('/subscriptions')
        .header('Authorization', `Bearer ${token}`)
        .post({ changeType: 'updated', notificationUrl: url, resource: '/me/drive/root', expirationDateTime: expiry })
        .catch((e: unknown) => e);
    const refused = await subscribe(graph.token(3600, ['User.Read', 'Files.Read.All']));
    expect(refused).toMatchObject({ statusCode: 403, code: 'ExtensionError', message: expect.stringContaining('Access denied') });
    expect(await subscribe(graph.token(3600, ['Files.ReadWrite']))).toMatchObject({ id: expect.any(String) });
    graph.drive.driveType = 'business';
    try {
      expect(await subscribe(graph.token(3600, ['Files.ReadWrite']))).toMatchObject({ statusCode: 403, code: 'ExtensionError' });
      expect(await subscribe(graph.token(3600, ['https://graph.microsoft.com/Files.ReadWrite.All']))).toMatchObject({ id: expect.any(String) });
    } finally {
      graph.drive.driveType = 'personal';
    }
    server.close();
  });

  it('leaves cTag out of delta on a business drive, where the content hash changes with the content only', async () => {
    graph.drive.driveType = 'business';
    graph.deltaPageSize = 200;
    try {
      graph.drive.writeFile('/biz/h.txt', 'one');
      const read = async () => {
        const { value } = await client.api('/me/drive/root/delta').get();
        return (value as { name?: string; cTag?: string; eTag?: string; file?: { hashes: { quickXorHash: string } } }[]).find((i) => i.name?.startsWith('h'))!;
      };
      const first = await read();
      expect(first.cTag).toBeUndefined();
      graph.drive.move('/biz/h.txt', '/biz/h2.txt');
      const renamed = await read();
      expect(renamed.eTag).not.toBe(first.eTag);
      expect(renamed.file!.hashes.quickXorHash).toBe(first.file!.hashes.quickXorHash);
      graph.drive.writeFile('/biz/h2.txt', 'two');
      expect((await read()).file!.hashes.quickXorHash).not.toBe(first.file!.hashes.quickXorHash);
    } finally {
      graph.drive.driveType = 'personal';
    }
  });
});
