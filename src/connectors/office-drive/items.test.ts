import { describe, expect, it } from 'vitest';
import type { DriveItem } from './graph.js';
import { itemVersion } from './items.js';

const file = (overrides: Partial<DriveItem>): DriveItem => ({
  id: '01ABC',
  name: 'plan.docx',
  eTag: '"{G},1"',
  file: { mimeType: 'text/plain' },
  ...overrides,
});

describe('office drive item versions', () => {
  it('is the cTag where Graph gives one', () => {
    expect(itemVersion(file({ cTag: '"c:{G},3"', file: { hashes: { quickXorHash: 'qx==' } } }))).toBe('"c:{G},3"');
  });

  it('is the content hash where delta gives no cTag (business drives), so a rename keeps it', () => {
    const before = file({ file: { hashes: { quickXorHash: 'qx==' } } });
    const renamed = file({ name: 'plan-2026.docx', eTag: '"{G},2"', file: { hashes: { quickXorHash: 'qx==' } } });
    expect(itemVersion(before)).toBe('hash:qx==');
    expect(itemVersion(renamed)).toBe(itemVersion(before));
    expect(itemVersion(file({ file: { hashes: { quickXorHash: 'other==' } } }))).not.toBe(itemVersion(before));
  });

  it('falls back to the eTag, then the modification time', () => {
    expect(itemVersion(file({}))).toBe('"{G},1"');
    expect(itemVersion(file({ eTag: undefined, lastModifiedDateTime: '2026-11-27T10:00:00Z' }))).toBe('2026-11-27T10:00:00Z');
  });
});
