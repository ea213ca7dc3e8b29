import { expect } from 'vitest';
import { type ConnectorOptions, connectorFor } from '../../src/connectors/index.js';
import type { FakeGitHub } from '../fakes/github/index.js';
import type { FakeGoogle } from '../fakes/google/index.js';
import type { FakeGraph } from '../fakes/graph/index.js';
import type { FakeNotion } from '../fakes/notion/index.js';
import {
  type Connector,
  ConnectorError,
  type OAuthClient,
  type OAuthProvider,
  type SourceItem,
  type SyncCredentials,
  type SyncPage,
  type SyncRequest,
} from '../../src/connectors/types.js';

/** Every page of a sync, in order. */
export async function drain(pages: AsyncIterable<SyncPage>): Promise<SyncPage[]> {
  const all: SyncPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

export const itemsOf = (pages: SyncPage[]): SourceItem[] => pages.flatMap((p) => p.items);
export const deletionsOf = (pages: SyncPage[]): string[] => pages.flatMap((p) => p.deletions);

/** The ConnectorError a promise rejects with (the test fails when it resolves or throws something else). */
export async function connectorFailure(promise: Promise<unknown>): Promise<ConnectorError> {
  const err = await promise.then(
    () => new Error('expected a ConnectorError'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectorError);
  return err as ConnectorError;
}

export function textOf(item: SourceItem): string {
  return 'text' in item.body ? item.body.text : new TextDecoder().decode(item.body.bytes);
}

/** The cursor the last page of a sync hands on. */
export const lastCursor = (pages: SyncPage[]): unknown => pages.at(-1)!.cursor;

/** Credentials holding only an access token (no refresh token, no expiry). */
export function bearer(accessToken: string, scope: string | null = null): SyncCredentials {
  return { tokens: { accessToken, refreshToken: null, expiresAt: null, scope } };
}

/** A sync request from the start, with no item limit and a signal never aborted, unless `fields` say otherwise. */
export function syncRequest(fields: Pick<SyncRequest, 'credentials' | 'now'> & Partial<SyncRequest>): SyncRequest {
  return { config: {}, cursor: null, maxItems: null, signal: new AbortController().signal, ...fields };
}

/**
 * Follows an OAuth authorization link as the user's browser would: the provider must redirect back
 * to `client.redirectUri`; returns the callback's query.
 */
export async function followAuthorization(oauth: OAuthProvider, client: OAuthClient, state: string): Promise<URLSearchParams> {
  const response = await fetch(oauth.authorizationUrl(client, state), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
  return callback.searchParams;
}

/** An OAuth client of the service for `kind`, redirecting to the callback URL engram registers for the kind. */
export function oauthClientOf(kind: string, clientId: string, clientSecret: string): OAuthClient {
  return { clientId, clientSecret, redirectUri: `http://127.0.0.1:9/v3/connections/auth/callback/${kind}` };
}

/** The code-host connector against a fake GitHub, retrying at once; `options` add to or replace the defaults. */
export function codeHostConnector(github: FakeGitHub, options: Partial<ConnectorOptions> = {}): Connector {
  return connectorFor('code-host', {
    codeHost: { apiUrl: github.apiUrl, webUrl: github.webUrl },
    fetch: { allowPrivate: false, maxBytes: 1_000_000, timeoutMs: 5_000 },
    retryBaseMs: 1,
    ...options,
  })!;
}

/** A Google connector (`cloud-drive` or `mail`) against a fake Google, retrying at once on the fake's clock; `options` add to or replace the defaults. */
export function googleConnector(google: FakeGoogle, kind: 'cloud-drive' | 'mail', options: Partial<ConnectorOptions> = {}): Connector {
  return connectorFor(kind, {
    google: google.endpoints,
    fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 },
    retryBaseMs: 1,
    now: () => google.clock.now(),
    ...options,
  })!;
}

/** The office-drive connector against a fake Graph for `tenant`, retrying at once on the fake's clock; `options` add to or replace the defaults. */
export function officeDriveConnector(graph: FakeGraph, tenant: string, options: Partial<ConnectorOptions> = {}): Connector {
  return connectorFor('office-drive', {
    officeDrive: { graphUrl: graph.graphUrl, loginUrl: graph.loginUrl, tenant },
    fetch: { allowPrivate: false, maxBytes: 10_000_000, timeoutMs: 5_000 },
    retryBaseMs: 1,
    now: () => graph.clock.now(),
    ...options,
  })!;
}

/** The notes-workspace connector against a fake Notion, retrying at once; `options` add to or replace the defaults. */
export function notesConnector(notion: FakeNotion, options: Partial<ConnectorOptions> = {}): Connector {
  return connectorFor('notes-workspace', {
    notesWorkspace: { apiUrl: notion.apiUrl },
    fetch: { allowPrivate: false, maxBytes: 10_000_000, timeoutMs: 5_000 },
    retryBaseMs: 1,
    ...options,
  })!;
}
