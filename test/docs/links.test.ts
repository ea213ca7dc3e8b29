import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', 'data', '.git']);

/** Every markdown file of the repository: README, docs/ and the READMEs beside the code. */
function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const match of markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(match[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Relative links ([text](target)) of one file that lead nowhere: a missing file or a missing heading. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const match of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#', 2);
    const destination = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(destination)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor && destination.endsWith('.md') && !anchors(readFileSync(destination, 'utf8')).has(anchor)) {
      broken.push(`${target}: no such heading`);
    }
  }
  return broken;
}

describe('documentation links', () => {
  const files = markdownFiles();

  it('finds README and the docs', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/ARCHITECTURE.md');
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s: every relative link resolves', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('reads headings the way GitHub links them', () => {
    expect(slug('Ingest and document reads — `npm run bench:ingest`')).toBe('ingest-and-document-reads--npm-run-benchingest');
    expect(slug('Include/exclude lists')).toBe('includeexclude-lists');
  });
});
