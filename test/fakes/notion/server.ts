import { createHmac, randomUUID } from 'node:crypto';
import { bearerToken, FakeHttpServer, matchPath, type FakeHttpReply, type FakeHttpRequest, type FakeMatch } from '../fake-server.js';
import { FakeNotionOAuth, OWNER, WORKSPACE, type NotionIntegration } from './oauth.js';
import { isoMinute, NotionState, type ApiVersion, type FakeDatabase, type FakeDataSource, type FakePage } from './state.js';

/** The current API version (data sources), the official client's default. */
export const NOTION_VERSION = '2025-09-03';
/** The version before data sources: still answered, but not for a database with several data sources. */
export const LEGACY_NOTION_VERSION = '2022-06-28';

/** Notion's error body: `{object: 'error', status, code, message, request_id}`. */
export function notionError(status: number, code: string, message: string, headers?: Record<string, string>): FakeHttpReply {
  return { status, headers, json: { object: 'error', status, code, message, request_id: randomUUID() } };
}

export type SignatureMode = 'valid' | 'wrong' | 'missing';

/**
 * A local Notion API (`/v1`) on 127.0.0.1: OAuth, search, pages, databases, block children and
 * webhook deliveries. See test/fakes/README.md.
 */
export class FakeNotion {
  readonly http = new FakeHttpServer();
  readonly clock = this.http.clock;
  readonly oauth = new FakeNotionOAuth(this.clock);
  readonly state = new NotionState(this.clock);
  readonly integration: NotionIntegration;
  /** What each webhook delivery got back. */
  readonly deliveries: { url: string; status: number; rawBody: string }[] = [];

  private constructor() {
    this.integration = this.oauth.register({
      clientId: '1f2d872b-594c-80e4-fake-0037c0fe0001',
      clientSecret: 'secret_fakeNotionClientSecret',
      redirectUris: [],
    });
  }

  static async start(): Promise<FakeNotion> {
    const fake = new FakeNotion();
    await fake.http.listen(
      (req) => fake.route(req),
      (route) => route !== null && (!route.includes('/oauth/') || route === 'POST /v1/oauth/revoke'),
    );
    return fake;
  }

  /** `https://api.notion.com`. */
  get apiUrl(): string {
    return this.http.origin;
  }

  get requests() {
    return this.http.requests;
  }

  count(route: string, status?: number): number {
    return this.http.count(route, status);
  }

  resetRequests(): void {
    this.http.resetRequests();
  }

  token(): string {
    return this.oauth.issueToken();
  }

  /** The next matching requests get Notion's 429 `rate_limited` with Retry-After. */
  rateLimit(options: { retryAfterSeconds?: number; times?: number; match?: FakeMatch } = {}): void {
    const headers = { 'retry-after': String(options.retryAfterSeconds ?? 1) };
    this.http.arm(() => notionError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', headers), options);
  }

  failWith(options: { status: number; code: string; times?: number; match?: FakeMatch }): void {
    this.http.arm(() => notionError(options.status, options.code, 'An error occurred.'), options);
  }

  /**
   * What Notion posts once a webhook subscription is made in the integration's settings: an
   * unsigned `{verification_token}` to paste back into the settings. Returns the token and the answer's status.
   */
  async sendVerification(url: string): Promise<{ token: string; status: number }> {
    const token = `secret_${randomUUID().replaceAll('-', '')}`;
    const rawBody = JSON.stringify({ verification_token: token });
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'notion-api' }, body: rawBody });
    await response.arrayBuffer();
    this.deliveries.push({ url, status: response.status, rawBody });
    return { token, status: response.status };
  }

  /** Posts one event to `url`, signed with `verificationToken` as Notion signs them (or wrongly, or not). */
  async sendEvent(url: string, verificationToken: string, event: { type: string; entity: FakePage | FakeDatabase }, signature: SignatureMode = 'valid') {
    const body = {
      id: randomUUID(),
      timestamp: this.clock.now().toISOString(),
      workspace_id: WORKSPACE.id,
      workspace_name: WORKSPACE.name,
      subscription_id: '29d75c0d-5546-4414-8459-7b7a92f1fc4b',
      integration_id: this.integration.clientId,
      type: event.type,
      authors: [{ id: OWNER.id, type: 'person' }],
      accessible_by: [{ id: OWNER.id, type: 'person' }],
      attempt_number: 1,
      entity: { id: event.entity.id, type: event.entity.object },
      data:
        event.entity.parent.type === 'workspace'
          ? {}
          : { parent: { id: Object.values(event.entity.parent)[1], type: event.entity.parent.type.replace('_id', '') } },
    };
    const rawBody = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'notion-api' };
    const hmac = createHmac('sha256', signature === 'wrong' ? 'secret_wrong' : verificationToken)
      .update(rawBody)
      .digest('hex');
    if (signature !== 'missing') headers['x-notion-signature'] = `sha256=${hmac}`;
    const response = await fetch(url, { method: 'POST', headers, body: rawBody });
    await response.arrayBuffer();
    const delivery = { url, status: response.status, rawBody, id: body.id };
    this.deliveries.push(delivery);
    return delivery;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async route(req: FakeHttpRequest): Promise<{ route: string | null; reply: FakeHttpReply }> {
    const { method, path } = req;
    if (method === 'GET' && path === '/v1/oauth/authorize') return { route: 'GET /v1/oauth/authorize', reply: this.oauth.authorize(req) };
    if (method === 'POST' && path === '/v1/oauth/token') return { route: 'POST /v1/oauth/token', reply: this.oauth.token(req) };
    if (method === 'POST' && path === '/v1/oauth/revoke') return { route: 'POST /v1/oauth/revoke', reply: this.oauth.revokeToken(req) };
    const token = bearerToken(req);
    if (!token || !this.oauth.tokens.has(token)) return { route: null, reply: notionError(401, 'unauthorized', 'API token is invalid.') };
    const named = req.headers['notion-version'];
    if (!named)
      return { route: null, reply: notionError(400, 'missing_version', 'Notion-Version header failed validation: Notion-Version header should be defined.') };
    if (named !== NOTION_VERSION && named !== LEGACY_NOTION_VERSION)
      return {
        route: null,
        reply: notionError(400, 'validation_error', `Notion-Version header failed validation: ${String(named)} is not a supported version.`),
      };
    const version: ApiVersion = named === NOTION_VERSION ? 'data-sources' : 'legacy';
    type Route = [string, string, (p: Record<string, string>) => FakeHttpReply];
    const routes: Route[] = [
      ['GET', '/v1/users/me', () => this.me()],
      ['POST', '/v1/search', () => this.search(req, version)],
      ['GET', '/v1/pages/{id}', (p) => this.page(p.id!, version)],
      ['GET', '/v1/databases/{id}', (p) => this.database(p.id!, version)],
      ['GET', '/v1/blocks/{id}/children', (p) => this.children(p.id!, req)],
    ];
    if (version === 'legacy') routes.push(['POST', '/v1/databases/{id}/query', (p) => this.legacyQuery(p.id!, req)]);
    else routes.push(['GET', '/v1/data_sources/{id}', (p) => this.dataSource(p.id!)], ['POST', '/v1/data_sources/{id}/query', (p) => this.query(p.id!, req)]);
    for (const [m, template, handle] of routes) {
      const params = matchPath(template, path);
      if (params && m === method) return { route: `${m} ${template}`, reply: handle(params) };
    }
    return { route: null, reply: notionError(400, 'invalid_request_url', 'Invalid request URL.') };
  }

  private me(): FakeHttpReply {
    return {
      status: 200,
      json: {
        object: 'user',
        id: WORKSPACE.botId,
        name: 'engram',
        avatar_url: null,
        type: 'bot',
        bot: {
          owner: { type: 'user', user: { object: 'user', id: OWNER.id, name: OWNER.name, avatar_url: null, type: 'person', person: { email: OWNER.email } } },
          workspace_name: WORKSPACE.name,
        },
        request_id: randomUUID(),
      },
    };
  }

  /** Pages and, by version, databases (2022-06-28) or data sources (2025-09-03). */
  private search(req: FakeHttpRequest, version: ApiVersion): FakeHttpReply {
    const body = req.body ?? {};
    const filter = body.filter?.value as 'page' | 'database' | 'data_source' | undefined;
    const tables = version === 'legacy' ? 'database' : 'data_source';
    if (filter !== undefined && filter !== 'page' && filter !== tables)
      return notionError(400, 'validation_error', `body failed validation: body.filter.value should be "page" or "${tables}".`);
    const query = typeof body.query === 'string' ? body.query.toLowerCase() : '';
    const direction = body.sort?.direction === 'ascending' ? 1 : -1;
    const containers: (FakeDatabase | FakeDataSource)[] =
      version === 'legacy'
        ? [...this.state.databases.values()]
        : [...this.state.dataSources.values()].filter((d) => !this.state.databases.get(d.databaseId)!.inTrash);
    const all: (FakePage | FakeDatabase | FakeDataSource)[] = [...this.state.pages.values(), ...containers];
    const results = all
      .filter((o) => !o.inTrash && (!filter || o.object === filter) && (!query || this.titleOf(o).toLowerCase().includes(query)))
      .sort((a, b) => direction * (Math.floor(this.editedOf(a) / 60_000) - Math.floor(this.editedOf(b) / 60_000)) || a.id.localeCompare(b.id));
    return this.list(results, body, version === 'legacy' ? 'page_or_database' : 'page_or_data_source', (o) =>
      o.object === 'page'
        ? this.state.pageJson(o, this.apiUrl, version)
        : o.object === 'database'
          ? this.state.databaseJson(o, this.apiUrl, version)
          : this.state.dataSourceJson(o, this.apiUrl),
    );
  }

  private page(id: string, version: ApiVersion): FakeHttpReply {
    const page = this.state.pages.get(id);
    return page ? { status: 200, json: this.state.pageJson(page, this.apiUrl, version) } : this.notFound(id);
  }

  private database(id: string, version: ApiVersion): FakeHttpReply {
    const db = this.state.databases.get(id);
    if (!db) return this.notFound(id);
    const refused = version === 'legacy' ? this.multiSource(db) : null;
    return refused ?? { status: 200, json: this.state.databaseJson(db, this.apiUrl, version) };
  }

  private dataSource(id: string): FakeHttpReply {
    const source = this.state.dataSources.get(id);
    return source ? { status: 200, json: this.state.dataSourceJson(source, this.apiUrl) } : this.notFound(id);
  }

  /**
   * What Notion answers a request of a version before 2025-09-03 about a database with several
   * data sources (its upgrade guide): 400 `validation_error`, with the data sources in `additional_data`.
   */
  private multiSource(db: FakeDatabase): FakeHttpReply | null {
    if (db.sources.length < 2) return null;
    return {
      status: 400,
      json: {
        object: 'error',
        status: 400,
        code: 'validation_error',
        message: 'Databases with multiple data sources are not supported in this API version.',
        request_id: randomUUID(),
        additional_data: { error_type: 'multiple_data_sources_for_database', database_id: db.id, child_data_source_ids: db.sources },
      },
    };
  }

  /** 2022-06-28's query of a database: its only data source's rows. */
  private legacyQuery(id: string, req: FakeHttpRequest): FakeHttpReply {
    const db = this.state.databases.get(id);
    if (!db || db.inTrash) return this.notFound(id);
    return this.multiSource(db) ?? this.rows(db.sources[0]!, req, 'legacy');
  }

  /** Rows of a data source; supports a `last_edited_time` timestamp filter and a `last_edited_time` sort. */
  private query(id: string, req: FakeHttpRequest): FakeHttpReply {
    const source = this.state.dataSources.get(id);
    if (!source || source.inTrash || this.state.databases.get(source.databaseId)!.inTrash) return this.notFound(id);
    return this.rows(id, req, 'data-sources');
  }

  private rows(sourceId: string, req: FakeHttpRequest, version: ApiVersion): FakeHttpReply {
    const body = req.body ?? {};
    const after = body.filter?.timestamp === 'last_edited_time' ? body.filter.last_edited_time?.after : undefined;
    const sort = Array.isArray(body.sorts) ? body.sorts.find((s: { timestamp?: string }) => s.timestamp === 'last_edited_time') : undefined;
    const rows = [...this.state.pages.values()]
      .filter((p) => !p.inTrash && p.parent.type === 'data_source_id' && p.parent.data_source_id === sourceId)
      .filter((p) => after === undefined || isoMinute(p.editedMs) > new Date(after).toISOString())
      .sort((a, b) => (sort ? (sort.direction === 'descending' ? -1 : 1) * (a.editedMs - b.editedMs) : a.createdMs - b.createdMs) || a.id.localeCompare(b.id));
    return this.list(rows, body, 'page_or_database', (p) => this.state.pageJson(p, this.apiUrl, version));
  }

  private children(id: string, req: FakeHttpRequest): FakeHttpReply {
    const page = this.state.pages.get(id);
    const list = page && !page.inTrash ? page.blocks : this.state.blocks.get(id)?.children;
    if (!list) return this.notFound(id);
    const params = { start_cursor: req.query.get('start_cursor') ?? undefined, page_size: req.query.get('page_size') ?? undefined };
    return this.list(list, params, 'block', (b) => b.json);
  }

  /** Notion's list: `page_size` at most 100 (default 100), `start_cursor` the id of the first result of the page. */
  private list<T>(items: T[], params: { start_cursor?: string; page_size?: unknown }, type: string, json: (item: T) => any): FakeHttpReply {
    const size = params.page_size === undefined ? 100 : Number(params.page_size);
    if (!Number.isInteger(size) || size < 1 || size > 100)
      return notionError(400, 'validation_error', 'body failed validation: body.page_size should be ≤ `100`.');
    const ids = items.map((i) => json(i).id as string);
    let start = 0;
    if (params.start_cursor !== undefined && params.start_cursor !== null) {
      start = ids.indexOf(params.start_cursor);
      if (start < 0) return notionError(400, 'validation_error', 'start_cursor provided is invalid.');
    }
    const page = items.slice(start, start + size);
    const hasMore = start + size < items.length;
    return {
      status: 200,
      json: {
        object: 'list',
        results: page.map(json),
        next_cursor: hasMore ? ids[start + size] : null,
        has_more: hasMore,
        type,
        [type]: {},
        request_id: randomUUID(),
      },
    };
  }

  private titleOf(o: FakePage | FakeDatabase | FakeDataSource): string {
    return o.object === 'page' ? String(o.values[this.state.titleProperty(o)] ?? '') : o.title;
  }

  /** A data source shows its database's edits too (title, description). */
  private editedOf(o: FakePage | FakeDatabase | FakeDataSource): number {
    return o.object === 'data_source' ? Math.max(o.editedMs, this.state.databases.get(o.databaseId)!.editedMs) : o.editedMs;
  }

  private notFound(id: string): FakeHttpReply {
    return notionError(
      404,
      'object_not_found',
      `Could not find object with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }
}
