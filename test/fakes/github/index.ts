export { API_PREFIX, FakeGitHub, type RecordedRequest } from './server.js';
export type { FakeIssue, FakeRepo, FakeUser, FileChanges } from './repo.js';
export { TOKENS_PER_USER_APP_SCOPE, type OAuthApp } from './oauth.js';
export type { Delivery, SignatureMode } from './webhooks.js';
export { CONTENTS_INLINE_LIMIT } from './contents.js';
export { ZERO_SHA } from './webhook-payloads.js';
