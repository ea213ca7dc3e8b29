import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('push configuration', () => {
  const topic = 'projects/engram/topics/gmail';

  it('refuses a Gmail push topic without the token its push subscription proves itself with', () => {
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic })).toThrow(ConfigError);
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic })).toThrow(/GMAIL_PUSH_TOKEN/);
    expect(() => loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'short' })).toThrow(/GMAIL_PUSH_TOKEN/);
    expect(loadConfig({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'a-long-enough-push-token' })).toMatchObject({ GMAIL_PUSH_TOPIC: topic, GMAIL_PUSH_TOKEN: 'a-long-enough-push-token' });
  });

  it('takes a pinned Notion verification token, and none by default', () => {
    expect(loadConfig({}).NOTION_WEBHOOK_VERIFICATION_TOKEN).toBeUndefined();
    expect(loadConfig({ NOTION_WEBHOOK_VERIFICATION_TOKEN: 'secret_pinned' }).NOTION_WEBHOOK_VERIFICATION_TOKEN).toBe('secret_pinned');
  });
});
