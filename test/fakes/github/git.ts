import { createHash } from 'node:crypto';

/** A path → blob sha map: the files of one commit. */
export type FileTree = ReadonlyMap<string, string>;

export interface TreeEntry {
  name: string;
  mode: '100644' | '040000';
  type: 'blob' | 'tree';
  sha: string;
}

export interface GitCommit {
  sha: string;
  treeSha: string;
  parents: string[];
  message: string;
  author: { name: string; email: string; login: string };
  date: Date;
  files: FileTree;
}

function hashObject(type: string, content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/** The sha git gives a blob with this content (the same `sha` the contents API reports). */
export function blobSha(content: Buffer): string {
  return hashObject('blob', content);
}

/**
 * Builds the git tree objects for a set of files; returns the root tree sha and every tree
 * (root and subdirectories) by sha, so trees can be looked up the way GitHub does.
 */
export function buildTrees(files: FileTree): { rootSha: string; trees: Map<string, TreeEntry[]> } {
  const trees = new Map<string, TreeEntry[]>();
  const directories = new Map<string, Map<string, string>>();
  const dir = (path: string) => directories.get(path) ?? directories.set(path, new Map()).get(path)!;
  dir('');
  for (const [path, sha] of files) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dir(parts.slice(0, i).join('/'));
    dir(parts.slice(0, -1).join('/')).set(parts[parts.length - 1], sha);
  }
  const hashDir = (path: string): string => {
    const entries: TreeEntry[] = [...directories.get(path)!].map(([name, sha]) => ({ name, mode: '100644', type: 'blob', sha }));
    for (const child of directories.keys()) {
      const parent = child.includes('/') ? child.slice(0, child.lastIndexOf('/')) : '';
      if (child !== '' && parent === path) {
        entries.push({ name: child.slice(child.lastIndexOf('/') + 1), mode: '040000', type: 'tree', sha: hashDir(child) });
      }
    }
    // Git orders entries by name, with directory names compared as if they ended in '/'.
    const key = (e: TreeEntry) => (e.type === 'tree' ? `${e.name}/` : e.name);
    entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const body = Buffer.concat(entries.flatMap((e) => [Buffer.from(`${e.mode === '040000' ? '40000' : e.mode} ${e.name}\0`), Buffer.from(e.sha, 'hex')]));
    const sha = hashObject('tree', body);
    trees.set(sha, entries);
    return sha;
  };
  return { rootSha: hashDir(''), trees };
}

/** The sha git gives a commit object with these fields. */
export function commitSha(fields: Omit<GitCommit, 'sha' | 'files'>): string {
  const person = `${fields.author.name} <${fields.author.email}> ${Math.floor(fields.date.getTime() / 1000)} +0000`;
  const text = [`tree ${fields.treeSha}`, ...fields.parents.map((p) => `parent ${p}`), `author ${person}`, `committer ${person}`, '', fields.message, ''].join(
    '\n',
  );
  return hashObject('commit', Buffer.from(text));
}
