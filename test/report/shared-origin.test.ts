/**
 * A report's URLs shown by their paths when a column's rows share one origin (src/report/model/shared-origin.ts),
 * and never a URL cut at a look-alike origin: the origin ends where the URL's path, query or fragment starts.
 */
import { describe, expect, it } from 'vitest';
import { pathOn } from '../../src/report/model/shared-origin.js';

describe('pathOn', () => {
  it('drops the shared origin, keeping path, query and fragment', () => {
    expect(pathOn('https://old.example/blog/post?x=1#top', 'https://old.example')).toBe('/blog/post?x=1#top');
    expect(pathOn('https://old.example', 'https://old.example')).toBe('/');
    expect(pathOn('https://old.example?x', 'https://old.example')).toBe('?x');
  });

  it('leaves a URL on another origin whole, a longer host or port that starts alike included', () => {
    expect(pathOn('https://old.example.com/x', 'https://old.example')).toBe('https://old.example.com/x');
    expect(pathOn('https://old.example:8443/x', 'https://old.example')).toBe('https://old.example:8443/x');
    expect(pathOn('https://new.example/x', 'https://old.example')).toBe('https://new.example/x');
    expect(pathOn('https://old.example/x', undefined)).toBe('https://old.example/x');
  });
});
