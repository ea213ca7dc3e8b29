export { DRIVE_SCOPE, FakeGoogle, GMAIL_SCOPE, type RecordedGoogleRequest } from './server.js';
export { DOC, FOLDER, SHEET, SLIDES, type DriveChannel, type DriveNotification, type TokenMode } from './drive.js';
export type { FakeDriveFile } from './drive-state.js';
export type { FakeMessage } from './mailbox.js';
export type { MailAttachment, MailContent } from './mime.js';
export type { GoogleAccount, GoogleClientApp } from './oauth.js';
export type { PubSubDelivery, PubSubPushSubscription } from './gmail.js';
export type { IdTokenMode } from './id-tokens.js';
export { WebhookReceiver, type ReceivedDelivery } from './receiver.js';
