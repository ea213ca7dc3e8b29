/**
 * The answers of Granola's public API (`https://public-api.granola.ai/v1`) as its published
 * reference describes them, as JSON Schema: `GET /v1/notes` (page_size 1–30, default 10; notes
 * newest first; `hasMore` and an opaque `cursor`) and `GET /v1/notes/{note_id}` (ids `not_` and 14
 * letters or digits; `include=transcript` adds the transcript, each utterance with its speaker's
 * `source` and times). Fields the reference lists are required and no others are allowed, so the
 * fake can add nothing a real answer lacks.
 */

const timestamp = { type: 'string', format: 'date-time' } as const;
const person = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: { name: { type: ['string', 'null'] }, email: { type: 'string' } },
} as const;
const noteId = { type: 'string', pattern: '^not_[a-zA-Z0-9]{14}$' } as const;

export const NOTE_SUMMARY = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'object', 'title', 'owner', 'created_at', 'updated_at'],
  properties: { id: noteId, object: { const: 'note' }, title: { type: ['string', 'null'] }, owner: person, created_at: timestamp, updated_at: timestamp },
} as const;

export const NOTE_LIST = {
  type: 'object',
  additionalProperties: false,
  required: ['notes', 'hasMore', 'cursor'],
  properties: {
    notes: { type: 'array', maxItems: 30, items: NOTE_SUMMARY },
    hasMore: { type: 'boolean' },
    cursor: { type: ['string', 'null'] },
  },
} as const;

const utterance = {
  type: 'object',
  additionalProperties: false,
  required: ['speaker', 'text', 'start_time', 'end_time'],
  properties: {
    speaker: {
      type: 'object',
      additionalProperties: false,
      required: ['source'],
      properties: { source: { enum: ['microphone', 'speaker'] }, diarization_label: { type: 'string' } },
    },
    text: { type: 'string' },
    start_time: timestamp,
    end_time: timestamp,
  },
} as const;

export const NOTE = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'object',
    'title',
    'owner',
    'created_at',
    'updated_at',
    'web_url',
    'calendar_event',
    'attendees',
    'folder_membership',
    'summary_text',
    'summary_markdown',
  ],
  properties: {
    ...NOTE_SUMMARY.properties,
    web_url: { type: 'string', format: 'uri' },
    calendar_event: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['event_title', 'invitees', 'organiser', 'calendar_event_id', 'scheduled_start_time', 'scheduled_end_time'],
      properties: {
        event_title: { type: ['string', 'null'] },
        invitees: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string' } } } },
        organiser: { type: ['string', 'null'] },
        calendar_event_id: { type: ['string', 'null'] },
        scheduled_start_time: { anyOf: [timestamp, { type: 'null' }] },
        scheduled_end_time: { anyOf: [timestamp, { type: 'null' }] },
      },
    },
    attendees: { type: 'array', items: person },
    folder_membership: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'object', 'name'],
        properties: { id: { type: 'string', pattern: '^fol_[a-zA-Z0-9]{14}$' }, object: { const: 'folder' }, name: { type: 'string' } },
      },
    },
    summary_text: { type: ['string', 'null'] },
    summary_markdown: { type: ['string', 'null'] },
    transcript: { type: 'array', items: utterance },
  },
} as const;

/** The error body of every refusal. */
export const ERROR = { type: 'object', additionalProperties: false, required: ['message'], properties: { message: { type: 'string' } } } as const;
