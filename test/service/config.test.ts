import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ConfigError, loadConfig } from '../../src/service/config.js';

describe('loadConfig', () => {
  it('gives every default with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      rateLimit: { perMinute: 30, perDay: 3000 },
      redisUrl: undefined,
      allowNetworks: [],
      trustProxy: [],
      maxConcurrency: CONFIG_DEFAULTS.HOPLENS_MAX_CONCURRENCY,
      maxQueue: CONFIG_DEFAULTS.HOPLENS_MAX_QUEUE,
      queueTimeoutMs: CONFIG_DEFAULTS.HOPLENS_QUEUE_TIMEOUT_MS,
      analysisTimeoutMs: CONFIG_DEFAULTS.HOPLENS_ANALYSIS_TIMEOUT_MS,
      shutdownGraceMs: CONFIG_DEFAULTS.HOPLENS_SHUTDOWN_GRACE_MS,
      render: false,
      renderConcurrency: 2,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'WARN',
      HOPLENS_RATE_LIMIT_PER_MINUTE: '5',
      HOPLENS_RATE_LIMIT_PER_DAY: '50',
      REDIS_URL: 'redis://cache:6379/2',
      HOPLENS_ALLOW_NETWORKS: '10.0.0.0/8, 192.168.1.7 ,fd00::/8',
      HOPLENS_TRUST_PROXY: '172.16.0.0/12',
      HOPLENS_MAX_CONCURRENCY: '7',
      HOPLENS_MAX_QUEUE: '0',
      HOPLENS_QUEUE_TIMEOUT_MS: '250',
      HOPLENS_ANALYSIS_TIMEOUT_MS: '5000',
      HOPLENS_SHUTDOWN_GRACE_MS: '1500',
      HOPLENS_RENDER: 'ON',
      HOPLENS_RENDER_CONCURRENCY: '3',
    });
    // Networks are parsed once, here; their canonical text is what a person wrote, normalised.
    expect(config.allowNetworks.map((network) => network.text)).toEqual(['10.0.0.0/8', '192.168.1.7/32', 'fd00::/8']);
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'warn',
      rateLimit: { perMinute: 5, perDay: 50 },
      redisUrl: 'redis://cache:6379/2',
      allowNetworks: expect.any(Array),
      trustProxy: ['172.16.0.0/12'],
      maxConcurrency: 7,
      maxQueue: 0,
      queueTimeoutMs: 250,
      analysisTimeoutMs: 5000,
      shutdownGraceMs: 1500,
      render: true,
      renderConcurrency: 3,
    });
  });

  it('is frozen, nested objects included', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.rateLimit)).toBe(true);
    expect(Object.isFrozen(config.allowNetworks)).toBe(true);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '  ', HOPLENS_RATE_LIMIT_PER_MINUTE: '' })).toMatchObject({
      port: 3000,
      redisUrl: undefined,
      rateLimit: { perMinute: 30 },
    });
  });

  it.each([
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', 'abc'],
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', '0'],
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', '1e3'],
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', '30abc'],
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', '-5'],
    ['HOPLENS_RATE_LIMIT_PER_MINUTE', '2.5'],
    ['HOPLENS_RATE_LIMIT_PER_DAY', 'lots'],
    ['PORT', '65536'],
    ['PORT', '0x50'],
    ['HOPLENS_MAX_CONCURRENCY', '0'],
    ['HOPLENS_MAX_QUEUE', '-1'],
    ['HOPLENS_QUEUE_TIMEOUT_MS', 'soon'],
    ['HOPLENS_ANALYSIS_TIMEOUT_MS', '10'],
    ['HOPLENS_SHUTDOWN_GRACE_MS', '1.5'],
    ['LOG_LEVEL', 'verbose'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_URL', 'not a url'],
    ['HOPLENS_ALLOW_NETWORKS', '10.0.0.0/8,intranet'],
    ['HOPLENS_ALLOW_NETWORKS', '10.0.0.0/33'],
    ['HOPLENS_TRUST_PROXY', 'proxy.example'],
    ['HOPLENS_RENDER', 'maybe'],
    ['HOPLENS_RENDER_CONCURRENCY', '0'],
  ])('refuses %s=%j with a message naming the variable', (variable, value) => {
    let caught: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as ConfigError).message).toMatch(new RegExp(`^${variable}: `));
  });

  it('says what an integer variable must be', () => {
    expect(() => loadConfig({ HOPLENS_RATE_LIMIT_PER_MINUTE: 'abc' })).toThrow(
      'HOPLENS_RATE_LIMIT_PER_MINUTE: must be an integer from 1 to 10000000, got "abc"',
    );
  });
});
