import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchError, guardedFetch } from './fetch-url.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') return void res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    res.writeHead(403, { 'content-type': 'application/xml' }).end(`<Error><Code>AccessDenied</Code><Method>${req.method}</Method></Error>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as FetchError,
  );

describe('guardedFetch', () => {
  it('answers any status with its body, for any method, and never follows a redirect', async () => {
    const send = guardedFetch({ allowPrivate: true });
    const denied = await send(`${base}/object`, { method: 'HEAD' });
    expect(denied.status).toBe(403);
    const body = await send(`${base}/object`, { method: 'GET' });
    expect(await body.text()).toContain('<Code>AccessDenied</Code>');
    const moved = await send(`${base}/moved`, { method: 'GET', redirect: 'follow' });
    expect([moved.status, moved.headers.get('location')]).toEqual([307, 'http://169.254.169.254/latest/meta-data/']);
    await send.close();
  });

  it('refuses private addresses unless allowed, and metadata addresses always, before sending', async () => {
    const strict = guardedFetch({ allowPrivate: false });
    expect(await refusal(strict(`${base}/object`, {}))).toMatchObject({ refused: true });
    expect(await refusal(guardedFetch({ allowPrivate: true })('http://169.254.169.254/latest/', {}))).toMatchObject({ refused: true });
    expect(await refusal(guardedFetch({ allowPrivate: false })(`http://localhost:${new URL(base).port}/object`, {}))).toMatchObject({ refused: true });
    expect((await guardedFetch({ allowPrivate: false, allowedAddresses: ['127.0.0.1'] })(`${base}/object`, {})).status).toBe(403);
    await strict.close();
  });
});
