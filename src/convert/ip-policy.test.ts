import { describe, expect, it } from 'vitest';
import { addressBlockReason } from './ip-policy.js';

const blocked = [
  '127.0.0.1',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.1.1',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.2.1',
  '198.18.0.1',
  '240.0.0.1',
  '::',
  '::1',
  'fe80::1',
  'fe80::1%eth0',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '2001:db8::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b:1::1',
  '2002:7f00:1::1',
  '::7f00:1',
  '2001::1',
  '[::1]',
  'not-an-ip',
];

const allowed = ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'];

describe('addressBlockReason', () => {
  it.each(blocked)('blocks %s', (address) => {
    expect(addressBlockReason(address, false)).not.toBeNull();
  });

  it.each(allowed)('allows %s', (address) => {
    expect(addressBlockReason(address, false)).toBeNull();
  });

  it('allows private addresses when asked to', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'fc00::1', '::ffff:192.168.0.1']) {
      expect(addressBlockReason(address, true)).toBeNull();
    }
  });

  it('always blocks cloud metadata endpoints', () => {
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
      expect(addressBlockReason(address, true)).toMatch(/metadata/);
    }
  });
});
