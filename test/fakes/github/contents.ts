import { visibleRepo, type ApiContext, type ApiRoute } from './context.js';
import type { TreeEntry } from './git.js';
import { DOCS, notFound, type FakeReply } from './http.js';
import type { FakeRepo } from './repo.js';

/** Files larger than this come back without content from the contents API (use the raw media type). */
export const CONTENTS_INLINE_LIMIT = 1024 * 1024;

const RAW_TYPES = /application\/vnd\.github(\.v3)?\.raw/;

/** The tree at `dirPath` ('' for the root) under a root tree, by walking the stored trees. */
function subtree(repo: FakeRepo, rootSha: string, dirPath: string): { sha: string; entries: TreeEntry[] } | undefined {
  let sha = rootSha;
  for (const part of dirPath.split('/').filter(Boolean)) {
    const entry = repo.trees.get(sha)?.find((e) => e.name === part && e.type === 'tree');
    if (!entry) return undefined;
    sha = entry.sha;
  }
  const entries = repo.trees.get(sha);
  return entries && { sha, entries };
}

/** Every entry under a tree with its full path, depth first, as `recursive=1` lists them. */
function flatten(repo: FakeRepo, entries: TreeEntry[], prefix = ''): { path: string; entry: TreeEntry }[] {
  return entries.flatMap((entry) => {
    const path = prefix + entry.name;
    return entry.type === 'tree' ? [{ path, entry }, ...flatten(repo, repo.trees.get(entry.sha)!, `${path}/`)] : [{ path, entry }];
  });
}

function contentItem(ctx: ApiContext, repo: FakeRepo, ref: string, path: string, entry: TreeEntry) {
  const api = `${ctx.urls.api}/repos/${repo.fullName}`;
  const encoded = encodeURIComponent(path).replace(/%2F/g, '/');
  const self = `${api}/contents/${encoded}?ref=${encodeURIComponent(ref)}`;
  const git = `${api}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`;
  const html = `${ctx.urls.web}/${repo.fullName}/${entry.type === 'tree' ? 'tree' : 'blob'}/${ref}/${encoded}`;
  return {
    type: entry.type === 'tree' ? 'dir' : 'file',
    size: entry.type === 'tree' ? 0 : repo.blobs.get(entry.sha)!.length,
    name: entry.name,
    path,
    sha: entry.sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: entry.type === 'tree' ? null : `${ctx.urls.web}/${repo.fullName}/raw/${ref}/${encoded}`,
    _links: { self, git, html },
  };
}

function getContent(ctx: ApiContext, repo: FakeRepo, path: string): FakeReply {
  const ref = ctx.req.query.get('ref') ?? repo.defaultBranch;
  const c = repo.resolveCommit(ref);
  if (!c) return { status: 404, json: { message: `No commit found for the ref ${ref}`, documentation_url: `${DOCS}/repos/contents`, status: '404' } };
  const dirPath = path.replace(/\/$/, '');
  const dir = subtree(repo, c.treeSha, dirPath);
  if (dir) {
    const prefix = dirPath ? `${dirPath}/` : '';
    return { status: 200, json: dir.entries.map((e) => contentItem(ctx, repo, ref, prefix + e.name, e)) };
  }
  const sha = c.files.get(dirPath);
  if (!sha) return notFound(`${DOCS}/repos/contents#get-repository-content`);
  const content = repo.blobs.get(sha)!;
  if (RAW_TYPES.test(String(ctx.req.headers.accept ?? ''))) {
    return {
      status: 200,
      raw: { body: content, contentType: 'application/vnd.github.raw; charset=utf-8' },
      headers: { 'x-github-media-type': 'github.v3; param=raw' },
    };
  }
  const item = contentItem(ctx, repo, ref, dirPath, { name: dirPath.split('/').pop()!, mode: '100644', type: 'blob', sha });
  const inline = content.length <= CONTENTS_INLINE_LIMIT;
  // GitHub wraps the base64 text at 60 characters.
  const base64 = inline ? content.toString('base64').replace(/(.{60})/g, '$1\n') : '';
  return { status: 200, json: { ...item, content: base64, encoding: inline ? 'base64' : 'none' } };
}

/** Trees, blobs and contents. */
export const contentRoutes: ApiRoute[] = [
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/git/trees/{+tree_sha}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      if (!repo) return notFound(`${DOCS}/git/trees#get-a-tree`);
      const rootSha = repo.trees.has(p.tree_sha) ? p.tree_sha : repo.resolveCommit(p.tree_sha)?.treeSha;
      const entries = rootSha ? repo.trees.get(rootSha) : undefined;
      if (!rootSha || !entries) return notFound(`${DOCS}/git/trees#get-a-tree`);
      const api = `${ctx.urls.api}/repos/${repo.fullName}/git`;
      const listed = ctx.req.query.has('recursive') ? flatten(repo, entries) : entries.map((entry) => ({ path: entry.name, entry }));
      return {
        status: 200,
        json: {
          sha: rootSha,
          url: `${api}/trees/${rootSha}`,
          tree: listed.map(({ path, entry }) => ({
            path,
            mode: entry.mode,
            type: entry.type,
            sha: entry.sha,
            ...(entry.type === 'blob' && { size: repo.blobs.get(entry.sha)!.length }),
            url: `${api}/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
          })),
          truncated: false,
        },
      };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/git/blobs/{file_sha}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      const content = repo?.blobs.get(p.file_sha);
      if (!repo || !content) return notFound(`${DOCS}/git/blobs#get-a-blob`);
      if (RAW_TYPES.test(String(ctx.req.headers.accept ?? '')))
        return { status: 200, raw: { body: content, contentType: 'application/vnd.github.raw; charset=utf-8' } };
      const url = `${ctx.urls.api}/repos/${repo.fullName}/git/blobs/${p.file_sha}`;
      return {
        status: 200,
        json: { sha: p.file_sha, node_id: '', size: content.length, url, content: content.toString('base64').replace(/(.{60})/g, '$1\n'), encoding: 'base64' },
      };
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/contents/{+path}',
    handle: (ctx, p) => {
      const repo = visibleRepo(ctx, p.owner, p.repo);
      if (!repo) return notFound(`${DOCS}/repos/contents#get-repository-content`);
      if (repo.commits.size === 0)
        return {
          status: 404,
          json: { message: 'This repository is empty.', documentation_url: `${DOCS}/repos/contents#get-repository-content`, status: '404' },
        };
      return getContent(ctx, repo, p.path);
    },
  },
];
