import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box.js';

describe('SecretBox', () => {
  const secret = randomBytes(32);
  const box = new SecretBox(secret, 'test/v1');

  it('opens what it sealed, and never shows the plaintext in the sealed form', () => {
    const sealed = box.seal('client-secret-value-1234', 'org1:cloudDrive');
    expect(sealed).not.toContain('client-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'org1:cloudDrive')).toBe('client-secret-value-1234');
  });

  it('uses a fresh nonce each time', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another context, another key, another purpose and tampering', () => {
    const sealed = box.seal('s3cret', 'org1:cloudDrive');
    expect(() => box.open(sealed, 'org2:cloudDrive')).toThrow(SecretBoxError);
    expect(() => new SecretBox(randomBytes(32), 'test/v1').open(sealed, 'org1:cloudDrive')).toThrow(SecretBoxError);
    expect(() => new SecretBox(secret, 'other/v1').open(sealed, 'org1:cloudDrive')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'), 'org1:cloudDrive')).toThrow(SecretBoxError);
    expect(() => box.open('garbage', 'org1:cloudDrive')).toThrow(SecretBoxError);
  });
});
