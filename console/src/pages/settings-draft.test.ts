import { describe, expect, it } from 'vitest';
import type { Settings } from '../api/types';
import { changes, draftOf, type GeneralSettings } from './settings-draft';

const stored: GeneralSettings & Partial<Settings> = {
  excludeItems: { fileTypes: ['exe'] },
  includeItems: null,
  filterPrompt: null,
  shouldLLMFilter: null,
  categories: ['work', 'home'],
  chunkSize: -1,
  profileBuckets: [{ key: 'travel', description: 'trips' }],
  workspacePrompt: 'Team notes',
  codeHostClientSecret: '********1234',
};

describe('the settings form', () => {
  it('treats the stored default chunk size (-1 or null) as the empty field, and sends a toggled box', () => {
    const before = draftOf(stored);
    expect(changes(before, draftOf({ ...stored, chunkSize: null }))).toEqual({});
    expect(changes(before, { ...before, shouldLLMFilter: true })).toEqual({ shouldLLMFilter: true });
  });

  it('sends only the changed fields, lists as arrays, emptied fields as null', () => {
    const before = draftOf(stored);
    const after = {
      ...before,
      workspacePrompt: '  ',
      categories: 'work, , travel ',
      chunkSize: '800',
      includeItems: { ...before.includeItems, folderNames: 'docs,notes' },
      excludeItems: { ...before.excludeItems, fileTypes: '' },
    };
    expect(changes(before, after)).toEqual({
      workspacePrompt: null,
      categories: ['work', 'travel'],
      chunkSize: 800,
      includeItems: { folderNames: ['docs', 'notes'] },
      excludeItems: null,
    });
  });

  it('drops blank bucket rows and sends the whole list when one changes', () => {
    const before = draftOf(stored);
    const after = { ...before, profileBuckets: [...before.profileBuckets, { key: '', description: '' }, { key: 'food', description: '' }] };
    expect(changes(before, after)).toEqual({
      profileBuckets: [
        { key: 'travel', description: 'trips' },
        { key: 'food', description: '' },
      ],
    });
  });
});
