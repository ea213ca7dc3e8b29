import type { SourceItem } from '../types.js';
import { isMarkdownPath } from './config.js';
import { encodePath, type Issue, type Repo } from './github-api.js';

/**
 * External ids: `owner/name:path/to/file` for a file, `owner/name#123` for an issue. Neither `:`
 * nor `#` can occur in a repository name, so the repository is always the part before the first.
 */
export const fileId = (repo: Repo, path: string): string => `${repo.fullName}:${path}`;
export const issueId = (repo: Repo, number: number): string => `${repo.fullName}#${number}`;

export function parseExternalId(id: string): { repository: string; path: string } | { repository: string; issue: number } | null {
  const match = /^([^:#]+)([:#])(.+)$/.exec(id);
  if (!match) return null;
  return match[2] === ':' ? { repository: match[1]!, path: match[3]! } : { repository: match[1]!, issue: Number(match[3]) };
}

/** A NUL in the first 8 KB is how git itself tells a binary file. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

export function fileItem(repo: Repo, path: string, blobSha: string, bytes: Uint8Array, commit: string, webUrl: string): SourceItem {
  const markdown = isMarkdownPath(path);
  return {
    externalId: fileId(repo, path),
    version: blobSha,
    title: path.slice(path.lastIndexOf('/') + 1),
    url: `${webUrl.replace(/\/$/, '')}/${repo.fullName}/blob/${commit}/${encodePath(path)}`,
    filepath: `${repo.fullName}/${path}`,
    type: markdown ? 'github_markdown' : 'text',
    body: { text: new TextDecoder().decode(bytes), mediaType: markdown ? 'text/markdown' : 'text/plain' },
    metadata: { repository: repo.fullName, path, kind: 'file' },
    updatedAt: null,
  };
}

function labelNames(issue: Issue): string[] {
  return issue.labels.map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean);
}

/** An issue as markdown: its title, a line with its state and labels, and its body. */
export function issueItem(repo: Repo, issue: Issue): SourceItem {
  const labels = labelNames(issue);
  const facts = [`State: ${issue.state}`, ...(labels.length ? [`Labels: ${labels.join(', ')}`] : [])].join(' · ');
  const text = `# ${issue.title}\n\n${facts}\n\n${issue.body ?? ''}`.trimEnd() + '\n';
  return {
    externalId: issueId(repo, issue.number),
    version: issue.updated_at,
    title: issue.title,
    url: issue.html_url,
    filepath: `${repo.fullName}/issues/${issue.number}`,
    type: 'github_markdown',
    body: { text, mediaType: 'text/markdown' },
    metadata: { repository: repo.fullName, kind: 'issue', issueNumber: issue.number, state: issue.state, labels },
    updatedAt: new Date(issue.updated_at),
  };
}
