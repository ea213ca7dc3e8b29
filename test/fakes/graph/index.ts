export { FakeGraph, GRAPH_PREFIX } from './server.js';
export { DRIVE_ID, type DriveType, type FakeDriveItem } from './drive.js';
export type { GraphUser, MicrosoftApp } from './identity.js';
export { MAX_DRIVE_SUBSCRIPTION_MINUTES, type ClientStateMode, type GraphDelivery } from './subscriptions.js';
