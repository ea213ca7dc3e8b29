import { ProviderHttp, type ProviderCall, type ProviderSettings } from '../provider-http.js';
import { ConnectorError } from '../types.js';

export interface OfficeDriveOptions {
  /** Graph's versioned base, e.g. `https://graph.microsoft.com/v1.0`. */
  graphUrl: string;
  /** The identity platform, e.g. `https://login.microsoftonline.com`. */
  loginUrl: string;
  /** `common` (work, school and personal accounts), `organizations`, `consumers` or a tenant id. */
  tenant: string;
  http: ProviderSettings;
  now: () => Date;
}

export const MICROSOFT_DEFAULTS = { graphUrl: 'https://graph.microsoft.com/v1.0', loginUrl: 'https://login.microsoftonline.com', tenant: 'common' } as const;

export const PROVIDER = 'the office drive';

/** The parts of a driveItem the adapter reads. */
export interface DriveItem {
  id: string;
  name?: string;
  eTag?: string;
  cTag?: string;
  size?: number;
  webUrl?: string;
  lastModifiedDateTime?: string;
  parentReference?: { id?: string; driveId?: string; driveType?: string; path?: string };
  file?: { mimeType?: string; hashes?: { quickXorHash?: string; sha256Hash?: string; sha1Hash?: string; crc32Hash?: string } };
  folder?: object;
  root?: object;
  deleted?: object;
}

export interface DeltaPage {
  value: DriveItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

export function newHttp(options: OfficeDriveOptions, signal: AbortSignal): ProviderHttp {
  return new ProviderHttp({ ...options.http, provider: PROVIDER }, signal);
}

/** Graph with one access token. Links Graph hands back are followed only under the configured base. */
export class GraphClient {
  private readonly http: ProviderHttp;
  private readonly base: string;

  constructor(
    options: OfficeDriveOptions,
    private readonly token: string,
    signal: AbortSignal,
  ) {
    this.http = newHttp(options, signal);
    this.base = options.graphUrl.replace(/\/+$/, '');
  }

  url(path: string): string {
    return this.base + path;
  }

  /** Whether `link` (a nextLink, deltaLink or stored cursor) points into Graph: the token goes with it. */
  isOwnLink(link: unknown): link is string {
    return typeof link === 'string' && link.length <= 8192 && link.startsWith(`${this.base}/`);
  }

  async json<T>(pathOrLink: string, call: ProviderCall = {}): Promise<{ status: number; body: T }> {
    const url = pathOrLink.startsWith('/') ? this.url(pathOrLink) : pathOrLink;
    if (!this.isOwnLink(url)) throw new ConnectorError('internal', `${PROVIDER} gave a link outside its base`);
    const answer = await this.http.request(url, {
      ...call,
      headers: { authorization: `Bearer ${this.token}`, accept: 'application/json', ...(call.body && { 'content-type': 'application/json' }), ...call.headers },
    });
    return { status: answer.status, body: answer.status === 204 || answer.bytes.length === 0 ? (null as T) : answer.json<T>() };
  }

  /**
   * A file's bytes: `/content` answers a redirect to a short-lived pre-authenticated URL, which is
   * fetched without the token. null when the file is gone or larger than `maxBytes`.
   */
  async download(itemId: string, maxBytes: number): Promise<Uint8Array | null> {
    const first = await this.http.request(this.url(`/me/drive/items/${encodeURIComponent(itemId)}/content`), {
      headers: { authorization: `Bearer ${this.token}` },
      redirect: 'manual',
      allow: [404],
      maxBytes,
    });
    if (first.status === 404 || first.tooLarge) return null;
    if (first.status < 300) return first.bytes;
    const location = first.headers.get('location');
    if (!location) throw new ConnectorError('internal', `${PROVIDER} answered a download without a location`);
    const file = await this.http.request(new URL(location, this.base).href, { allow: [404, 410], maxBytes });
    return file.status === 200 && !file.tooLarge ? file.bytes : null;
  }
}
