import {
  connectorFor,
  credentialFieldsOf,
  resolveKind,
  settingsKeyOf,
  type Connector,
  type ConnectorKind,
  type ConnectorOptions,
  type OAuthApp,
  type OAuthClient,
  type SyncCredentials,
  type SyncRequest,
  type TokenSet,
} from '../../connectors/index.js';
import type { ConnectionRecord } from '../../model/connections.js';
import { NotSupportedError, invalidInput } from '../../model/errors.js';
import type { ConnectorKeyKind } from '../../model/settings.js';
import { SecretBox } from '../access/secret-box.js';
import type { Clock } from '../shared/clock.js';
import type { ConnectorCredentials } from '../settings/settings-service.js';

export interface ConnectorEnvironment {
  /** Handed to the adapters: provider base URLs, fetch policy, waits. */
  connectorOptions: ConnectorOptions;
  oauthApps: Partial<Record<ConnectorKind, OAuthApp>>;
  /** The server's public base URL (PUBLIC_URL); without it, the caller's request origin. */
  publicUrl?: string;
  /**
   * The configured secrets of kinds whose pushes arrive at one URL for the whole kind (the Pub/Sub
   * push token of mail, a pinned Notion verification token).
   */
  kindSecrets?: Partial<Record<ConnectorKind, string>>;
  /** Adapters that replace the registry's for their kinds (an embedding program's own, or a test's). */
  adapters?: Partial<Record<ConnectorKind, Connector>>;
}

/** The organization's own OAuth application, when it set one for a kind. */
export type CustomKeyLookup = (orgId: string, kind: ConnectorKeyKind) => Promise<ConnectorCredentials>;

interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scope: string | null;
}

/**
 * What every part of the sync engine needs to reach an adapter: the adapter of a kind, the OAuth
 * client a connection was authorized with, its sealed tokens and webhook secret, the URLs the
 * provider calls back on.
 */
export class ConnectorAccess {
  private readonly adapters = new Map<ConnectorKind, Connector | null>();

  constructor(
    private readonly env: ConnectorEnvironment,
    private readonly box: SecretBox,
    private readonly customKeys: CustomKeyLookup,
    private readonly clock: Clock,
  ) {}

  static secretBox(serverSecret: Buffer): SecretBox {
    return new SecretBox(serverSecret, 'connection-secrets/v1');
  }

  /** The kind a provider path value names (a kind id or an SDK name); invalid input for anything else. */
  kindOf(provider: string): ConnectorKind {
    const kind = resolveKind(provider);
    if (!kind) throw invalidInput('Unknown provider', `provider: ${provider.slice(0, 64)} is not a connector kind`);
    return kind;
  }

  /** The kind a provider path value names and its adapter (`kindOf`, then `adapter`). */
  provider(provider: string): { kind: ConnectorKind; adapter: Connector } {
    const kind = this.kindOf(provider);
    return { kind, adapter: this.adapter(kind) };
  }

  /** The adapter of a kind; not supported for a kind that is not built yet. */
  adapter(kind: ConnectorKind): Connector {
    const adapter = this.adapterOrNull(kind);
    if (!adapter) throw new NotSupportedError('Connector not available', `the ${kind} connector is not built yet`);
    return adapter;
  }

  adapterOrNull(kind: ConnectorKind): Connector | null {
    if (!this.adapters.has(kind)) {
      this.adapters.set(kind, this.env.adapters?.[kind] ?? connectorFor(kind, { ...this.env.connectorOptions, now: () => this.clock.now() }));
    }
    return this.adapters.get(kind)!;
  }

  baseUrl(requestOrigin?: string): string {
    return (this.env.publicUrl ?? requestOrigin ?? '').replace(/\/+$/, '');
  }

  /** The address to register with a provider as the OAuth redirect. */
  callbackUrl(kind: ConnectorKind, requestOrigin?: string): string {
    return `${this.baseUrl(requestOrigin)}/v3/connections/auth/callback/${kind}`;
  }

  /** Where a connection's pushes arrive: the kind's one URL for kinds pushed kind-wide, else its own. */
  webhookUrl(connection: ConnectionRecord, requestOrigin?: string): string {
    const kindUrl = `${this.baseUrl(requestOrigin)}/v3/connections/webhooks/${connection.kind}`;
    return this.adapterOrNull(connection.kind)?.webhook?.scope === 'kind' ? kindUrl : `${kindUrl}/${connection.id}`;
  }

  /** The secret a kind-wide push is verified with when the configuration sets one. */
  configuredKindSecret(kind: ConnectorKind): string | null {
    return this.env.kindSecrets?.[kind] ?? null;
  }

  sealKindSecret(kind: ConnectorKind, secret: string): string {
    return this.box.seal(secret, `kind:${kind}:webhook`);
  }

  openKindSecret(kind: ConnectorKind, sealed: string): string {
    return this.box.open(sealed, `kind:${kind}:webhook`);
  }

  /** Whether new connections of this org and kind use the org's own OAuth application. */
  async usesCustomKey(orgId: string, kind: ConnectorKind): Promise<boolean> {
    const keyKind = settingsKeyOf(kind);
    return keyKind ? (await this.customKeys(orgId, keyKind)).customKeyEnabled : false;
  }

  /** The client a connection is authorized with: the org's own when it was created so, else the service's. */
  async oauthClient(connection: Pick<ConnectionRecord, 'kind' | 'orgId' | 'usesCustomKey'>, requestOrigin?: string): Promise<OAuthClient> {
    const { kind } = connection;
    const redirectUri = this.callbackUrl(kind, requestOrigin);
    const keyKind = settingsKeyOf(kind);
    if (connection.usesCustomKey && keyKind) {
      const own = await this.customKeys(connection.orgId, keyKind);
      if (!own.clientId || !own.clientSecret)
        throw invalidInput('Custom key missing', `the organization's ${keyKind}ClientId and ${keyKind}ClientSecret are not set`);
      return { clientId: own.clientId, clientSecret: own.clientSecret, redirectUri };
    }
    const app = this.env.oauthApps[kind];
    if (!app) {
      throw new NotSupportedError(
        'Connector not configured',
        `the server has no OAuth application for ${kind}: set its client id and secret, or the organization's custom key in settings`,
      );
    }
    return { ...app, redirectUri };
  }

  sealTokens(connectionId: string, tokens: TokenSet): string {
    const stored: StoredTokens = { ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null };
    return this.box.seal(JSON.stringify(stored), `${connectionId}:tokens`);
  }

  openTokens(connection: ConnectionRecord): TokenSet | null {
    if (!connection.tokens) return null;
    const stored = JSON.parse(this.box.open(connection.tokens, `${connection.id}:tokens`)) as StoredTokens;
    return { ...stored, expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null };
  }

  /** A credential kind's metadata split into what may be stored and shown, and its credentials sealed for `connectionId`. */
  splitCredentials(kind: ConnectorKind, connectionId: string, metadata: Record<string, unknown>): { metadata: Record<string, unknown>; sealed: string | null } {
    const fields = credentialFieldsOf(kind);
    const credentials = Object.fromEntries(fields.filter((f) => Object.hasOwn(metadata, f)).map((f) => [f, metadata[f]]));
    if (Object.keys(credentials).length === 0) return { metadata, sealed: null };
    const shown = Object.fromEntries(Object.entries(metadata).filter(([f]) => !fields.includes(f)));
    return { metadata: shown, sealed: this.box.seal(JSON.stringify(credentials), `${connectionId}:credentials`) };
  }

  private openCredentials(connection: ConnectionRecord): Record<string, unknown> {
    if (!connection.tokens) return {};
    return JSON.parse(this.box.open(connection.tokens, `${connection.id}:credentials`)) as Record<string, unknown>;
  }

  sealWebhookSecret(connectionId: string, secret: string): string {
    return this.box.seal(secret, `${connectionId}:webhook`);
  }

  openWebhookSecret(connection: ConnectionRecord): string | null {
    return connection.webhookSecret ? this.box.open(connection.webhookSecret, `${connection.id}:webhook`) : null;
  }

  /** The request an adapter call gets for a connection. */
  syncRequest(
    connection: ConnectionRecord,
    options: {
      signal?: AbortSignal;
      maxItems?: number | null;
      held?: ReadonlySet<string>;
      versions?: ReadonlyMap<string, string>;
      tokens?: TokenSet | null;
    } = {},
  ): SyncRequest {
    if (this.adapterOrNull(connection.kind)?.auth === 'credentials') {
      return this.request(connection, { config: { ...connection.config, ...this.openCredentials(connection) } }, options);
    }
    const tokens = options.tokens === undefined ? this.openTokens(connection) : options.tokens;
    return this.request(connection, tokens ? { tokens } : { config: connection.config }, options);
  }

  private request(
    connection: ConnectionRecord,
    credentials: SyncCredentials,
    options: { signal?: AbortSignal; maxItems?: number | null; held?: ReadonlySet<string>; versions?: ReadonlyMap<string, string> },
  ): SyncRequest {
    return {
      credentials,
      config: connection.config,
      cursor: connection.cursor ?? null,
      maxItems: options.maxItems ?? null,
      ...(options.held && { held: options.held }),
      ...(options.versions && { versions: options.versions }),
      signal: options.signal ?? new AbortController().signal,
      now: () => this.clock.now(),
    };
  }
}
