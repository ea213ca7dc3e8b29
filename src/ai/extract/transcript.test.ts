import { describe, expect, it } from 'vitest';
import { parseTranscript, utterancesOf } from './transcript.js';

describe('parseTranscript', () => {
  it('reads "Name: text" lines as turns', () => {
    expect(parseTranscript('Caroline: Hi!\n**Melanie**: Hello\nmore of it\nUser: hey')).toEqual([
      { role: 'user', name: 'Caroline', content: 'Hi!' },
      { role: 'user', name: 'Melanie', content: 'Hello\nmore of it' },
      { role: 'user', content: 'hey' },
    ]);
  });

  it('does not take ordinary prose for a transcript', () => {
    expect(parseTranscript('Note: the plan changed.\nWe meet on Friday instead.\nBring snacks.')).toBeNull();
  });
});

describe('utterancesOf', () => {
  it('pairs each speaker with the other party and prefers the turn date', () => {
    const u = utterancesOf({
      text: '',
      documentDate: new Date('2023-05-08T00:00:00Z'),
      turns: [
        { role: 'user', name: 'Caroline', content: 'a' },
        { role: 'user', name: 'Melanie', content: 'b', date: '2023-06-01T10:00:00Z' },
      ],
    });
    expect(u.map((x) => [x.speaker, x.listener, x.date?.toISOString().slice(0, 10), x.turnIndex])).toEqual([
      ['Caroline', 'Melanie', '2023-05-08', 0],
      ['Melanie', 'Caroline', '2023-06-01', 1],
    ]);
  });

  it('skips unnamed assistant, system and tool turns', () => {
    const u = utterancesOf({
      text: '',
      turns: [
        { role: 'system', content: 'be nice' },
        { role: 'user', content: 'I live in Paris' },
        { role: 'assistant', content: 'Noted!' },
        { role: 'tool', content: '{}' },
      ],
    });
    expect(u).toEqual([{ text: 'I live in Paris', speaker: 'the user', listener: null, author: null, date: null, turnIndex: 1 }]);
  });
});
