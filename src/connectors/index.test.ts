import { describe, expect, it } from 'vitest';
import { CONNECTOR_KINDS, connectorFor, PROVIDER_ALIASES, resolveKind } from './index.js';

const options = { fetch: { allowPrivate: false, maxBytes: 1, timeoutMs: 1 } };

describe('connector registry', () => {
  it('knows every kind by its id and by the SDK name', () => {
    for (const kind of CONNECTOR_KINDS) expect(resolveKind(kind)).toBe(kind);
    expect(resolveKind('github')).toBe('code-host');
    expect(resolveKind('google-drive')).toBe('cloud-drive');
    expect(Object.values(PROVIDER_ALIASES).sort()).toEqual([...CONNECTOR_KINDS].sort());
    expect(resolveKind('s3')).toBeNull();
    expect(resolveKind('constructor')).toBeNull();
  });

  it('builds the code host and the crawler, and nothing for kinds not built yet', () => {
    expect(connectorFor('code-host', options)).toMatchObject({ kind: 'code-host', auth: 'oauth' });
    expect(connectorFor('web-crawler', options)).toMatchObject({ kind: 'web-crawler', auth: 'credentials' });
    for (const kind of ['cloud-drive', 'mail', 'notes-workspace', 'office-drive', 'meetings'] as const) expect(connectorFor(kind, options)).toBeNull();
  });

  it('points the code host at github.com unless told otherwise', () => {
    const link = new URL(connectorFor('code-host', options)!.oauth!.authorizationUrl({ clientId: 'c', clientSecret: 's', redirectUri: 'https://engram.example/cb' }, 'st'));
    expect(link.origin).toBe('https://github.com');
  });
});
