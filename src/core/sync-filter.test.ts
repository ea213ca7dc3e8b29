import { describe, expect, it } from 'vitest';
import { decideSync, type SyncCandidate } from './sync-filter.js';

const report: SyncCandidate = {
  title: 'Q3 Report (final)',
  filename: 'Q3 Report (final).PDF',
  mimeType: 'application/pdf',
  type: 'pdf',
  folders: ['Finance', 'Reports'],
};
const draft: SyncCandidate = { title: 'Draft: roadmap', filename: 'roadmap.docx', type: 'google_doc', folders: ['Product'] };

describe('decideSync', () => {
  it('accepts everything when no lists and no model filter are set', () => {
    expect(decideSync({}, report)).toEqual({ accept: true, askModel: false });
    expect(decideSync({ includeItems: null, excludeItems: {} }, { title: null })).toEqual({ accept: true, askModel: false });
  });

  it('matches file types by extension, mime type, mime subtype or document type, without case or dot', () => {
    for (const rule of ['pdf', '.pdf', 'PDF', 'application/pdf']) {
      expect(decideSync({ excludeItems: { fileTypes: [rule] } }, report).accept).toBe(false);
    }
    expect(decideSync({ excludeItems: { fileTypes: ['google_doc'] } }, draft).accept).toBe(false);
    expect(decideSync({ excludeItems: { fileTypes: ['docx'] } }, draft).accept).toBe(false);
    expect(decideSync({ excludeItems: { fileTypes: ['doc'] } }, draft).accept).toBe(true);
  });

  it('matches a plain list entry against the file type, any folder or the title', () => {
    const excluded = (pattern: string, item: SyncCandidate = report) => !decideSync({ excludeItems: { patterns: [pattern] } }, item).accept;
    expect(excluded('pdf')).toBe(true);
    expect(excluded('Finance')).toBe(true);
    expect(excluded('q3*')).toBe(true);
    expect(excluded('docx')).toBe(false);
    expect(decideSync({ excludeItems: { patterns: ['Product'] } }, draft)).toEqual({ accept: false, reason: '"Product" is excluded' });
    // Included when one entry matches any of the three; a miss is refused.
    expect(decideSync({ includeItems: { patterns: ['docx', 'Reports'] } }, report).accept).toBe(true);
    expect(decideSync({ includeItems: { patterns: ['docx', 'Product'] } }, report)).toEqual({
      accept: false,
      reason: 'no file type, folder or title matches the include list',
    });
  });

  it('matches folder names against any folder on the path, whole and without case', () => {
    expect(decideSync({ excludeItems: { folderNames: ['reports'] } }, report).accept).toBe(false);
    expect(decideSync({ excludeItems: { folderNames: ['finance'] } }, report).accept).toBe(false);
    expect(decideSync({ excludeItems: { folderNames: ['Fin'] } }, report).accept).toBe(true);
  });

  it('matches title patterns on the whole title with * as the only wildcard', () => {
    const decide = (pattern: string, item: SyncCandidate = report) => decideSync({ excludeItems: { titlePatterns: [pattern] } }, item).accept;
    expect(decide('q3*')).toBe(false);
    expect(decide('*(final)')).toBe(false);
    expect(decide('*report*')).toBe(false);
    expect(decide('Q3 Report (final)')).toBe(false);
    expect(decide('Report*')).toBe(true);
    expect(decide('q3 report (final')).toBe(true);
    expect(decide('Q? Report*')).toBe(true);
    expect(decide('draft:*', draft)).toBe(false);
    expect(decide('*')).toBe(false);
  });

  it('lets exclude win over include', () => {
    const settings = { includeItems: { fileTypes: ['pdf'] }, excludeItems: { folderNames: ['Reports'] } };
    const decision = decideSync(settings, report);
    expect(decision).toEqual({ accept: false, reason: 'folder "Reports" is excluded' });
  });

  it('requires every non-empty include list to match (AND across lists, OR within one)', () => {
    const settings = { includeItems: { fileTypes: ['docx', 'pdf'], folderNames: ['Reports'], titlePatterns: [] } };
    expect(decideSync(settings, report).accept).toBe(true);
    expect(decideSync(settings, { ...report, folders: ['Archive'] })).toEqual({ accept: false, reason: 'not inside an included folder' });
    expect(decideSync(settings, { ...report, filename: 'a.txt', mimeType: 'text/plain', type: 'text' })).toEqual({
      accept: false,
      reason: 'file type is not in the include list',
    });
    expect(decideSync({ includeItems: { titlePatterns: ['Q*'] } }, draft)).toEqual({ accept: false, reason: 'title matches no included pattern' });
  });

  it('asks the model only for items the lists let through, and only when the filter is on with a prompt', () => {
    const model = { shouldLLMFilter: true, filterPrompt: '  only engineering documents  ' };
    expect(decideSync(model, report)).toEqual({ accept: true, askModel: true, filterPrompt: 'only engineering documents' });
    expect(decideSync({ ...model, excludeItems: { fileTypes: ['pdf'] } }, report).accept).toBe(false);
    expect(decideSync({ ...model, includeItems: { folderNames: ['Product'] } }, report).accept).toBe(false);
    expect(decideSync({ shouldLLMFilter: false, filterPrompt: 'x' }, report)).toEqual({ accept: true, askModel: false });
    expect(decideSync({ shouldLLMFilter: true, filterPrompt: '   ' }, report)).toEqual({ accept: true, askModel: false });
  });

  it('treats regular-expression characters in patterns literally', () => {
    const item = { title: 'a+b (v1.0) [x]' };
    expect(decideSync({ excludeItems: { titlePatterns: ['a+b (v1.0) [x]'] } }, item).accept).toBe(false);
    expect(decideSync({ excludeItems: { titlePatterns: ['a+b (v1x0)*'] } }, item).accept).toBe(true);
  });
});
