import { describe, expect, it } from 'vitest';
import { convertJson } from './json.js';
import { ConversionError } from './types.js';

describe('convertJson', () => {
  it('renders nested objects as nested bullet lists', () => {
    const json = JSON.stringify({
      title: 'Config',
      owner: { name: 'Ann', tags: ['admin', 'ops'], extra: {} },
      count: 3,
      enabled: false,
      note: null,
    });
    const result = convertJson(json);
    expect(result.title).toBe('Config');
    expect(result.markdown).toBe(
      [
        '- title: Config',
        '- owner:',
        '  - name: Ann',
        '  - tags:',
        '    - admin',
        '    - ops',
        '  - extra: {}',
        '- count: 3',
        '- enabled: false',
        '- note: null',
      ].join('\n'),
    );
  });

  it('renders arrays of objects as sections', () => {
    const json = JSON.stringify({ team: 'core', members: [{ name: 'Bob', role: 'dev' }, { role: 'qa' }] });
    expect(convertJson(json).markdown).toBe(
      ['- team: core', '', '## members', '', '### Bob', '', '- name: Bob', '- role: dev', '', '### members 2', '', '- role: qa'].join('\n'),
    );
  });

  it('renders a top-level array of objects as item sections', () => {
    const markdown = convertJson('[{"sku":"A1","price":3},{"sku":"B2","price":4}]').markdown;
    expect(markdown).toContain('## Item 1\n\n- sku: A1\n- price: 3');
    expect(markdown).toContain('## Item 2\n\n- sku: B2\n- price: 4');
  });

  it('renders scalars and scalar arrays', () => {
    expect(convertJson('"just a string"').markdown).toBe('just a string');
    expect(convertJson('[1, "two", true]').markdown).toBe('- 1\n- two\n- true');
  });

  it('keeps multi-line strings inside their bullet', () => {
    expect(convertJson('{"body":"line one\\nline two"}').markdown).toBe('- body: line one\n  line two');
  });

  it('rejects invalid JSON', () => {
    expect(() => convertJson('{"a":')).toThrow(ConversionError);
  });
});
