import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';

export interface FakeDriveItem {
  id: string;
  name: string;
  parentId: string | null;
  folder: boolean;
  content: Buffer;
  mimeType: string;
  /** Position in the drive's change log: the last change to this item. */
  seq: number;
  deleted: boolean;
  /** eTag changes with any change, cTag only with the content. */
  eTagVersion: number;
  cTagVersion: number;
  guid: string;
  createdMs: number;
  modifiedMs: number;
}

const MIME_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  png: 'image/png',
  zip: 'application/zip',
};

/** A consumer OneDrive, or OneDrive for Business (whose delta leaves `cTag` out). */
export type DriveType = 'personal' | 'business';

export const DRIVE_ID = 'b!fAkEdRiVe0000000000000000000000000000000000000000000000000';

/** One user's OneDrive: folders and files addressed by path, and the change log that delta reads. */
export class FakeDrive {
  readonly items = new Map<string, FakeDriveItem>();
  readonly root: FakeDriveItem;
  /** Delta tokens of an earlier epoch are answered 410 resyncRequired. */
  epoch = 1;
  driveType: DriveType = 'personal';
  private seq = 0;
  private nextId = 1;

  constructor(private readonly clock: FakeClock) {
    this.root = this.create('root', null, true, Buffer.alloc(0));
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The live item at `path` (`/Documents/a.docx`), or undefined. */
  item(path: string): FakeDriveItem | undefined {
    let current: FakeDriveItem | undefined = this.root;
    for (const name of path.split('/').filter(Boolean)) {
      current = [...this.items.values()].find((i) => !i.deleted && i.parentId === current!.id && i.name.toLowerCase() === name.toLowerCase());
      if (!current) return undefined;
    }
    return current;
  }

  /** The path of a live item below the root, e.g. `/Documents/a.docx` (the root is ``). */
  pathOf(item: FakeDriveItem): string {
    const names: string[] = [];
    for (let i: FakeDriveItem | undefined = item; i && i.parentId !== null; i = this.items.get(i.parentId)) names.unshift(i.name);
    return names.length ? `/${names.join('/')}` : '';
  }

  addFolder(path: string): FakeDriveItem {
    let current = this.root;
    for (const name of path.split('/').filter(Boolean)) {
      current = this.item(`${this.pathOf(current)}/${name}`) ?? this.create(name, current.id, true, Buffer.alloc(0));
    }
    return current;
  }

  /** Creates the file (and its folders) or replaces its content: a new cTag. */
  writeFile(path: string, content: string | Buffer, mimeType?: string): FakeDriveItem {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    const existing = this.item(path);
    if (existing) {
      existing.content = bytes;
      existing.cTagVersion++;
      this.touch(existing);
      return existing;
    }
    const slash = path.lastIndexOf('/');
    const parent = this.addFolder(path.slice(0, slash));
    const name = path.slice(slash + 1);
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    return this.create(name, parent.id, false, bytes, mimeType ?? MIME_TYPES[extension] ?? 'application/octet-stream');
  }

  /** Renames or moves an item: a new eTag, the same cTag. */
  move(path: string, newPath: string): FakeDriveItem {
    const item = this.required(path);
    const slash = newPath.lastIndexOf('/');
    item.parentId = this.addFolder(newPath.slice(0, slash)).id;
    item.name = newPath.slice(slash + 1);
    this.touch(item);
    return item;
  }

  /** Deletes an item and everything below it; delta reports each with a `deleted` facet. */
  delete(path: string): void {
    const item = this.required(path);
    const doomed = [item, ...[...this.items.values()].filter((i) => !i.deleted && this.isBelow(i, item))];
    for (const i of doomed) {
      i.deleted = true;
      this.touch(i);
    }
  }

  /** Items changed after `afterSeq`, oldest change first; without deleted ones for a first enumeration. */
  changesAfter(afterSeq: number, includeDeleted: boolean): FakeDriveItem[] {
    return [...this.items.values()].filter((i) => i.seq > afterSeq && (includeDeleted || !i.deleted)).sort((a, b) => a.seq - b.seq);
  }

  private isBelow(item: FakeDriveItem, ancestor: FakeDriveItem): boolean {
    for (let p = item.parentId; p !== null; p = this.items.get(p)?.parentId ?? null) if (p === ancestor.id) return true;
    return false;
  }

  private required(path: string): FakeDriveItem {
    const item = this.item(path);
    if (!item) throw new Error(`no item at ${path}`);
    return item;
  }

  private touch(item: FakeDriveItem): void {
    item.seq = ++this.seq;
    item.eTagVersion++;
    item.modifiedMs = this.clock.nowMs();
  }

  private create(name: string, parentId: string | null, folder: boolean, content: Buffer, mimeType = ''): FakeDriveItem {
    const id = `${randomBytes(4).toString('hex').toUpperCase()}!${this.nextId++}`;
    const now = this.clock.nowMs();
    const item: FakeDriveItem = {
      id,
      name,
      parentId,
      folder,
      content,
      mimeType,
      seq: ++this.seq,
      deleted: false,
      eTagVersion: 1,
      cTagVersion: 1,
      guid: randomUUID().toUpperCase(),
      createdMs: now,
      modifiedMs: now,
    };
    this.items.set(id, item);
    return item;
  }
}
