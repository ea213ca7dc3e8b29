import { PageBuilder } from '../pages.js';
import { ConnectorError, type SyncCredentials, type SyncPage, type SyncRequest } from '../types.js';
import { gitHubClient, toConnectorError, type CodeHostOptions, type GitHubClient } from './client.js';
import { parseCodeHostConfig, type CodeHostConfig } from './config.js';
import { MAX_AT_SINCE, readCursor, type CodeHostCursor, type RepoCursor } from './cursor.js';
import { fileChanges } from './file-changes.js';
import { headCommit, issuePages, readFile, repoOf, type Repo } from './github-api.js';
import { fileId, fileItem, isBinary, issueItem } from './items.js';

interface RepoRun {
  gh: GitHubClient;
  repo: Repo;
  config: CodeHostConfig;
  state: RepoCursor;
  cursor: CodeHostCursor;
  out: PageBuilder;
  webUrl: string;
}

export function accessToken(credentials: SyncCredentials): string {
  if ('tokens' in credentials && credentials.tokens.accessToken) return credentials.tokens.accessToken;
  throw new ConnectorError('auth_expired', 'the connection has no code host token');
}

/**
 * Per chosen repository: the files of the default branch (the whole tree the first time, then
 * what changed between the last imported commit and the new head), then the issues updated
 * since the last one seen. Pull requests are skipped. The cursor is in cursor.ts.
 */
export async function* syncCodeHost(options: CodeHostOptions, request: SyncRequest): AsyncGenerator<SyncPage> {
  const config = parseCodeHostConfig(request.config);
  const gh = gitHubClient(options, accessToken(request.credentials), request.signal);
  const cursor = readCursor(request.cursor, config.repositories);
  const out = new PageBuilder(request);
  try {
    for (const name of config.repositories) {
      const run: RepoRun = { gh, repo: repoOf(name), config, state: cursor.repos[name]!, cursor, out, webUrl: options.webUrl };
      const reachable = yield* syncFiles(run);
      if (reachable && config.includeIssues) yield* syncIssues(run);
    }
  } catch (err) {
    throw toConnectorError(err, options.now, request.signal);
  }
  yield out.take(cursor);
}

/** Brings the files up to the branch head; false when the repository cannot be read. */
async function* syncFiles(run: RepoRun): AsyncGenerator<SyncPage, boolean> {
  const { gh, repo, state, out } = run;
  if (!state.pending) {
    const head = await headCommit(gh, repo, state.headEtag);
    // A repository gone or out of reach is passed over; its documents stay until it is deselected.
    if (head === 'missing') return false;
    if (head === 'unchanged' || head === 'empty') return true;
    state.headEtag = head.etag;
    if (head.sha === state.head) return true;
    state.pending = { base: state.head, target: head.sha, after: null };
  }
  const pass = state.pending;
  for (const change of await fileChanges(gh, repo, run.config, pass.base, pass.target)) {
    if (pass.after !== null && change.path <= pass.after) continue;
    for (const path of change.deletes) out.remove(fileId(repo, path));
    // A new file past the documentLimit is passed over without downloading it.
    if (change.upsert && out.wants(fileId(repo, change.path))) {
      const content = await readFile(gh, repo, change.path, pass.target, run.config.maxFileBytes);
      if (typeof content === 'object' && !isBinary(content.bytes)) {
        out.add(fileItem(repo, change.path, content.sha, content.bytes, pass.target, run.webUrl));
      } else if (change.upsert.mayExist) {
        out.remove(fileId(repo, change.path));
      }
    }
    pass.after = change.path;
    if (out.full) yield out.take(run.cursor);
  }
  state.head = pass.target;
  state.pending = null;
  return true;
}

async function* syncIssues(run: RepoRun): AsyncGenerator<SyncPage> {
  const { gh, repo, out } = run;
  const seen = run.state.issues;
  const requestedSince = seen.since;
  const etag = seen.etagSince === requestedSince ? seen.etag : null;
  let listingEtag: string | null = null;
  for await (const page of issuePages(gh, repo, requestedSince, etag)) {
    listingEtag = page.etag;
    for (const issue of page.issues) {
      if (issue.updated_at === seen.since && seen.atSince.includes(issue.number)) continue;
      if (!issue.pull_request) {
        out.add(issueItem(repo, issue));
      }
      if (issue.updated_at !== seen.since) {
        seen.since = issue.updated_at;
        seen.atSince = [];
      }
      if (seen.atSince.length < MAX_AT_SINCE) seen.atSince.push(issue.number);
    }
    if (out.full) yield out.take(run.cursor);
  }
  // Only a listing read to its end may be answered by a 304 next time.
  if (listingEtag !== null) {
    seen.etag = listingEtag;
    seen.etagSince = requestedSince;
  }
}
