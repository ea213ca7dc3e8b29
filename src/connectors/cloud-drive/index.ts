import { defineConnector } from '../descriptor.js';
import { googleEnv, googleOptions, googleOptionsFrom } from '../google/env.js';
import type { GoogleOptions } from '../google/options.js';
import { googleOAuth } from '../google/oauth.js';
import { revokeGoogleGrant } from '../google/revoke.js';
import type { Connector } from '../types.js';
import { parseCloudDriveConfig } from './config.js';
import { describeDriveNotification, endDriveChannel, ensureChannel, stopDriveChannel, verifyDriveNotification } from './push.js';
import { syncCloudDrive } from './sync.js';

/** Reading every file's content, and the changes feed (files.list alone would need `drive.metadata.readonly`). */
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.readonly'];

/** The cloud drive (Google Drive API v3): Docs, Sheets, Slides and stored files, with push channels. */
export function cloudDriveConnector(options: GoogleOptions): Connector {
  return {
    kind: 'cloud-drive',
    auth: 'oauth',
    oauth: googleOAuth(options, DRIVE_SCOPES),
    parseConfig: (metadata) => ({ ...metadata, ...parseCloudDriveConfig(metadata) }),
    sync: (request) => syncCloudDrive(options, request),
    subscription: {
      ensure: (request, webhook, current) => ensureChannel(options, request, webhook, current),
      stop: (request, current) => stopDriveChannel(options, request, current),
    },
    webhook: { verify: verifyDriveNotification, describe: describeDriveNotification },
    /** The changes channel (`channels/stop`), then the grant (`oauth2.googleapis.com/revoke`) unless another connection uses it. */
    async cleanup({ request, subscription, sharedGrant }) {
      await endDriveChannel(options, request, subscription);
      if (!sharedGrant) await revokeGoogleGrant(options, request.credentials, request.signal);
    },
  };
}

export const cloudDriveDescriptor = defineConnector({
  kind: 'cloud-drive',
  aliases: ['google-drive'],
  auth: 'oauth',
  settingsKey: 'cloudDrive',
  scheduled: true,
  envPrefix: 'GOOGLE',
  env: googleEnv,
  optionsFrom: googleOptionsFrom,
  create: (context) => cloudDriveConnector(googleOptions(context)),
});
