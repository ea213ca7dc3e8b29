import { describe, expect, it } from 'vitest';
import { ConnectorConfigError } from '../types.js';
import { DEFAULT_EXTENSIONS, isSelectedPath, parseCodeHostConfig } from './config.js';

function fieldOf(metadata: Record<string, unknown>): string | undefined {
  try {
    parseCodeHostConfig(metadata);
  } catch (err) {
    expect(err).toBeInstanceOf(ConnectorConfigError);
    return (err as ConnectorConfigError).field;
  }
  return undefined;
}

describe('code-host configuration', () => {
  it('defaults to no repository, the docs and code extensions, 1 MiB files and issues', () => {
    expect(parseCodeHostConfig({})).toEqual({ repositories: [], extensions: DEFAULT_EXTENSIONS, maxFileBytes: 1_048_576, includeIssues: true });
  });

  it('takes extensions with or without the dot, in any case', () => {
    const config = parseCodeHostConfig({ repositories: 'octo/docs', extensions: ['.MD', 'rst'], includeIssues: 'false', maxFileBytes: '2048' });
    expect(config).toEqual({ repositories: ['octo/docs'], extensions: ['md', 'rst'], maxFileBytes: 2048, includeIssues: false });
  });

  it.each([
    [{ repositories: ['no-slash'] }, 'metadata.repositories[0]'],
    [{ repositories: ['a/b', 'a/..'] }, 'metadata.repositories[1]'],
    [{ repositories: Array.from({ length: 101 }, (_, i) => `o/r${i}`) }, 'metadata.repositories'],
    [{ extensions: [] }, 'metadata.extensions'],
    [{ extensions: ['m d'] }, 'metadata.extensions[0]'],
    [{ maxFileBytes: 0 }, 'metadata.maxFileBytes'],
    [{ maxFileBytes: 11 * 1024 * 1024 }, 'metadata.maxFileBytes'],
    [{ includeIssues: 'yes' }, 'metadata.includeIssues'],
  ])('refuses %j naming %s', (metadata, field) => {
    expect(fieldOf(metadata)).toBe(field);
  });

  it('selects files by extension, leaving out vendored and minified code', () => {
    const config = parseCodeHostConfig({});
    expect(isSelectedPath('docs/Guide.MD', config)).toBe(true);
    expect(isSelectedPath('src/index.ts', config)).toBe(true);
    expect(isSelectedPath('Makefile', config)).toBe(false);
    expect(isSelectedPath('.md', config)).toBe(false);
    expect(isSelectedPath('web/node_modules/x/index.js', config)).toBe(false);
    expect(isSelectedPath('public/app.min.js', config)).toBe(false);
    expect(isSelectedPath('vendor/lib.go', config)).toBe(false);
  });
});
