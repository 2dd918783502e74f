import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../../src/render/index.js';
import { CONFIG_DEFAULTS, ConfigError, loadConfig } from '../../src/service/config.js';
import { tempDir } from '../helpers/cli.js';
import { createTestPki } from '../helpers/tls-certificates.js';

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
      ca: undefined,
      trustProxy: [],
      maxConcurrency: CONFIG_DEFAULTS.HOPLENS_MAX_CONCURRENCY,
      maxQueue: CONFIG_DEFAULTS.HOPLENS_MAX_QUEUE,
      queueTimeoutMs: CONFIG_DEFAULTS.HOPLENS_QUEUE_TIMEOUT_MS,
      analysisTimeoutMs: CONFIG_DEFAULTS.HOPLENS_ANALYSIS_TIMEOUT_MS,
      shutdownGraceMs: CONFIG_DEFAULTS.HOPLENS_SHUTDOWN_GRACE_MS,
      render: false,
      renderConcurrency: 2,
      // The headless shell when installed (.ci/run installs it), else Debian's chromium.
      chromiumPath: chromiumPath({}),
      // Issue 22's bounds on each rendered analysis.
      renderBounds: {
        maxRequests: 100,
        maxParallelRequests: 6,
        maxResponseBytes: 2 * 1024 * 1024,
        maxRenderBytes: 20 * 1024 * 1024,
        maxContextMemory: 512_000_000,
      },
      monitors: {
        adminToken: undefined,
        dataDir: './data',
        databaseUrl: undefined,
        historyDays: 90,
        webhookUrl: undefined,
        slackWebhookUrl: undefined,
        webhookSecret: undefined,
        publicUrl: 'http://localhost:3000',
        smtpUrl: undefined,
        emailFrom: undefined,
        emailTo: undefined,
        alertBlockPrivate: false,
      },
      metrics: { enabled: false, token: undefined },
      mcp: false,
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
      HOPLENS_CHROMIUM: '/opt/chrome/chrome',
      HOPLENS_RENDER_MAX_REQUESTS: '50',
      HOPLENS_RENDER_MAX_PARALLEL_REQUESTS: '2',
      HOPLENS_RENDER_MAX_RESPONSE_BYTES: '65536',
      HOPLENS_RENDER_MAX_BYTES: '1048576',
      HOPLENS_RENDER_MAX_MEMORY_MB: '256',
      HOPLENS_METRICS: 'on',
      HOPLENS_METRICS_TOKEN: 'scrape-token',
      HOPLENS_MCP: 'on',
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
      chromiumPath: '/opt/chrome/chrome',
      renderBounds: {
        maxRequests: 50,
        maxParallelRequests: 2,
        maxResponseBytes: 65536,
        maxRenderBytes: 1048576,
        maxContextMemory: 256_000_000,
      },
      monitors: expect.any(Object),
      metrics: { enabled: true, token: 'scrape-token' },
      mcp: true,
    });
  });

  it('refuses a render bound out of range, naming the variable', () => {
    expect(() => loadConfig({ HOPLENS_RENDER_MAX_REQUESTS: '0' })).toThrow(
      /HOPLENS_RENDER_MAX_REQUESTS: must be an integer/,
    );
    // One response cannot be allowed more than the whole render.
    expect(() =>
      loadConfig({ HOPLENS_RENDER_MAX_BYTES: '1048576', HOPLENS_RENDER_MAX_RESPONSE_BYTES: '2097152' }),
    ).toThrow(/HOPLENS_RENDER_MAX_RESPONSE_BYTES: must be an integer from 1024 to 1048576/);
  });

  it('reads the monitors variables', () => {
    const config = loadConfig({
      PORT: '8080',
      HOPLENS_ADMIN_TOKEN: 's3cret',
      HOPLENS_DATA_DIR: '/var/lib/hoplens',
      DATABASE_URL: 'postgresql://hoplens@db:5432/hoplens',
      HOPLENS_HISTORY_DAYS: '30',
      HOPLENS_WEBHOOK_URL: 'http://10.0.0.5/hook',
      HOPLENS_SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/X',
      HOPLENS_WEBHOOK_SECRET: 'key',
      HOPLENS_SMTP_URL: 'smtp://alerts:pw@mail.example.com:587',
      HOPLENS_ALERT_EMAIL_FROM: 'hoplens@example.com',
      HOPLENS_ALERT_EMAIL_TO: 'ops@example.com, web@example.com',
      HOPLENS_ALERT_BLOCK_PRIVATE: 'on',
    });
    expect(config.monitors).toEqual({
      adminToken: 's3cret',
      dataDir: '/var/lib/hoplens',
      databaseUrl: 'postgresql://hoplens@db:5432/hoplens',
      historyDays: 30,
      webhookUrl: 'http://10.0.0.5/hook',
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/X',
      webhookSecret: 'key',
      publicUrl: 'http://localhost:8080',
      smtpUrl: 'smtp://alerts:pw@mail.example.com:587',
      emailFrom: 'hoplens@example.com',
      emailTo: ['ops@example.com', 'web@example.com'],
      alertBlockPrivate: true,
    });
    expect(Object.isFrozen(config.monitors)).toBe(true);
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
    ['DATABASE_URL', 'mysql://db/hoplens'],
    ['DATABASE_URL', 'not a url'],
    ['HOPLENS_HISTORY_DAYS', '0'],
    ['HOPLENS_WEBHOOK_URL', 'ftp://hooks.example'],
    ['HOPLENS_SLACK_WEBHOOK_URL', 'hooks.slack.com'],
    ['HOPLENS_PUBLIC_URL', 'hoplens.example'],
    ['HOPLENS_SMTP_URL', 'https://mail.example.com'],
    ['HOPLENS_ALERT_EMAIL_TO', 'ops@example.com; web'],
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

describe('HOPLENS_CA_FILE', () => {
  /** Runs `body` with a temporary directory holding `files`, removed afterwards. */
  async function withFiles(files: Record<string, string>, body: (dir: string) => void): Promise<void> {
    const dir = await tempDir();
    try {
      for (const [name, content] of Object.entries(files)) await writeFile(join(dir.path, name), content);
      body(dir.path);
    } finally {
      await dir.remove();
    }
  }

  it('reads every certificate of the PEM file at start-up', async () => {
    const pki = createTestPki('secure.test');
    await withFiles({ 'ca.pem': `${pki.ca}\n${pki.selfSigned.cert}` }, (dir) => {
      const config = loadConfig({ HOPLENS_CA_FILE: join(dir, 'ca.pem') });
      expect(config.ca).toEqual([pki.ca.trim(), pki.selfSigned.cert.trim()]);
      expect(Object.isFrozen(config.ca)).toBe(true);
    });
    // The test PKI makes its RSA keys synchronously: over 30 s on a loaded 2-core CI host (seen once).
  }, 90_000);

  it.each([
    ['a missing file', 'missing.pem', /^HOPLENS_CA_FILE: cannot read .*missing\.pem: no such file$/],
    ['a directory', '.', /^HOPLENS_CA_FILE: cannot read .*: is a directory$/],
    ['a file with no certificate', 'notes.txt', /^HOPLENS_CA_FILE: .*notes\.txt: no PEM certificate in it/],
  ])('refuses %s with a ConfigError naming the variable', async (_name, file, message) => {
    await withFiles({ 'notes.txt': 'not a certificate\n' }, (dir) => {
      let thrown: unknown;
      try {
        loadConfig({ HOPLENS_CA_FILE: join(dir, file) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).variable).toBe('HOPLENS_CA_FILE');
      expect((thrown as ConfigError).message).toMatch(message);
    });
  });
});

describe('HOPLENS_CONFIG', () => {
  async function configWith(content: string | undefined): Promise<unknown> {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'hoplens.config.json');
      if (content !== undefined) await writeFile(file, content);
      return loadConfig({ HOPLENS_CONFIG: file });
    } catch (error) {
      return error;
    } finally {
      await dir.remove();
    }
  }

  it('is unset by default: no policy', () => {
    expect(loadConfig({}).policy).toBeUndefined();
  });

  it('reads and compiles the policy file once, at start-up', async () => {
    const config = (await configWith('{ "severity": { "temporary_redirect": "off" } }')) as ReturnType<
      typeof loadConfig
    >;
    expect(config.policy?.severity).toEqual({ temporary_redirect: 'off' });
  });

  it.each([
    ['a missing file', undefined, /^HOPLENS_CONFIG: cannot read .*hoplens\.config\.json: no such file$/],
    ['a file that is not JSON', '{ severity: ', /^HOPLENS_CONFIG: .*hoplens\.config\.json: is not valid JSON/],
    [
      'a severity that is not one',
      '{ "severity": { "temporary_redirect": "loud" } }',
      /^HOPLENS_CONFIG: .*hoplens\.config\.json: severity\.temporary_redirect: must be one of error, warning, info, off$/,
    ],
  ])('refuses %s with a ConfigError naming the variable, the key and the rule', async (_name, content, message) => {
    const thrown = await configWith(content);
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe('HOPLENS_CONFIG');
    expect((thrown as ConfigError).message).toMatch(message);
  });
});

describe('HOPLENS_METRICS and HOPLENS_METRICS_TOKEN', () => {
  it('turns /metrics on, with or without a token', () => {
    expect(loadConfig({ HOPLENS_METRICS: 'on' }).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ HOPLENS_METRICS: 'ON', HOPLENS_METRICS_TOKEN: 'abc-123_x.y~z+/==' }).metrics).toEqual({
      enabled: true,
      token: 'abc-123_x.y~z+/==',
    });
    expect(Object.isFrozen(loadConfig({}).metrics)).toBe(true);
  });

  it('refuses a switch that is neither on nor off, naming the variable', () => {
    expect(() => loadConfig({ HOPLENS_METRICS: 'yes please' })).toThrow(
      new ConfigError('HOPLENS_METRICS', 'must be on or off, got "yes please"'),
    );
  });

  // A bearer token is RFC 6750's b64token (section 2.1): a space or a quote cannot be sent as one.
  it('refuses a token that cannot be sent as a bearer token', () => {
    expect(() => loadConfig({ HOPLENS_METRICS: 'on', HOPLENS_METRICS_TOKEN: 'two words' })).toThrow(
      /HOPLENS_METRICS_TOKEN: must be one word/,
    );
  });

  it('refuses a token while metrics are off: a scrape would find nothing', () => {
    expect(() => loadConfig({ HOPLENS_METRICS_TOKEN: 'abc' })).toThrow(
      /HOPLENS_METRICS_TOKEN: is set but HOPLENS_METRICS is off/,
    );
  });
});
