import { createHmac, randomUUID } from 'node:crypto';
import { type FakeClock, isoSeconds } from './clock.js';
import { visibleRepo, type ApiContext, type ApiRoute } from './context.js';
import { DOCS, notFound, validationFailed } from './http.js';
import type { FakeRepo, FakeUser } from './repo.js';
import { repository, simpleUser, type Urls } from './representations.js';
import { issuesPayload, pushPayload } from './webhook-payloads.js';

export interface RepoHook {
  id: number;
  repo: FakeRepo;
  url: string;
  secret?: string;
  /** Event names, or `*` for all. */
  events: string[];
  active: boolean;
  contentType: 'json' | 'form';
  createdAt: Date;
}

/** How a delivery is signed: correctly, with the wrong secret, or not at all. */
export type SignatureMode = 'valid' | 'wrong' | 'missing';

export interface DeliveryRequest {
  url: string;
  secret?: string;
  event: string;
  payload: unknown;
  signature?: SignatureMode;
  contentType?: 'json' | 'form';
  hookId?: number;
  repoId?: number;
}

export interface Delivery {
  /** The `X-GitHub-Delivery` GUID; a redelivery keeps it. */
  guid: string;
  event: string;
  url: string;
  redelivery: boolean;
  headers: Record<string, string>;
  body: string;
  /** The receiver's status, or undefined when it could not be reached. */
  status?: number;
  responseBody?: string;
  error?: string;
  request: DeliveryRequest;
}

const HOOKSHOT_AGENT = 'GitHub-Hookshot/7e2a1c9';

function sign(algorithm: 'sha1' | 'sha256', secret: string, body: string): string {
  return `${algorithm}=${createHmac(algorithm, secret).update(body).digest('hex')}`;
}

/** Repository webhooks: the hooks API, and deliveries signed and sent the way GitHub sends them. */
export class FakeWebhooks {
  readonly hooks: RepoHook[] = [];
  readonly deliveries: Delivery[] = [];
  private nextHookId = 4_000_001;

  constructor(
    private readonly clock: FakeClock,
    private readonly urls: () => Urls,
  ) {}

  /** Registers a hook directly (the API's `POST /repos/{owner}/{repo}/hooks` does the same). */
  addHook(repo: FakeRepo, hook: { url: string; secret?: string; events?: string[]; contentType?: 'json' | 'form' }): RepoHook {
    const created: RepoHook = {
      id: this.nextHookId++,
      repo,
      url: hook.url,
      secret: hook.secret,
      events: hook.events ?? ['push'],
      active: true,
      contentType: hook.contentType ?? 'json',
      createdAt: this.clock.now(),
    };
    this.hooks.push(created);
    return created;
  }

  /** Sends one event to a URL. */
  async deliver(request: DeliveryRequest, guid: string = randomUUID(), redelivery = false): Promise<Delivery> {
    const json = JSON.stringify(request.payload);
    const form = request.contentType === 'form';
    const body = form ? new URLSearchParams({ payload: json }).toString() : json;
    const headers: Record<string, string> = {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'user-agent': HOOKSHOT_AGENT,
      'x-github-event': request.event,
      'x-github-delivery': guid,
      ...(request.hookId !== undefined && { 'x-github-hook-id': String(request.hookId) }),
      ...(request.repoId !== undefined && {
        'x-github-hook-installation-target-id': String(request.repoId),
        'x-github-hook-installation-target-type': 'repository',
      }),
    };
    const mode = request.signature ?? 'valid';
    if (request.secret && mode !== 'missing') {
      const key = mode === 'valid' ? request.secret : `${request.secret}-wrong`;
      headers['x-hub-signature'] = sign('sha1', key, body);
      headers['x-hub-signature-256'] = sign('sha256', key, body);
    }
    const delivery: Delivery = { guid, event: request.event, url: request.url, redelivery, headers, body, request };
    try {
      const response = await fetch(request.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      delivery.status = response.status;
      delivery.responseBody = await response.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  /** Sends an earlier delivery again with the same GUID and body (optionally signed differently). */
  async redeliver(guid: string, options: { signature?: SignatureMode } = {}): Promise<Delivery> {
    const original = this.deliveries.find((d) => d.guid === guid);
    if (!original) throw new Error(`no delivery ${guid}`);
    return this.deliver({ ...original.request, ...options }, guid, true);
  }

  /** A `push` event for `branch` moving from `before` to its head, to the repository's push hooks (or `to`). */
  async sendPush(
    repo: FakeRepo,
    options: { before: string; branch?: string; sender?: FakeUser; to?: { url: string; secret?: string }; signature?: SignatureMode },
  ): Promise<Delivery[]> {
    const payload = pushPayload(this.urls(), repo, options.sender ?? repo.owner, options.before, options.branch);
    return this.sendToHooks(repo, 'push', payload, options);
  }

  /** An `issues` event with `action` for issue `number`, to the repository's issues hooks (or `to`). */
  async sendIssues(
    repo: FakeRepo,
    action: string,
    number: number,
    options: { sender?: FakeUser; to?: { url: string; secret?: string }; signature?: SignatureMode } = {},
  ): Promise<Delivery[]> {
    const payload = issuesPayload(this.urls(), repo, options.sender ?? repo.owner, action, number);
    return this.sendToHooks(repo, 'issues', payload, options);
  }

  private async sendToHooks(
    repo: FakeRepo,
    event: string,
    payload: unknown,
    options: { to?: { url: string; secret?: string }; signature?: SignatureMode },
  ): Promise<Delivery[]> {
    if (options.to) return [await this.deliver({ ...options.to, event, payload, signature: options.signature, repoId: repo.id })];
    const hooks = this.hooks.filter((h) => h.repo === repo && h.active && (h.events.includes(event) || h.events.includes('*')));
    const deliveries: Delivery[] = [];
    for (const h of hooks) {
      deliveries.push(
        await this.deliver({
          url: h.url,
          secret: h.secret,
          event,
          payload,
          signature: options.signature,
          contentType: h.contentType,
          hookId: h.id,
          repoId: repo.id,
        }),
      );
    }
    return deliveries;
  }

  private hookJson(ctx: ApiContext, hook: RepoHook) {
    const url = `${ctx.urls.api}/repos/${hook.repo.fullName}/hooks/${hook.id}`;
    return {
      type: 'Repository',
      id: hook.id,
      name: 'web',
      active: hook.active,
      events: hook.events,
      config: { url: hook.url, content_type: hook.contentType, insecure_ssl: '0', ...(hook.secret && { secret: '********' }) },
      updated_at: isoSeconds(hook.createdAt),
      created_at: isoSeconds(hook.createdAt),
      url,
      test_url: `${url}/test`,
      ping_url: `${url}/pings`,
      deliveries_url: `${url}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    };
  }

  /** `POST/GET /repos/{owner}/{repo}/hooks`, `DELETE /repos/{owner}/{repo}/hooks/{hook_id}`; creating sends a `ping`. */
  routes(): ApiRoute[] {
    const docs = `${DOCS}/repos/webhooks`;
    return [
      {
        method: 'POST',
        template: '/repos/{owner}/{repo}/hooks',
        handle: async (ctx, p) => {
          const repo = visibleRepo(ctx, p.owner, p.repo);
          if (!repo || !ctx.caller) return notFound(docs);
          const config = ctx.req.json?.config ?? {};
          if (typeof config.url !== 'string') return validationFailed('Validation Failed', docs);
          const hook = this.addHook(repo, {
            url: config.url,
            secret: config.secret,
            events: ctx.req.json?.events,
            contentType: config.content_type === 'form' ? 'form' : 'json',
          });
          const json = this.hookJson(ctx, hook);
          const ping = {
            zen: 'Keep it logically awesome.',
            hook_id: hook.id,
            hook: json,
            repository: repository(ctx.urls, repo),
            sender: simpleUser(ctx.urls, ctx.caller.user),
          };
          await this.deliver({
            url: hook.url,
            secret: hook.secret,
            event: 'ping',
            payload: ping,
            contentType: hook.contentType,
            hookId: hook.id,
            repoId: repo.id,
          });
          return { status: 201, json, headers: { location: json.url } };
        },
      },
      {
        method: 'GET',
        template: '/repos/{owner}/{repo}/hooks',
        handle: (ctx, p) => {
          const repo = visibleRepo(ctx, p.owner, p.repo);
          if (!repo || !ctx.caller) return notFound(docs);
          return { status: 200, json: this.hooks.filter((h) => h.repo === repo).map((h) => this.hookJson(ctx, h)) };
        },
      },
      {
        method: 'DELETE',
        template: '/repos/{owner}/{repo}/hooks/{hook_id}',
        handle: (ctx, p) => {
          const repo = visibleRepo(ctx, p.owner, p.repo);
          const index = this.hooks.findIndex((h) => h.repo === repo && h.id === Number(p.hook_id));
          if (!repo || !ctx.caller || index < 0) return notFound(docs);
          this.hooks.splice(index, 1);
          return { status: 204 };
        },
      },
    ];
  }
}
