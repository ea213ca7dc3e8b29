import type { Db } from '../../store/database.js';
import { getOrgSettings, lockOrgSettings, saveOrgSettings } from '../../store/settings.js';
import { invalidInput } from '../../model/errors.js';
import { SecretBox, SecretBoxError } from '../access/secret-box.js';
import type { ConnectorKeyKind, ItemRules, StoredOrgSettings } from '../../model/settings.js';
import type { ProfileBucket } from '../../model/profiles.js';
import type { Principal } from '../../model/access.js';
import type { Clock } from '../shared/clock.js';

/** Spec names of the connector kinds with custom OAuth credentials, and the names the SDK uses for them. */
export const CONNECTOR_KEY_ALIASES: Record<ConnectorKeyKind, string> = {
  cloudDrive: 'googleDrive',
  notesWorkspace: 'notion',
  officeDrive: 'onedrive',
  codeHost: 'github',
};
export const CONNECTOR_KEY_KINDS = Object.keys(CONNECTOR_KEY_ALIASES) as ConnectorKeyKind[];

type ConnectorAlias = 'googleDrive' | 'notion' | 'onedrive' | 'github';
type ConnectorFieldValues = { CustomKeyEnabled: boolean | null; ClientId: string | null; ClientSecret: string | null };
type ConnectorField = keyof ConnectorFieldValues;
export type ConnectorSettingsInput = {
  [K in `${ConnectorKeyKind | ConnectorAlias}${ConnectorField}`]?: K extends `${string}${infer F extends ConnectorField}` ? ConnectorFieldValues[F] : never;
};

export interface GeneralSettings {
  excludeItems: ItemRules | null;
  includeItems: ItemRules | null;
  filterPrompt: string | null;
  shouldLLMFilter: boolean | null;
  categories: string[] | null;
  chunkSize: number | null;
  profileBuckets: ProfileBucket[];
  workspacePrompt: string | null;
}

export type SettingsPatchInput = { [K in keyof GeneralSettings]?: GeneralSettings[K] | null } & ConnectorSettingsInput;

/** The settings as shown to callers: spec names and SDK alias names, secrets masked. */
export type SettingsView = GeneralSettings & Record<string, unknown>;

const GENERAL_FIELDS = [
  'excludeItems',
  'includeItems',
  'filterPrompt',
  'shouldLLMFilter',
  'categories',
  'chunkSize',
  'profileBuckets',
  'workspacePrompt',
] as const satisfies readonly (keyof GeneralSettings)[];

export const SECRET_MASK = '********';

/** Enough to recognise which secret is stored, never enough to use it. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK;
}

export interface SettingsOptions {
  /** Bounds of the chunker; -1 always means its default. */
  chunkSize: { min: number; max: number };
}

export interface ConnectorCredentials {
  customKeyEnabled: boolean;
  clientId: string | null;
  clientSecret: string | null;
}

export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly options: SettingsOptions,
  ) {}

  static secretBox(serverSecret: Buffer): SecretBox {
    return new SecretBox(serverSecret, 'org-settings-secrets/v1');
  }

  async get(principal: Principal): Promise<SettingsView> {
    const row = await getOrgSettings(this.db, principal.orgId);
    const settings = row?.settings ?? {};
    const view: SettingsView = {
      excludeItems: settings.excludeItems ?? null,
      includeItems: settings.includeItems ?? null,
      filterPrompt: settings.filterPrompt ?? null,
      shouldLLMFilter: settings.shouldLLMFilter ?? null,
      categories: settings.categories ?? null,
      chunkSize: settings.chunkSize ?? null,
      profileBuckets: settings.profileBuckets ?? [],
      workspacePrompt: settings.workspacePrompt ?? null,
    };
    for (const kind of CONNECTOR_KEY_KINDS) {
      const values: ConnectorFieldValues = {
        CustomKeyEnabled: settings.connectors?.[kind]?.customKeyEnabled ?? null,
        ClientId: settings.connectors?.[kind]?.clientId ?? null,
        ClientSecret: this.maskedSecret(principal.orgId, kind, row?.sealedSecrets[kind]),
      };
      for (const name of [kind, CONNECTOR_KEY_ALIASES[kind]]) {
        for (const field of Object.keys(values) as ConnectorField[]) view[`${name}${field}`] = values[field];
      }
    }
    return view;
  }

  /**
   * Applies the fields present in `input` (null resets one to its default) and answers them under
   * the names the caller used, secrets masked. Nothing is stored when any field is refused.
   */
  async update(principal: Principal, input: SettingsPatchInput): Promise<{ orgId: string; orgSlug: string; updated: Record<string, unknown> }> {
    const orgId = principal.orgId;
    const updated = await this.db.transaction(async (tx) => {
      const row = await lockOrgSettings(tx, orgId);
      const settings: StoredOrgSettings = structuredClone(row.settings);
      const sealed = { ...row.sealedSecrets };
      const echo: Record<string, unknown> = {};

      for (const field of GENERAL_FIELDS) {
        const value = input[field];
        if (value === undefined) continue;
        if (field === 'chunkSize') this.checkChunkSize(value as number | null);
        (settings as Record<string, unknown>)[field] = value;
        echo[field] = value;
      }
      if ((input.filterPrompt != null || input.categories != null) && settings.shouldLLMFilter !== true) {
        throw invalidInput('Invalid settings', 'filterPrompt and categories steer the model filter: set shouldLLMFilter to true with them');
      }

      for (const kind of CONNECTOR_KEY_KINDS) {
        const enabled = pick(input, kind, 'CustomKeyEnabled');
        const clientId = pick(input, kind, 'ClientId');
        const secret = pick(input, kind, 'ClientSecret');
        if (!enabled && !clientId && !secret) continue;
        const connector = { ...settings.connectors?.[kind] };
        if (enabled) connector.customKeyEnabled = enabled.value;
        if (clientId) connector.clientId = clientId.value;
        let secretEcho: string | null = null;
        if (secret) {
          const current = this.openSecret(orgId, kind, sealed[kind]);
          if (secret.value === null) delete sealed[kind];
          else if (secret.value.startsWith(SECRET_MASK)) {
            if (current === null || secret.value !== maskSecret(current)) {
              throw invalidInput('Invalid settings', `${secret.names[0]}: send the secret itself, not a masked value`);
            }
          } else sealed[kind] = this.box.seal(secret.value, secretContext(orgId, kind));
          secretEcho = secret.value === null ? null : maskSecret(secret.value.startsWith(SECRET_MASK) ? current! : secret.value);
        }
        if (connector.customKeyEnabled && (!connector.clientId || !sealed[kind])) {
          throw invalidInput(
            'Invalid settings',
            `${kind}CustomKeyEnabled needs ${kind}ClientId and ${kind}ClientSecret (or ${CONNECTOR_KEY_ALIASES[kind]}ClientId and ${CONNECTOR_KEY_ALIASES[kind]}ClientSecret)`,
          );
        }
        settings.connectors = { ...settings.connectors, [kind]: connector };
        for (const name of enabled?.names ?? []) echo[name] = enabled!.value;
        for (const name of clientId?.names ?? []) echo[name] = clientId!.value;
        for (const name of secret?.names ?? []) echo[name] = secretEcho;
      }

      await saveOrgSettings(tx, orgId, { settings, sealedSecrets: sealed }, this.clock.now());
      return echo;
    });
    return { orgId, orgSlug: principal.orgSlug, updated };
  }

  /** The org's own OAuth application for a connector kind, secret in clear, for connectors only. */
  async connectorCredentials(orgId: string, kind: ConnectorKeyKind): Promise<ConnectorCredentials> {
    const row = await getOrgSettings(this.db, orgId);
    const connector = row?.settings.connectors?.[kind];
    const sealed = row?.sealedSecrets[kind];
    return {
      customKeyEnabled: connector?.customKeyEnabled === true,
      clientId: connector?.clientId ?? null,
      clientSecret: sealed ? this.box.open(sealed, secretContext(orgId, kind)) : null,
    };
  }

  private checkChunkSize(chunkSize: number | null): void {
    if (chunkSize === null || chunkSize === -1) return;
    const { min, max } = this.options.chunkSize;
    if (!Number.isInteger(chunkSize) || chunkSize < min || chunkSize > max) {
      throw invalidInput('Invalid settings', `chunkSize: -1 (the default) or an integer from ${min} to ${max}`);
    }
  }

  private openSecret(orgId: string, kind: ConnectorKeyKind, sealed: string | undefined): string | null {
    if (!sealed) return null;
    try {
      return this.box.open(sealed, secretContext(orgId, kind));
    } catch (error) {
      if (error instanceof SecretBoxError) return null;
      throw error;
    }
  }

  /** A secret sealed under another server secret is still shown as set, without its last characters. */
  private maskedSecret(orgId: string, kind: ConnectorKeyKind, sealed: string | undefined): string | null {
    if (!sealed) return null;
    const secret = this.openSecret(orgId, kind, sealed);
    return secret === null ? SECRET_MASK : maskSecret(secret);
  }
}

/** The org's chunk size for the chunker; null means its default. */
export async function orgChunkSize(db: Db, orgId: string): Promise<number | null> {
  const chunkSize = (await getOrgSettings(db, orgId))?.settings.chunkSize;
  return chunkSize == null || chunkSize === -1 ? null : chunkSize;
}

function secretContext(orgId: string, kind: ConnectorKeyKind): string {
  return `${orgId}:${kind}ClientSecret`;
}

/** A connector field given under its spec name, its SDK alias, or both (which must then agree). */
function pick<F extends ConnectorField>(
  input: SettingsPatchInput,
  kind: ConnectorKeyKind,
  field: F,
): { value: ConnectorFieldValues[F]; names: string[] } | undefined {
  const names = [`${kind}${field}`, `${CONNECTOR_KEY_ALIASES[kind]}${field}`].filter((name) => (input as Record<string, unknown>)[name] !== undefined);
  if (names.length === 0) return undefined;
  const values = names.map((name) => (input as Record<string, unknown>)[name]);
  if (values.length === 2 && values[0] !== values[1]) {
    throw invalidInput('Invalid settings', `${names[0]} and ${names[1]} name the same setting but disagree`);
  }
  return { value: values[0] as ConnectorFieldValues[F], names };
}
