import { describe, expect, it } from 'vitest';
import {
  CONNECTOR_KINDS,
  CONNECTORS,
  connectorFor,
  connectorSetup,
  credentialFieldsOf,
  isScheduled,
  PROVIDER_ALIASES,
  resolveKind,
  settingsKeyOf,
} from './index.js';

const options = { fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 } };

describe('connector registry', () => {
  it('knows every kind by its id and by the SDK name', () => {
    for (const kind of CONNECTOR_KINDS) expect(resolveKind(kind)).toBe(kind);
    expect(resolveKind('github')).toBe('code-host');
    expect(resolveKind('google-drive')).toBe('cloud-drive');
    expect(Object.values(PROVIDER_ALIASES).sort()).toEqual([...CONNECTOR_KINDS].sort());
    expect(resolveKind('s3')).toBe('s3');
    expect(resolveKind('dropbox')).toBeNull();
    expect(resolveKind('constructor')).toBeNull();
  });

  it('builds an adapter for every kind', () => {
    expect(connectorFor('code-host', options)).toMatchObject({ kind: 'code-host', auth: 'oauth' });
    expect(connectorFor('web-crawler', options)).toMatchObject({ kind: 'web-crawler', auth: 'credentials' });
    expect(connectorFor('cloud-drive', options)).toMatchObject({ kind: 'cloud-drive', auth: 'oauth' });
    expect(connectorFor('mail', options)).toMatchObject({ kind: 'mail', auth: 'oauth' });
    expect(connectorFor('office-drive', options)).toMatchObject({ kind: 'office-drive', auth: 'oauth' });
    expect(connectorFor('notes-workspace', options)).toMatchObject({ kind: 'notes-workspace', auth: 'oauth' });
    expect(connectorFor('meetings', options)).toMatchObject({ kind: 'meetings', auth: 'credentials' });
    expect(connectorFor('s3', options)).toMatchObject({ kind: 's3', auth: 'credentials' });
  });

  it('points the office drive at Microsoft unless told otherwise', () => {
    const link = new URL(
      connectorFor('office-drive', options)!.oauth!.authorizationUrl({ clientId: 'c', clientSecret: 's', redirectUri: 'https://engram.example/cb' }, 'st'),
    );
    expect(`${link.origin}${link.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
  });

  it('points the Google kinds at Google unless told otherwise, and gives mail push only with a topic', () => {
    const client = { clientId: 'c', clientSecret: 's', redirectUri: 'https://engram.example/cb' };
    expect(new URL(connectorFor('cloud-drive', options)!.oauth!.authorizationUrl(client, 'st')).origin).toBe('https://accounts.google.com');
    expect(connectorFor('mail', options)!.subscription).toBeUndefined();
    expect(connectorFor('mail', { ...options, gmailPushTopic: 'projects/p/topics/t' })!.subscription).toBeDefined();
  });

  it('points the code host at github.com unless told otherwise', () => {
    const link = new URL(
      connectorFor('code-host', options)!.oauth!.authorizationUrl({ clientId: 'c', clientSecret: 's', redirectUri: 'https://engram.example/cb' }, 'st'),
    );
    expect(link.origin).toBe('https://github.com');
  });

  it('derives every list from the descriptors', () => {
    for (const descriptor of CONNECTORS) expect(connectorFor(descriptor.kind, options)).toMatchObject({ kind: descriptor.kind, auth: descriptor.auth });
    expect(CONNECTOR_KINDS.filter((kind) => !isScheduled(kind))).toEqual(['meetings']);
    expect(
      CONNECTOR_KINDS.map((kind) => settingsKeyOf(kind))
        .filter(Boolean)
        .sort(),
    ).toEqual(['cloudDrive', 'codeHost', 'notesWorkspace', 'officeDrive']);
    expect(credentialFieldsOf('meetings')).toEqual(['apiKey']);
    expect(credentialFieldsOf('s3')).toEqual(['accessKeyId', 'secretAccessKey', 'sessionToken']);
    expect(CONNECTORS.filter((d) => d.auth === 'oauth').every((d) => d.envPrefix)).toBe(true);
  });

  it('reads the environment of each kind through its descriptor', () => {
    const read = connectorSetup({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GOOGLE_DRIVE_URL: 'http://127.0.0.1:9/drive/v3',
      NOTION_WEBHOOK_VERIFICATION_TOKEN: 'secret_pinned',
      MICROSOFT_CLIENT_ID: 'only-the-id',
    });
    expect(read).toMatchObject({
      setup: {
        oauthApps: { 'cloud-drive': { clientId: 'g', clientSecret: 'gs' }, mail: { clientId: 'g', clientSecret: 'gs' } },
        kindSecrets: { 'notes-workspace': 'secret_pinned' },
        options: {
          google: { driveUrl: 'http://127.0.0.1:9/drive/v3' },
          codeHost: { apiUrl: 'https://api.github.com' },
          meetings: { apiUrl: 'https://public-api.granola.ai' },
        },
      },
    });
    expect('setup' in read && read.setup.oauthApps['office-drive']).toBeFalsy();
    expect(connectorSetup({ GRAPH_API_URL: 'not a url', GOOGLE_AUTH_URL: 'nor this' })).toEqual({
      problems: ['GOOGLE_AUTH_URL: Invalid URL', 'GRAPH_API_URL: Invalid URL'],
    });
  });
});
