import { describe, expect, it } from 'vitest';
import type { DriveItem } from './graph.js';
import { contentVersion } from './items.js';

const file = (overrides: Partial<DriveItem>): DriveItem => ({
  id: '01ABC',
  name: 'plan.docx',
  eTag: '"{G},1"',
  file: { mimeType: 'text/plain' },
  ...overrides,
});
const personal = { parentReference: { driveType: 'personal' } };
const business = { parentReference: { driveType: 'business' } };

describe('office drive item versions', () => {
  it('is the cTag on a personal drive, where delta gives one', () => {
    expect(contentVersion(file({ ...personal, cTag: '"c:{G},3"', file: { hashes: { quickXorHash: 'qx==' } } }))).toBe('"c:{G},3"');
  });

  it('is the content hash on a business drive, whose delta gives no cTag, so a rename keeps it', () => {
    const before = file({ ...business, file: { hashes: { quickXorHash: 'qx==' } } });
    const renamed = file({ ...business, name: 'plan-2026.docx', eTag: '"{G},2"', file: { hashes: { quickXorHash: 'qx==' } } });
    expect(contentVersion(before)).toBe('quickXorHash:qx==');
    expect(contentVersion(renamed)).toBe(contentVersion(before));
    expect(contentVersion(file({ ...business, file: { hashes: { quickXorHash: 'other==' } } }))).not.toBe(contentVersion(before));
  });

  it('falls back to the eTag, then the modification time', () => {
    expect(contentVersion(file({}))).toBe('"{G},1"');
    expect(contentVersion(file({ eTag: undefined, lastModifiedDateTime: '2026-11-27T10:00:00Z' }))).toBe('2026-11-27T10:00:00Z');
  });
});
