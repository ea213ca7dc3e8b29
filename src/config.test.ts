import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('push configuration', () => {
  const topic = 'projects/engram/topics/gmail';

  it('refuses a Gmail push topic without the token its push subscription proves itself with', () => {
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic })).toThrow(ConfigError);
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic })).toThrow(/GMAIL_PUSH_TOKEN/);
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'short' })).toThrow(/GMAIL_PUSH_TOKEN/);
    expect(loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'a-long-enough-push-token' })).toMatchObject({
      connectors: { options: { gmailPushTopic: topic }, kindSecrets: { mail: 'a-long-enough-push-token' } },
    });
  });

  it("takes Pub/Sub's authenticated push instead of the token, or beside it", () => {
    const sender = {
      GMAIL_PUSH_AUDIENCE: 'https://engram.example.com/v3/connections/webhooks/mail',
      GMAIL_PUSH_SERVICE_ACCOUNT: 'push@engram.iam.gserviceaccount.com',
    };
    expect(loadConfig({ GMAIL_PUSH_TOPIC: topic, ...sender }).connectors).toMatchObject({
      options: { gmailPushTopic: topic, gmailPushSender: { audience: sender.GMAIL_PUSH_AUDIENCE, serviceAccount: sender.GMAIL_PUSH_SERVICE_ACCOUNT } },
    });
    expect(loadConfig({ GMAIL_PUSH_TOPIC: topic, ...sender }).connectors.kindSecrets.mail).toBeUndefined();
    expect(loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'a-long-enough-push-token', ...sender }).connectors).toMatchObject({
      options: { gmailPushSender: { serviceAccount: sender.GMAIL_PUSH_SERVICE_ACCOUNT } },
      kindSecrets: { mail: 'a-long-enough-push-token' },
    });
    expect(loadConfig({}).connectors.options.gmailPushSender).toBeUndefined();
  });

  it('refuses an audience without the service account its tokens must name, and the other way round', () => {
    expect(() => loadConfig({ GMAIL_PUSH_AUDIENCE: 'https://engram.example.com/push' })).toThrow(
      /GMAIL_PUSH_SERVICE_ACCOUNT: is needed with GMAIL_PUSH_AUDIENCE/,
    );
    expect(() =>
      loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_AUDIENCE: 'https://engram.example.com/push', GMAIL_PUSH_TOKEN: 'a-long-enough-push-token' }),
    ).toThrow(/GMAIL_PUSH_SERVICE_ACCOUNT/);
    expect(() => loadConfig({ GMAIL_PUSH_SERVICE_ACCOUNT: 'push@engram.iam.gserviceaccount.com' })).toThrow(
      /GMAIL_PUSH_AUDIENCE: is needed with GMAIL_PUSH_SERVICE_ACCOUNT/,
    );
    expect(() => loadConfig({ GMAIL_PUSH_AUDIENCE: 'x', GMAIL_PUSH_SERVICE_ACCOUNT: 'not an address' })).toThrow(
      /GMAIL_PUSH_SERVICE_ACCOUNT: must be the e-mail/,
    );
  });

  it('names both ways of proving a push when a topic has neither', () => {
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic })).toThrow(
      /GMAIL_PUSH_TOKEN: is needed with GMAIL_PUSH_TOPIC, or GMAIL_PUSH_AUDIENCE with GMAIL_PUSH_SERVICE_ACCOUNT/,
    );
  });

  it('takes a pinned Notion verification token, and none by default', () => {
    expect(loadConfig({}).connectors.kindSecrets['notes-workspace']).toBeUndefined();
    expect(loadConfig({ NOTION_WEBHOOK_VERIFICATION_TOKEN: 'secret_pinned' }).connectors.kindSecrets['notes-workspace']).toBe('secret_pinned');
  });
});

describe('request timeouts', () => {
  it('bounds requests by default, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({})).toMatchObject({ REQUEST_TIMEOUT_MS: 600_000, HEADERS_TIMEOUT_MS: 30_000, BODY_IDLE_TIMEOUT_MS: 60_000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});

describe('proxies', () => {
  it('trusts no proxy by default; takes true, false, or addresses and ranges; refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback, fd00::/8' }).TRUST_PROXY).toEqual(['loopback', 'fd00::/8']);
    for (const bad of ['proxy.example.com', 'face', '10.0.0.0/33', '10.0.0.1/8/2']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
