import type { Connector } from '../types.js';
import type { NotesWorkspaceOptions } from './api.js';
import { notionOAuth } from './oauth.js';
import { parseNotesWorkspaceConfig, syncNotesWorkspace } from './sync.js';
import { describeNotionEvent, verifyNotionSignature } from './webhook.js';

export { NOTION_DEFAULTS, NOTION_VERSION, type NotesWorkspaceOptions } from './api.js';

/** The notes workspace (Notion): the pages and databases the user shared with the integration. */
export function notesWorkspaceConnector(options: NotesWorkspaceOptions): Connector {
  return {
    kind: 'notes-workspace',
    auth: 'oauth',
    oauth: notionOAuth(options),
    parseConfig: (metadata) => ({ ...metadata, ...parseNotesWorkspaceConfig(metadata) }),
    sync: (request) => syncNotesWorkspace(options, request),
    webhook: { verify: verifyNotionSignature, describe: describeNotionEvent },
  };
}
