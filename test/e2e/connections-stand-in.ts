import type { Page, Route } from 'playwright-core';

/** What the console sent to the stand-in, in order. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers /v3/connections/* in the browser as api-reference §10 describes the routes, for as long as
 * this server does not have them: the console's Connections page can then be driven end to end.
 */
export async function standInForConnections(page: Page): Promise<SentRequest[]> {
  const sent: SentRequest[] = [];
  const connections = [
    {
      id: 'conn_crawler_1',
      provider: 'web-crawler',
      createdAt: '2026-01-02T03:04:05.000Z',
      containerTags: ['e2e_flow'],
      documentLimit: 50,
      lastSyncRun: { status: 'completed', startedAt: '2026-01-02T03:05:00.000Z', completedAt: '2026-01-02T03:06:00.000Z' },
    },
  ];
  const runs = [
    {
      id: 'run_1',
      connectionId: 'conn_crawler_1',
      status: 'completed',
      triggerType: 'manual',
      startedAt: '2026-01-02T03:05:00.000Z',
      completedAt: '2026-01-02T03:06:00.000Z',
      itemsProcessed: 12,
      itemsFailed: 1,
      error: null,
    },
  ];
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

  await page.route('**/v3/connections/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const body = request.postData() ? JSON.parse(request.postData()!) : undefined;
    sent.push({ method: request.method(), path: `${url.pathname}${url.search}`, body });
    const [, , , first, second] = url.pathname.split('/');
    if (request.method() === 'POST' && first === 'list') return json(route, 200, connections);
    if (request.method() === 'POST' && second === 'import') return route.fulfill({ status: 202, contentType: 'text/plain', body: 'Sync queued' });
    if (request.method() === 'GET' && second === 'sync-runs') return json(route, 200, runs);
    if (request.method() === 'DELETE') {
      const index = connections.findIndex((c) => c.id === first);
      const [removed] = connections.splice(index, 1);
      return json(route, 200, { id: removed.id, provider: removed.provider });
    }
    if (request.method() === 'POST' && !second) {
      connections.push({ ...connections[0], id: 'conn_crawler_2', containerTags: [body.containerTag] });
      return json(route, 200, { id: 'conn_crawler_2' });
    }
    return json(route, 404, { error: 'Not found' });
  });
  return sent;
}
