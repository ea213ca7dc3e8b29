import { randomUUID } from 'node:crypto';
import type { FakeClock } from '../github/clock.js';
import type { FakeReply, FakeRequest, Route } from '../github/http.js';
import { badRequest, googleError, notFound, pageSizeOf, pageToken, readPageToken } from './errors.js';
import { parseFields, selectFields, type FieldSpec } from './fields.js';
import { DOC, DriveState, FOLDER, SHEET, SLIDES, type FakeDriveFile } from './drive-state.js';
import { sheetToXlsx, slidesToPptx } from './office.js';

export const DRIVE_PREFIX = '/drive/v3';
const MAX_CHANNEL_SECONDS = 604_800;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export interface DriveChannel {
  id: string;
  resourceId: string;
  address: string;
  token: string | undefined;
  expirationMs: number;
  messageNumber: number;
  stopped: boolean;
}

export type TokenMode = 'valid' | 'wrong' | 'missing';

export interface DriveNotification {
  channelId: string;
  state: string;
  status: number;
  headers: Record<string, string>;
}

type DriveRoute = Route<FakeRequest>;

const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';

/** Drive API v3 routes over a DriveState, plus the channels of `changes.watch` and their notifications. */
export class FakeDrive {
  readonly state: DriveState;
  readonly channels = new Map<string, DriveChannel>();
  readonly notifications: DriveNotification[] = [];
  /** Off: Docs export as HTML but not as markdown (a 400), as before Drive offered markdown. */
  markdownExport = true;
  /** File contents handed out (`alt=media` downloads and exports), by file id: a test asserts what was downloaded. */
  readonly downloads: string[] = [];

  constructor(
    private readonly clock: FakeClock,
    private readonly origin: () => string,
  ) {
    this.state = new DriveState(clock);
  }

  /** What Drive answers for a file (every field; `fields` narrows it). */
  resource(file: FakeDriveFile): Record<string, unknown> {
    const google = file.mimeType.startsWith('application/vnd.google-apps.');
    const kind = file.mimeType === DOC ? 'document' : file.mimeType === SHEET ? 'spreadsheets' : file.mimeType === SLIDES ? 'presentation' : null;
    return {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      version: String(file.version),
      createdTime: file.createdTime,
      modifiedTime: file.modifiedTime,
      trashed: file.trashed,
      webViewLink: kind ? `https://docs.google.com/${kind}/d/${file.id}/edit?usp=drivesdk` : `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk`,
      ...(!google && { size: String(file.bytes?.length ?? 0), md5Checksum: this.state.md5(file) }),
      ...(file.driveId && { driveId: file.driveId }),
    };
  }

  /**
   * What a request may see of shared drives, as Drive decides it: a file in one only with
   * `supportsAllDrives=true`; items of shared drives in a list or the changes feed only with
   * `includeItemsFromAllDrives=true` as well, which Drive refuses without `supportsAllDrives`.
   */
  private sharedDrives(req: FakeRequest): { supports: boolean; include: boolean } | FakeReply {
    const supports = req.query.get('supportsAllDrives') === 'true' || req.query.get('supportsTeamDrives') === 'true';
    const include = req.query.get('includeItemsFromAllDrives') === 'true';
    if (include && !supports)
      return badRequest('The includeItemsFromAllDrives parameter can only be set to true if supportsAllDrives is also set to true.', 'invalid');
    return { supports, include };
  }

  private visible(file: FakeDriveFile | undefined, seen: { supports: boolean }): FakeDriveFile | undefined {
    return file && (!file.driveId || seen.supports) ? file : undefined;
  }

  routes(): DriveRoute[] {
    return [
      { method: 'GET', template: '/files', handle: (req) => this.listFiles(req) },
      { method: 'GET', template: '/files/{fileId}', handle: (req, p) => this.getFile(req, p.fileId!) },
      { method: 'GET', template: '/files/{fileId}/export', handle: (req, p) => this.exportFile(req, p.fileId!) },
      {
        method: 'GET',
        template: '/changes/startPageToken',
        handle: () => ({ status: 200, json: { kind: 'drive#startPageToken', startPageToken: this.state.startPageToken } }),
      },
      { method: 'GET', template: '/changes', handle: (req) => this.listChanges(req) },
      { method: 'POST', template: '/changes/watch', handle: (req) => this.watch(req) },
      { method: 'POST', template: '/channels/stop', handle: (req) => this.stop(req) },
    ];
  }

  /**
   * Sends a notification to every open channel, as Drive does after a change (`change`) or when a
   * channel opens (`sync`). `token: 'wrong' | 'missing'` sends a forged or bare one instead.
   */
  async notify(options: { state?: string; token?: TokenMode } = {}): Promise<DriveNotification[]> {
    const sent: DriveNotification[] = [];
    for (const channel of this.channels.values()) {
      if (channel.stopped || channel.expirationMs <= this.clock.nowMs()) continue;
      const state = options.state ?? 'change';
      const headers: Record<string, string> = {
        'x-goog-channel-id': channel.id,
        'x-goog-channel-expiration': new Date(channel.expirationMs).toUTCString(),
        'x-goog-resource-id': channel.resourceId,
        'x-goog-resource-uri': `${this.origin()}${DRIVE_PREFIX}/changes?alt=json&pageToken=${this.state.startPageToken}`,
        'x-goog-resource-state': state,
        'x-goog-message-number': String(++channel.messageNumber),
      };
      const mode = options.token ?? 'valid';
      if (mode === 'valid' && channel.token !== undefined) headers['x-goog-channel-token'] = channel.token;
      if (mode === 'wrong') headers['x-goog-channel-token'] = `${channel.token ?? ''}-forged`;
      const response = await fetch(channel.address, { method: 'POST', headers, body: '' });
      await response.arrayBuffer();
      const delivery = { channelId: channel.id, state, status: response.status, headers };
      this.notifications.push(delivery);
      sent.push(delivery);
    }
    return sent;
  }

  private fields(req: FakeRequest, fallback: string): FieldSpec | null | 'invalid' {
    const raw = req.query.get('fields') ?? fallback;
    return raw === '*' ? null : parseFields(raw);
  }

  private listFiles(req: FakeRequest): FakeReply {
    const fields = this.fields(req, `kind,nextPageToken,incompleteSearch,files(${DEFAULT_FILE_FIELDS})`);
    const size = pageSizeOf(req.query.get('pageSize'), 100, 1000);
    const matches = parseQuery(req.query.get('q'));
    if (fields === 'invalid') return badRequest('Invalid field selection', 'invalidParameter');
    if (size === 'invalid') return badRequest('Invalid value for pageSize', 'invalid');
    if (matches === 'invalid') return badRequest('Invalid Value', 'invalid');
    const offset = readPageToken('files', req.query.get('pageToken'));
    if (offset === 'invalid') return badRequest('Invalid Value', 'invalid');
    const seen = this.sharedDrives(req);
    if ('status' in seen) return seen;
    const corpora = req.query.get('corpora') ?? 'user';
    if (corpora !== 'user' && corpora !== 'allDrives') return badRequest('Invalid Value', 'invalid');
    if (corpora === 'allDrives' && !seen.include)
      return badRequest('The includeItemsFromAllDrives parameter must be set to true when corpora is allDrives.', 'invalid');
    const inCorpus = (f: FakeDriveFile) => !f.driveId || (corpora === 'allDrives' && f.id !== f.driveId);
    const all = [...this.state.files.values()].filter((f) => f.id !== this.state.root.id && inCorpus(f) && matches(f));
    const page = all.slice(offset, offset + size);
    const next = offset + size < all.length ? pageToken('files', offset + size) : undefined;
    const body = { kind: 'drive#fileList', ...(next && { nextPageToken: next }), incompleteSearch: false, files: page.map((f) => this.resource(f)) };
    return { status: 200, json: selectFields(body, fields) };
  }

  private getFile(req: FakeRequest, id: string): FakeReply {
    const seen = this.sharedDrives(req);
    if ('status' in seen) return seen;
    const file = this.visible(this.state.get(id), seen);
    if (!file) return notFound(`File not found: ${id}.`);
    if (req.query.get('alt') === 'media') {
      if (!file.bytes)
        return googleError(
          403,
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
          'fileNotDownloadable',
          'PERMISSION_DENIED',
        );
      this.downloads.push(file.id);
      return { status: 200, raw: { body: file.bytes, contentType: file.mimeType } };
    }
    const fields = this.fields(req, DEFAULT_FILE_FIELDS);
    if (fields === 'invalid') return badRequest('Invalid field selection', 'invalidParameter');
    return { status: 200, json: selectFields(this.resource(file), fields) };
  }

  private async exportFile(req: FakeRequest, id: string): Promise<FakeReply> {
    const seen = this.sharedDrives(req);
    if ('status' in seen) return seen;
    const file = this.visible(this.state.get(id), seen);
    if (!file) return notFound(`File not found: ${id}.`);
    const target = req.query.get('mimeType');
    if (!target) return badRequest('Required parameter: mimeType', 'required');
    if (file.mimeType.startsWith('application/vnd.google-apps.')) this.downloads.push(file.id);
    if (file.mimeType === DOC && ((target === 'text/markdown' && this.markdownExport) || target === 'text/plain'))
      return { status: 200, raw: { body: file.markdown ?? '', contentType: `${target}; charset=utf-8` } };
    if (file.mimeType === DOC && target === 'text/html')
      return { status: 200, raw: { body: `<html><body><p>${escapeHtml(file.markdown ?? '')}</p></body></html>`, contentType: 'text/html; charset=utf-8' } };
    if (file.mimeType === SHEET && target === XLSX) return { status: 200, raw: { body: sheetToXlsx(file.sheets ?? { Sheet1: [] }), contentType: XLSX } };
    if (file.mimeType === SLIDES && target === PPTX) return { status: 200, raw: { body: await slidesToPptx(file.slides ?? []), contentType: PPTX } };
    if (!file.mimeType.startsWith('application/vnd.google-apps.'))
      return googleError(403, 'Export only supports Docs Editors files.', 'fileNotExportable', 'PERMISSION_DENIED');
    return badRequest('The requested conversion is not supported.', 'badRequest');
  }

  private listChanges(req: FakeRequest): FakeReply {
    const token = req.query.get('pageToken');
    if (!token) return badRequest('Required parameter: pageToken', 'required');
    const from = Number(token);
    if (!Number.isInteger(from) || from < 1) return badRequest('Invalid Value', 'invalid');
    const size = pageSizeOf(req.query.get('pageSize'), 100, 1000);
    if (size === 'invalid') return badRequest('Invalid value for pageSize', 'invalid');
    const fields = this.fields(req, `kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(${DEFAULT_FILE_FIELDS}))`);
    if (fields === 'invalid') return badRequest('Invalid field selection', 'invalidParameter');
    const includeRemoved = req.query.get('includeRemoved') !== 'false';
    const seen = this.sharedDrives(req);
    if ('status' in seen) return seen;
    // One entry per file: its latest change after the token; a shared drive's only when asked for.
    const latest = new Map<string, (typeof this.state.changes)[number]>();
    const shared = (fileId: string) => !!(this.state.files.get(fileId)?.driveId ?? this.state.removedFromDrive.get(fileId));
    for (const change of this.state.changes) if (change.seq >= from && (seen.include || !shared(change.fileId))) latest.set(change.fileId, change);
    const listed = [...latest.values()].sort((a, b) => a.seq - b.seq).filter((c) => includeRemoved || !c.removed);
    const page = listed.slice(0, size);
    const more = listed.length > size;
    const changes = page.map((c) => {
      const file = this.state.files.get(c.fileId);
      const removed = c.removed || !file;
      return { kind: 'drive#change', changeType: 'file', time: c.time, removed, fileId: c.fileId, ...(!removed && { file: this.resource(file!) }) };
    });
    const body = {
      kind: 'drive#changeList',
      ...(more ? { nextPageToken: String(listed[size]!.seq) } : { newStartPageToken: this.state.startPageToken }),
      changes,
    };
    return { status: 200, json: selectFields(body, fields) };
  }

  private watch(req: FakeRequest): FakeReply {
    if (!req.query.get('pageToken')) return badRequest('Required parameter: pageToken', 'required');
    const body = (req.json ?? {}) as { id?: string; type?: string; address?: string; token?: string; expiration?: string | number };
    if (!body.id || !body.address || (body.type !== 'web_hook' && body.type !== 'webhook')) return badRequest('Invalid Value', 'invalid');
    if ([...this.channels.values()].some((c) => c.id === body.id && !c.stopped)) return badRequest(`Channel id ${body.id} not unique`, 'channelIdNotUnique');
    const longest = this.clock.nowMs() + MAX_CHANNEL_SECONDS * 1000;
    const asked = Number(body.expiration);
    const channel: DriveChannel = {
      id: body.id,
      resourceId: randomUUID().replace(/-/g, '').slice(0, 27),
      address: body.address,
      token: body.token,
      expirationMs: Number.isFinite(asked) && asked > 0 ? Math.min(asked, longest) : this.clock.nowMs() + 3600_000,
      messageNumber: 0,
      stopped: false,
    };
    this.channels.set(channel.id, channel);
    return {
      status: 200,
      json: {
        kind: 'api#channel',
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: `${this.origin()}${DRIVE_PREFIX}/changes?alt=json&pageToken=${req.query.get('pageToken')}`,
        ...(channel.token !== undefined && { token: channel.token }),
        expiration: String(channel.expirationMs),
      },
    };
  }

  private stop(req: FakeRequest): FakeReply {
    const body = (req.json ?? {}) as { id?: string; resourceId?: string };
    const channel = this.channels.get(body.id ?? '');
    if (!channel || channel.resourceId !== body.resourceId || channel.stopped) return notFound(`Channel '${body.id ?? ''}' not found for project '1234567890'`);
    channel.stopped = true;
    return { status: 204 };
  }
}

/** The `q` clauses Drive understands that the fake supports: `trashed = …`, `mimeType (=|!=) '…'`, `'id' in parents`, joined by `and`. */
function parseQuery(q: string | null): ((file: FakeDriveFile) => boolean) | 'invalid' {
  if (!q) return () => true;
  const tests: ((f: FakeDriveFile) => boolean)[] = [];
  for (const clause of q.split(/\s+and\s+/i)) {
    let m: RegExpExecArray | null;
    if ((m = /^\s*trashed\s*=\s*(true|false)\s*$/i.exec(clause))) {
      const want = m[1]!.toLowerCase() === 'true';
      tests.push((f) => f.trashed === want);
    } else if ((m = /^\s*mimeType\s*(!=|=)\s*'([^']*)'\s*$/.exec(clause))) {
      const [, op, type] = m;
      tests.push((f) => (op === '=' ? f.mimeType === type : f.mimeType !== type));
    } else if ((m = /^\s*'([^']+)'\s+in\s+parents\s*$/.exec(clause))) {
      const parent = m[1]!;
      tests.push((f) => f.parents.includes(parent));
    } else {
      return 'invalid';
    }
  }
  return (f) => tests.every((t) => t(f));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export { DOC, FOLDER, SHEET, SLIDES };
