import { booleanField, integerField, stringListField } from '../config-fields.js';
import { ConnectorConfigError } from '../types.js';

export interface CodeHostConfig {
  /** `owner/name` of each chosen repository. */
  repositories: string[];
  /** File name extensions (lowercase, without the dot) that are imported. */
  extensions: string[];
  /** Files larger than this are left out. */
  maxFileBytes: number;
  includeIssues: boolean;
}

export const MAX_REPOSITORIES = 100;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const DOC_EXTENSIONS = ['md', 'mdx', 'markdown', 'txt', 'rst', 'adoc', 'asciidoc'];
const MARKDOWN_EXTENSIONS = new Set(['md', 'mdx', 'markdown']);
const CODE_EXTENSIONS = [
  'ts',
  'tsx',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'py',
  'go',
  'rs',
  'java',
  'kt',
  'kts',
  'rb',
  'php',
  'cs',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'swift',
  'scala',
  'sh',
  'sql',
];
export const DEFAULT_EXTENSIONS = [...DOC_EXTENSIONS, ...CODE_EXTENSIONS];

const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;
/** Generated or third-party code: never someone's documentation. */
const SKIPPED_SEGMENTS = new Set(['node_modules', 'vendor', 'third_party', '.git']);

export function isRepositoryName(value: string): boolean {
  return REPOSITORY.test(value);
}

export function parseCodeHostConfig(metadata: Record<string, unknown>): CodeHostConfig {
  const repositories =
    stringListField(metadata, 'repositories', { pattern: REPOSITORY, describe: 'repository names as owner/name', maxItems: MAX_REPOSITORIES }) ?? [];
  const extensions = stringListField(metadata, 'extensions', { pattern: /^\.?[A-Za-z0-9_+-]{1,16}$/, describe: 'file name extensions', maxItems: 100 });
  if (extensions?.length === 0) throw new ConnectorConfigError('metadata.extensions', 'must name at least one extension');
  return {
    repositories: [...new Set(repositories)],
    extensions: extensions ? [...new Set(extensions.map((e) => e.replace(/^\./, '').toLowerCase()))] : DEFAULT_EXTENSIONS,
    maxFileBytes: integerField(metadata, 'maxFileBytes', { min: 1, max: MAX_FILE_BYTES, fallback: 1024 * 1024 }),
    includeIssues: booleanField(metadata, 'includeIssues', true),
  };
}

function extensionOf(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : null;
}

/** Whether a file at `path` is imported (by extension and location; size is checked apart). */
export function isSelectedPath(path: string, config: CodeHostConfig): boolean {
  const extension = extensionOf(path);
  if (!extension || !config.extensions.includes(extension)) return false;
  if (/\.min\.[a-z]+$/i.test(path)) return false;
  return !path.split('/').some((segment) => SKIPPED_SEGMENTS.has(segment));
}

export function isMarkdownPath(path: string): boolean {
  return MARKDOWN_EXTENSIONS.has(extensionOf(path) ?? '');
}
