import { readFileSync } from 'node:fs';

export interface LocomoTurn {
  diaId: string;
  speaker: string;
  text: string;
  /** What is stored: the speaker's name, the words, and the caption of a shared photo. */
  content: string;
}

export interface LocomoSession {
  number: number;
  date: Date | null;
  turns: LocomoTurn[];
}

export interface LocomoQuestion {
  question: string;
  answer: string;
  evidence: string[];
  category: 1 | 2 | 3 | 4;
}

export interface LocomoSample {
  sampleId: string;
  speakers: [string, string];
  sessions: LocomoSession[];
  questions: LocomoQuestion[];
}

export const CATEGORY_NAMES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → a UTC date. */
export function parseSessionDate(text: string | undefined): Date | null {
  const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text ?? '');
  if (!match) return null;
  const [, h, m, ampm, day, monthName, year] = match;
  const month = MONTHS.indexOf(monthName.toLowerCase());
  if (month < 0) return null;
  const hour = (Number(h) % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(year), month, Number(day), hour, Number(m)));
}

/** The scored subset: categories 1–4 (category 5 is adversarial, with no evidence to find). */
export function loadLocomo(path: string): LocomoSample[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as {
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: { question: string; answer?: string | number; evidence?: string[]; category: number }[];
  }[];
  return raw.map((sample) => {
    const conversation = sample.conversation;
    const sessions = Object.keys(conversation)
      .filter((key) => /^session_\d+$/.test(key))
      .map((key) => {
        const number = Number(key.split('_')[1]);
        const turns = (conversation[key] as { speaker: string; dia_id: string; text: string; blip_caption?: string }[]).map((t) => ({
          diaId: t.dia_id,
          speaker: t.speaker,
          text: t.text,
          content: `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo of ${t.blip_caption}]` : ''}`,
        }));
        return { number, date: parseSessionDate(conversation[`${key}_date_time`] as string | undefined), turns };
      })
      .sort((a, b) => a.number - b.number);
    return {
      sampleId: sample.sample_id,
      speakers: [conversation.speaker_a as string, conversation.speaker_b as string],
      sessions,
      questions: sample.qa
        .filter((q) => q.category >= 1 && q.category <= 4)
        .map((q) => ({ question: q.question, answer: String(q.answer ?? ''), evidence: q.evidence ?? [], category: q.category as 1 | 2 | 3 | 4 })),
    };
  });
}
