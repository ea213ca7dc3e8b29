import { z } from 'zod';
import { defineConnector, oauthAppEnv } from '../descriptor.js';
import { guardedSync, providerSettings } from '../provider-http.js';
import type { Connector } from '../types.js';
import { NOTION_DEFAULTS, PROVIDER, type NotesWorkspaceOptions } from './api.js';
import { notionOAuth } from './oauth.js';
import { revokeNotionToken } from './revoke.js';
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
    cleanup: (cleanup) => revokeNotionToken(options, cleanup),
  };
}

export const notesWorkspaceDescriptor = defineConnector({
  kind: 'notes-workspace',
  aliases: ['notion'],
  auth: 'oauth',
  settingsKey: 'notesWorkspace',
  scheduled: true,
  envPrefix: 'NOTION',
  env: z.object({
    ...oauthAppEnv('NOTION'),
    NOTION_API_URL: z.string().url().default(NOTION_DEFAULTS.apiUrl),
    /** Pins the verification token Notion's webhook deliveries are signed with; without it, the one Notion sent last is used. */
    NOTION_WEBHOOK_VERIFICATION_TOKEN: z.string().min(8).optional(),
  }),
  optionsFrom: (env) => ({ notesWorkspace: { apiUrl: env.NOTION_API_URL } }),
  kindSecretVariable: 'NOTION_WEBHOOK_VERIFICATION_TOKEN',
  create: (context) => notesWorkspaceConnector({ ...(context.options.notesWorkspace ?? NOTION_DEFAULTS), http: providerSettings(context), now: context.now }),
});
