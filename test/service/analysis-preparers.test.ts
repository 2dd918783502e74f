/**
 * The service validates a set of options once and prepares each request's URL under it (issue 33): requests that ask
 * the same options share one preparer, options that fail are refused every time they are asked, and a request's
 * options are all its parameters but `url`, so two requests that differ in any option never share.
 */
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { AnalysisPreparers } from '../../src/service/analysis-preparers.js';
import { analyzePath, appWith } from '../helpers/service.js';

describe('the preparers of the options requests ask', () => {
  it('makes one per set of options, whatever the URLs, and never mixes two sets', () => {
    const analyzer = new Analyzer();
    const made: unknown[] = [];
    const preparers = new AnalysisPreparers((query) => {
      made.push(query);
      return analyzer.preparer({ maxHops: Number(query.maxHops ?? 10) });
    });
    const first = preparers.for({ url: 'https://a.example/' })('https://a.example/');
    const second = preparers.for({ url: 'https://b.example/x' })('https://b.example/x');
    expect([first.url, second.url]).toEqual(['https://a.example/', 'https://b.example/x']);
    expect(second.target.host).toBe('b.example');
    expect(first.options).toBe(second.options);
    const other = preparers.for({ url: 'https://a.example/', maxHops: 3 })('https://a.example/');
    expect(other.options.maxHops).toBe(3);
    expect(first.options.maxHops).toBe(10);
    expect(made).toHaveLength(2);
  });

  it('keeps no set that failed: asked again, it fails again', () => {
    let calls = 0;
    const preparers = new AnalysisPreparers(() => {
      calls++;
      throw new Error('maxHops must be at most 20');
    });
    expect(() => preparers.for({ url: 'https://a.example/', maxHops: 99 })).toThrow('at most 20');
    expect(() => preparers.for({ url: 'https://a.example/', maxHops: 99 })).toThrow('at most 20');
    expect(calls).toBe(2);
  });
});

describe('GET /api/analyze with kept options', () => {
  it('answers each request by its own options and URL: a bad URL or option is still a 400 the second time', async () => {
    const app = await appWith({});
    try {
      for (let round = 0; round < 2; round++) {
        const badUrl = await app.inject({ url: analyzePath({ url: 'not a url' }) });
        expect(badUrl.statusCode).toBe(400);
        expect(badUrl.json().error.code).toBe('INVALID_URL');
        const badHeader = await app.inject({ url: analyzePath({ url: 'https://a.example/', 'header.Host': 'x' }) });
        expect(badHeader.statusCode).toBe(400);
        expect(badHeader.json().error.parameter).toBe('header.Host');
      }
    } finally {
      await app.close();
    }
  });
});
