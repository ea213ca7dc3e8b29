import { describe, expect, it } from 'vitest';
import { readRobotsTag } from './robots-tag.js';

describe('X-Robots-Tag', () => {
  it('reads the directives for every agent and for ours, case aside', () => {
    expect(readRobotsTag(null, 'engram')).toEqual({ noindex: false, nofollow: false });
    expect(readRobotsTag('NoIndex', 'engram')).toEqual({ noindex: true, nofollow: false });
    expect(readRobotsTag('noarchive, nofollow', 'engram')).toEqual({ noindex: false, nofollow: true });
    expect(readRobotsTag('none', 'engram')).toEqual({ noindex: true, nofollow: true });
    expect(readRobotsTag('Engram: noindex', 'engram')).toEqual({ noindex: true, nofollow: false });
  });

  it('leaves what is said to another agent, up to the next agent named', () => {
    expect(readRobotsTag('googlebot: noindex, nofollow', 'engram')).toEqual({ noindex: false, nofollow: false });
    expect(readRobotsTag('googlebot: noindex, engram: nofollow', 'engram')).toEqual({ noindex: false, nofollow: true });
  });

  it('takes a directive with a value for a directive, not an agent', () => {
    expect(readRobotsTag('unavailable_after: 25 Jun 2040 15:00:00 PST, noindex', 'engram')).toEqual({ noindex: true, nofollow: false });
    expect(readRobotsTag('max-snippet: 20', 'engram')).toEqual({ noindex: false, nofollow: false });
  });
});
