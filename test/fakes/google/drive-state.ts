import { createHash, randomBytes } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';

export const FOLDER = 'application/vnd.google-apps.folder';
export const DOC = 'application/vnd.google-apps.document';
export const SHEET = 'application/vnd.google-apps.spreadsheet';
export const SLIDES = 'application/vnd.google-apps.presentation';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  version: number;
  createdTime: string;
  modifiedTime: string;
  trashed: boolean;
  /** Stored bytes (files that are not Google formats). */
  bytes?: Buffer;
  /** The shared drive it is in (its root folder's id); none in My Drive. */
  driveId?: string;
  /** A Google Doc's text, as markdown. */
  markdown?: string;
  /** A Google Sheet: rows per sheet name. */
  sheets?: Record<string, (string | number)[][]>;
  /** Google Slides. */
  slides?: { title: string; body: string }[];
}

export interface DriveChangeRecord {
  seq: number;
  fileId: string;
  removed: boolean;
  time: string;
}

type Placement = { parent?: FakeDriveFile | string };

/** The files of one account's drive and its changes feed (one entry per change, numbered). */
export class DriveState {
  readonly files = new Map<string, FakeDriveFile>();
  readonly changes: DriveChangeRecord[] = [];
  /** The shared drive each deleted file was in: its removal is in that drive's part of the feed. */
  readonly removedFromDrive = new Map<string, string>();
  readonly root: FakeDriveFile;
  private nextSeq = 1000;

  constructor(private readonly clock: FakeClock) {
    this.root = this.put({ name: 'My Drive', mimeType: FOLDER, parents: [] }, false);
  }

  /** The next change's number: what `changes.getStartPageToken` answers. */
  get startPageToken(): string {
    return String(this.nextSeq);
  }

  /**
   * A shared drive the account is a member of: its root folder's id is the drive's id. Its files are
   * seen only by a caller that says it supports shared drives (`supportsAllDrives`, and
   * `includeItemsFromAllDrives` for lists and changes).
   */
  addSharedDrive(name: string): FakeDriveFile {
    const root = this.put({ name, mimeType: FOLDER, parents: [] }, false);
    root.driveId = root.id;
    return root;
  }

  addFolder(name: string, where: Placement = {}): FakeDriveFile {
    return this.put({ name, mimeType: FOLDER, parents: [this.parentId(where)] });
  }

  addDoc(name: string, markdown: string, where: Placement = {}): FakeDriveFile {
    return this.put({ name, mimeType: DOC, parents: [this.parentId(where)], markdown });
  }

  addSheet(name: string, sheets: Record<string, (string | number)[][]>, where: Placement = {}): FakeDriveFile {
    return this.put({ name, mimeType: SHEET, parents: [this.parentId(where)], sheets });
  }

  addSlides(name: string, slides: { title: string; body: string }[], where: Placement = {}): FakeDriveFile {
    return this.put({ name, mimeType: SLIDES, parents: [this.parentId(where)], slides });
  }

  addFile(name: string, mimeType: string, bytes: Buffer | Uint8Array | string, where: Placement = {}): FakeDriveFile {
    return this.put({ name, mimeType, parents: [this.parentId(where)], bytes: Buffer.from(bytes) });
  }

  /** Any change to a file: its content, name or place. Each is one change with a new version. */
  update(id: string, patch: Partial<Pick<FakeDriveFile, 'name' | 'bytes' | 'markdown' | 'sheets' | 'slides' | 'parents'>>): FakeDriveFile {
    const file = this.must(id);
    Object.assign(file, patch);
    this.touch(file);
    return file;
  }

  /**
   * A change of the file's metadata alone (starred, shared, described): Drive's `version` grows with
   * every change on the server and the change is in the feed, but `modifiedTime` (set when the
   * file itself is modified) and the content stay as they were.
   */
  star(id: string): void {
    const file = this.must(id);
    file.version++;
    this.changes.push({ seq: this.nextSeq++, fileId: file.id, removed: false, time: this.clock.now().toISOString() });
  }

  trash(id: string): void {
    const file = this.must(id);
    file.trashed = true;
    this.touch(file);
  }

  /** Deleted for good: the changes feed reports it as `removed`. */
  delete(id: string): void {
    const file = this.must(id);
    if (file.driveId) this.removedFromDrive.set(id, file.driveId);
    this.files.delete(id);
    this.changes.push({ seq: this.nextSeq++, fileId: id, removed: true, time: this.clock.now().toISOString() });
  }

  get(id: string): FakeDriveFile | undefined {
    return this.files.get(id === 'root' ? this.root.id : id);
  }

  md5(file: FakeDriveFile): string | undefined {
    return file.bytes ? createHash('md5').update(file.bytes).digest('hex') : undefined;
  }

  private parentId(where: Placement): string {
    const parent = where.parent ?? this.root;
    return typeof parent === 'string' ? parent : parent.id;
  }

  private must(id: string): FakeDriveFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id} in the fake drive`);
    return file;
  }

  private put(fields: Omit<FakeDriveFile, 'id' | 'version' | 'createdTime' | 'modifiedTime' | 'trashed'>, recorded = true): FakeDriveFile {
    const now = this.clock.now().toISOString();
    const driveId = fields.parents.map((id) => this.files.get(id)?.driveId).find(Boolean);
    const file: FakeDriveFile = {
      ...(driveId && { driveId }),
      id: randomBytes(22).toString('base64url').replace(/[-_]/g, 'x'),
      version: 1,
      createdTime: now,
      modifiedTime: now,
      trashed: false,
      ...fields,
    };
    this.files.set(file.id, file);
    if (recorded) this.changes.push({ seq: this.nextSeq++, fileId: file.id, removed: false, time: now });
    return file;
  }

  private touch(file: FakeDriveFile): void {
    file.version++;
    file.modifiedTime = this.clock.now().toISOString();
    this.changes.push({ seq: this.nextSeq++, fileId: file.id, removed: false, time: file.modifiedTime });
  }
}
