import { describe, expect, it } from 'vitest';
import { SessionTable } from './session-table.js';

function table(caps: { perKey: number; total: number; idleMs: number }) {
  let now = 0;
  const removed: string[] = [];
  const sessions = new SessionTable<string>(
    caps,
    (value) => removed.push(value),
    () => now,
  );
  return { sessions, removed, advance: (ms: number) => void (now += ms) };
}

describe('SessionTable', () => {
  it('answers a session only to the key that holds it', () => {
    const { sessions } = table({ perKey: 5, total: 10, idleMs: 1000 });
    sessions.add('s1', 'key-a', 'a1');
    expect(sessions.get('s1', 'key-a')).toBe('a1');
    expect(sessions.get('s1', 'key-b')).toBeUndefined();
  });

  it('a key at its cap gives up its own least recently used session, never another key’s', () => {
    const { sessions, removed } = table({ perKey: 2, total: 10, idleMs: 1000 });
    sessions.add('b1', 'key-b', 'b1');
    sessions.add('a1', 'key-a', 'a1');
    sessions.add('a2', 'key-a', 'a2');
    sessions.get('a1', 'key-a');
    sessions.add('a3', 'key-a', 'a3');
    expect(removed).toEqual(['a2']);
    expect(sessions.get('a1', 'key-a')).toBe('a1');
    expect(sessions.get('a3', 'key-a')).toBe('a3');
    expect(sessions.get('b1', 'key-b')).toBe('b1');
  });

  it('a full process has no room, however many sessions one key holds, and removes nobody for it', () => {
    const { sessions, removed } = table({ perKey: 3, total: 4, idleMs: 1000 });
    sessions.add('b1', 'key-b', 'b1');
    for (const id of ['a1', 'a2', 'a3']) sessions.add(id, 'key-a', id);
    expect(sessions.hasRoom(1)).toBe(false);
    expect(removed).toEqual([]);
    expect(sessions.get('b1', 'key-b')).toBe('b1');
    sessions.delete('a1');
    expect(sessions.hasRoom(1)).toBe(true);
    expect(sessions.hasRoom(2)).toBe(false);
  });

  it('idle sessions expire, and a use keeps a session alive', () => {
    const { sessions, removed, advance } = table({ perKey: 5, total: 2, idleMs: 1000 });
    sessions.add('a1', 'key-a', 'a1');
    sessions.add('b1', 'key-b', 'b1');
    advance(600);
    sessions.get('b1', 'key-b');
    advance(600);
    expect(sessions.get('a1', 'key-a')).toBeUndefined();
    expect(sessions.get('b1', 'key-b')).toBe('b1');
    expect(removed).toEqual(['a1']);
  });

  it('a full process makes room by removing expired sessions only', () => {
    const { sessions, removed, advance } = table({ perKey: 5, total: 2, idleMs: 1000 });
    sessions.add('a1', 'key-a', 'a1');
    advance(900);
    sessions.add('b1', 'key-b', 'b1');
    advance(200);
    expect(sessions.hasRoom(1)).toBe(true);
    expect(removed).toEqual(['a1']);
    expect(sessions.size).toBe(1);
  });
});
