import { randomUUID } from 'node:crypto';
import { GoogleApiError, GoogleClient, toConnectorError } from '../google/http.js';
import { accessToken } from '../google/oauth.js';
import type { GoogleOptions } from '../google/options.js';
import { header, sameSecret, type Headers } from '../webhook-headers.js';
import type { PushSubscription, SyncRequest } from '../types.js';
import { startPageToken, stopChannel, watchChanges } from './drive-api.js';

/** Drive keeps a changes channel at most a week. */
export const CHANNEL_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export interface DriveChannelState {
  channelId: string;
  resourceId: string;
  expiration: string;
}

function readState(raw: unknown): DriveChannelState | null {
  const s = raw as DriveChannelState | null;
  return s && typeof s === 'object' && typeof s.channelId === 'string' && typeof s.resourceId === 'string' ? s : null;
}

/**
 * A channel on the changes feed delivering to the webhook URL with the secret as its token. A
 * channel cannot be extended: renewing opens a new one, then stops the old one.
 */
export async function ensureChannel(
  options: GoogleOptions,
  request: SyncRequest,
  webhook: { url: string; secret: string },
  current: unknown,
): Promise<PushSubscription> {
  const drive = new GoogleClient(options, accessToken(request.credentials), request.signal);
  const base = options.endpoints.driveUrl;
  try {
    const channel = await watchChanges(drive, base, await startPageToken(drive, base), {
      id: randomUUID(),
      address: webhook.url,
      token: webhook.secret,
      expiration: request.now().getTime() + CHANNEL_LIFETIME_MS,
    });
    // Drive may grant a shorter life than asked for; its answer is what counts.
    const expiration = new Date(Number(channel.expiration) || request.now().getTime() + CHANNEL_LIFETIME_MS);
    const previous = readState(current);
    if (previous) await stopDriveChannel(options, request, previous);
    const state: DriveChannelState = { channelId: channel.id, resourceId: channel.resourceId, expiration: expiration.toISOString() };
    return { state, renewBy: expiration };
  } catch (err) {
    throw toConnectorError(err, request.signal);
  }
}

/** Best effort: a channel already gone or expired is fine, and so is any failure. */
export async function stopDriveChannel(options: GoogleOptions, request: SyncRequest, current: unknown): Promise<void> {
  await endDriveChannel(options, request, current).catch(() => undefined);
}

/** Stops the channel; one Drive no longer knows (404: stopped or expired) is done. Other failures are thrown as ConnectorErrors. */
export async function endDriveChannel(options: GoogleOptions, request: SyncRequest, current: unknown): Promise<void> {
  const state = readState(current);
  if (!state) return;
  try {
    const drive = new GoogleClient(options, accessToken(request.credentials), request.signal);
    await stopChannel(drive, options.endpoints.driveUrl, { id: state.channelId, resourceId: state.resourceId });
  } catch (err) {
    if (err instanceof GoogleApiError && err.status === 404) return;
    throw toConnectorError(err, request.signal);
  }
}

/** A Drive notification carries the channel's token in `X-Goog-Channel-Token`. */
export function verifyDriveNotification(headers: Headers, _rawBody: Buffer, secret: string): boolean {
  return sameSecret(header(headers, 'x-goog-channel-token'), secret);
}

/**
 * The delivery id is the channel with its message number (Drive numbers each channel's messages).
 * The event is `X-Goog-Resource-State`: `sync` when a channel opens, `change` afterwards.
 */
export function describeDriveNotification(headers: Headers): { deliveryId: string; resource: string | null; event: string } {
  const channel = header(headers, 'x-goog-channel-id') ?? '';
  return {
    deliveryId: `${channel}:${header(headers, 'x-goog-message-number') ?? ''}`,
    resource: header(headers, 'x-goog-resource-id') ?? null,
    event: header(headers, 'x-goog-resource-state') ?? 'unknown',
  };
}
