import { guardedSync } from '../provider-http.js';
import type { Connector } from '../types.js';
import { PROVIDER, type NotesWorkspaceOptions } from './api.js';
import { notionOAuth } from './oauth.js';
import { parseNotesWorkspaceConfig, syncNotesWorkspace } from './sync.js';
import { describeNotionEvent, notionVerificationToken, verifyNotionSignature } from './webhook.js';

export { NOTION_DEFAULTS, NOTION_VERSION, type NotesWorkspaceOptions } from './api.js';

/** The notes workspace (Notion): the pages and databases the user shared with the integration. */
export function notesWorkspaceConnector(options: NotesWorkspaceOptions): Connector {
  return {
    kind: 'notes-workspace',
    auth: 'oauth',
    oauth: notionOAuth(options),
    parseConfig: (metadata) => ({ ...metadata, ...parseNotesWorkspaceConfig(metadata) }),
    sync: (request) => guardedSync(syncNotesWorkspace(options, request), request.signal, PROVIDER),
    webhook: { scope: 'kind', verify: verifyNotionSignature, describe: describeNotionEvent, verificationToken: notionVerificationToken },
  };
}
