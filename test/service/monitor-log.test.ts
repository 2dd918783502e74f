/**
 * What the monitors' log lines keep of an alert's receiver. An incoming-webhook URL's path is its credential: Slack's
 * "keep your webhook URL secret" (https://api.slack.com/messaging/webhooks) and Discord's
 * `/api/webhooks/{id}/{token}` (https://discord.com/developers/docs/resources/webhook) both put it there.
 */
import { describe, expect, it } from 'vitest';
import { loggableDestination, scrubbed } from '../../src/service/monitor-log.js';

const SLACK = 'https://hooks.slack.com/services/T0001/B0002/secretkey3';
const DISCORD = 'https://user:pass@discord.example/api/webhooks/123/tok-en?wait=true';

describe('loggableDestination', () => {
  it('keeps the origin only: no path, query, user name or password', () => {
    expect(loggableDestination(SLACK)).toBe('https://hooks.slack.com');
    expect(loggableDestination(DISCORD)).toBe('https://discord.example');
    expect(loggableDestination('not a url')).toBe('unparsable URL');
  });
});

describe('scrubbed', () => {
  it('takes the URL, and its path, out of an error message that quotes them', () => {
    expect(scrubbed(`request to ${SLACK} failed: 404`, SLACK)).toBe('request to <alert URL> failed: 404');
    const text = scrubbed('GET /api/webhooks/123/tok-en?wait=true answered 401', DISCORD);
    expect(text).not.toContain('tok-en');
    expect(text).toBe('GET <path> answered 401');
  });

  it('leaves a message that quotes neither as it is', () => {
    expect(scrubbed('connect ECONNREFUSED 127.0.0.1:9', SLACK)).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
});
