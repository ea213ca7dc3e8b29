import type { SourceItem } from '../types.js';
import type { Note, Person } from './api.js';

const person = (p: Person) => (p.name && p.email ? `${p.name} <${p.email}>` : (p.name ?? p.email ?? ''));
const clock = (iso: string | undefined) => (iso ? iso.slice(11, 19) : '');

/** Who spoke: the label the service gives, else the note's owner for the microphone and "Speaker" for the rest. */
function speaker(note: Note, source: string | undefined, label: string | undefined): string {
  if (label) return label;
  return source === 'microphone' ? (note.owner?.name ?? 'Me') : 'Speaker';
}

/** A meeting as one markdown document: when and who, the summary, then the transcript. */
export function meetingItem(note: Note): SourceItem {
  const title = note.title?.trim() || 'Untitled meeting';
  const event = note.calendar_event ?? {};
  const attendees = (note.attendees ?? []).map(person).filter(Boolean);
  const start = event.scheduled_start_time ?? note.created_at;
  const facts = [
    `- **When**: ${start}${event.scheduled_end_time ? ` – ${event.scheduled_end_time}` : ''}`,
    ...(attendees.length ? [`- **Attendees**: ${attendees.join(', ')}`] : []),
    ...(event.organiser ? [`- **Organiser**: ${event.organiser}`] : []),
  ];
  const summary = (note.summary_markdown ?? note.summary_text ?? '').trim();
  const transcript = (note.transcript ?? [])
    .filter((u) => u.text?.trim())
    .map((u) => `**${speaker(note, u.speaker?.source, u.speaker?.diarization_label)}** (${clock(u.start_time)}): ${u.text!.trim()}`);
  const text = [`# ${title}`, facts.join('\n'), summary && `## Summary\n\n${summary}`, transcript.length > 0 && `## Transcript\n\n${transcript.join('\n\n')}`]
    .filter(Boolean)
    .join('\n\n');
  const folders = (note.folder_membership ?? []).map((f) => f.name ?? '').filter(Boolean);
  return {
    externalId: note.id,
    version: note.updated_at ?? note.created_at,
    title,
    url: note.web_url ?? null,
    filepath: `/${folders[0] ? `${folders[0].replace(/\//g, '∕')}/` : ''}${title.replace(/\//g, '∕')}`,
    type: 'granola',
    body: { text: `${text}\n`, mediaType: 'text/markdown' },
    metadata: {
      attendees: (note.attendees ?? []).map((a) => a.email ?? '').filter(Boolean),
      folders,
      startTime: start,
      ...(event.calendar_event_id && { calendarEventId: event.calendar_event_id }),
    },
    updatedAt: new Date(note.updated_at ?? note.created_at),
  };
}
