import type { ConnectorKeyKind } from '../model/settings.js';
import { cloudDriveDescriptor } from './cloud-drive/index.js';
import { codeHostDescriptor } from './code-host/index.js';
import type { ConnectorDescriptor, ConnectorOptions, ConvertFile } from './descriptor.js';
import { mailDescriptor } from './mail/index.js';
import { meetingsDescriptor } from './meetings/index.js';
import { notesWorkspaceDescriptor } from './notes-workspace/index.js';
import { officeDriveDescriptor } from './office-drive/index.js';
import { s3Descriptor } from './s3/index.js';
import { ConnectorError, type Connector, type ConnectorKind } from './types.js';
import { webCrawlerDescriptor } from './web-crawler/index.js';

/** Every connector kind, by its id: the one list a new kind is added to. */
const DESCRIPTORS = {
  'cloud-drive': cloudDriveDescriptor,
  mail: mailDescriptor,
  'notes-workspace': notesWorkspaceDescriptor,
  'office-drive': officeDriveDescriptor,
  'code-host': codeHostDescriptor,
  meetings: meetingsDescriptor,
  'web-crawler': webCrawlerDescriptor,
  s3: s3Descriptor,
} satisfies { [K in ConnectorKind]: { kind: K } };

// Each descriptor's environment type is its own; the registry reads them as records.
export const CONNECTORS = Object.values(DESCRIPTORS) as unknown as readonly ConnectorDescriptor[];

export const CONNECTOR_KINDS: readonly ConnectorKind[] = CONNECTORS.map((d) => d.kind);

/** The SDK's provider names are aliases of the spec's kinds. */
export const PROVIDER_ALIASES: Readonly<Record<string, ConnectorKind>> = Object.fromEntries(
  CONNECTORS.flatMap((d) => d.aliases.map((alias) => [alias, d.kind])),
);

export function descriptorOf(kind: ConnectorKind): ConnectorDescriptor {
  return DESCRIPTORS[kind] as unknown as ConnectorDescriptor;
}

/** The kind a provider name stands for: a kind id itself, or one of the SDK's names for it. */
export function resolveKind(provider: string): ConnectorKind | null {
  if (Object.hasOwn(DESCRIPTORS, provider)) return provider as ConnectorKind;
  return Object.hasOwn(PROVIDER_ALIASES, provider) ? PROVIDER_ALIASES[provider]! : null;
}

/** The organization settings' name of a kind's own OAuth application, when it can have one. */
export function settingsKeyOf(kind: ConnectorKind): ConnectorKeyKind | null {
  return descriptorOf(kind).settingsKey ?? null;
}

/** Metadata fields of a kind that are credentials. */
export function credentialFieldsOf(kind: ConnectorKind): readonly string[] {
  return descriptorOf(kind).credentialFields ?? [];
}

/** Whether the scheduler syncs connections of a kind. */
export function isScheduled(kind: ConnectorKind): boolean {
  return descriptorOf(kind).scheduled;
}

const DEFAULT_USER_AGENT = 'engram/0.1';

/**
 * Without a conversion pool (a process that runs no jobs) nothing is converted: an adapter never
 * converts on the event loop, outside the pool's time and memory limits.
 */
const noConversionPool: ConvertFile = () => Promise.reject(new ConnectorError('internal', 'conversion runs in the conversion pool, and this process has none'));

/** The adapter for a kind, or null for a kind not built yet. */
export function connectorFor(kind: ConnectorKind, options: ConnectorOptions): Connector | null {
  if (!Object.hasOwn(DESCRIPTORS, kind)) return null;
  return descriptorOf(kind).create({
    options,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? 60,
    retryBaseMs: options.retryBaseMs ?? 1000,
    convert: options.convert ?? noConversionPool,
    now: options.now ?? (() => new Date()),
  });
}

/** The service's own OAuth application of a kind. */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** What the environment configures of the connectors, each kind's variables checked by its descriptor. */
export interface ConnectorSetup {
  /** Provider bases and the like, for ConnectorOptions. */
  options: Partial<ConnectorOptions>;
  oauthApps: Partial<Record<ConnectorKind, OAuthApp>>;
  kindSecrets: Partial<Record<ConnectorKind, string>>;
}

/**
 * Every kind's environment variables read by its descriptor: what they set, or the problems found
 * (`VARIABLE: message`, once each).
 */
export function connectorSetup(env: Record<string, string>): { setup: ConnectorSetup } | { problems: string[] } {
  const setup: ConnectorSetup = { options: {}, oauthApps: {}, kindSecrets: {} };
  const problems = new Set<string>();
  for (const descriptor of CONNECTORS) {
    const parsed = descriptor.env.safeParse(env);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.add(`${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    const vars = parsed.data;
    Object.assign(setup.options, descriptor.optionsFrom?.(vars));
    const clientId = descriptor.envPrefix && vars[`${descriptor.envPrefix}_CLIENT_ID`];
    const clientSecret = descriptor.envPrefix && vars[`${descriptor.envPrefix}_CLIENT_SECRET`];
    if (typeof clientId === 'string' && typeof clientSecret === 'string' && clientId && clientSecret)
      setup.oauthApps[descriptor.kind] = { clientId, clientSecret };
    const secret = descriptor.kindSecretVariable && vars[descriptor.kindSecretVariable];
    if (typeof secret === 'string') setup.kindSecrets[descriptor.kind] = secret;
  }
  return problems.size > 0 ? { problems: [...problems] } : { setup };
}
