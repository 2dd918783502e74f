/**
 * The option table (src/core/portable/option-table.ts) is the one declaration of the analysis options: the library's
 * DEFAULTS, LIMITS and normalizeOptions, the API's query schema, the CLI's flags and help, and the page's defaults are
 * all read from it. These tests hold each of them to the table, row by row, and show that a changed row changes all.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAnalysisOptions } from '../../src/cli/analysis-options.js';
import {
  API_HEADER_PREFIX,
  API_HEADERS,
  DEFAULTS,
  LIMITS,
  normalizeOptions,
  OPTION_TABLE,
  type OptionName,
  optionSpec,
  QUERY_OPTIONS,
} from '../../src/core/index.js';
import { AnalyzeQuerySchema } from '../../src/schemas/analyze-query.js';
import { MonitorOptionsSchema } from '../../src/schemas/monitor.js';
import * as page from '../../src/web/client/query-params.js';

const NAMES = Object.keys(OPTION_TABLE) as OptionName[];

/** The commander option of a flag, by its long name. */
function cliOption(command: Command, flag: string) {
  const long = flag.split(' ')[0];
  const option = command.options.find((candidate) => candidate.long === long);
  if (option === undefined) throw new Error(`no ${long} flag`);
  return option;
}

describe('the option table', () => {
  it('is what DEFAULTS, LIMITS and normalizeOptions say', () => {
    const normalized = normalizeOptions({}) as unknown as Record<string, unknown>;
    for (const name of NAMES) {
      const spec = optionSpec(name);
      expect(DEFAULTS[name], name).toBe(spec.default);
      expect(normalized[name], name).toBe(spec.default);
      if (spec.kind !== 'integer') continue;
      expect(LIMITS[name as keyof typeof LIMITS]).toEqual({ min: spec.min, max: spec.max });
      expect(normalizeOptions({ [name]: spec.min })[name]).toBe(spec.min);
      expect(normalizeOptions({ [name]: spec.max })[name]).toBe(spec.max);
      for (const outside of [spec.min - 1, spec.max + 1]) {
        expect(() => normalizeOptions({ [name]: outside }), `${name} ${outside}`).toThrow(
          `must be an integer from ${spec.min} to ${spec.max}`,
        );
      }
    }
    expect(LIMITS.userAgentLength).toBe(OPTION_TABLE.userAgent.maxLength);
  });

  it("is the API's query schema: every query parameter's type, range, default and description", () => {
    const properties = AnalyzeQuerySchema.properties as unknown as Record<string, Record<string, unknown>>;
    // Then the allowed request headers' parameters (src/core/portable/api-headers.ts), which are not options.
    const headers = API_HEADERS.map((header) => `${API_HEADER_PREFIX}${header.name}`);
    expect(Object.keys(properties)).toEqual(['url', ...QUERY_OPTIONS, ...headers]);
    for (const name of QUERY_OPTIONS) {
      const spec = optionSpec(name);
      const property = properties[name]!;
      expect(property.description, name).toBe(spec.query);
      if (spec.kind === 'integer') {
        expect(property, name).toMatchObject({ type: 'integer', minimum: spec.min, maximum: spec.max });
      }
      if (spec.kind === 'choice') expect(property.enum, name).toEqual(spec.values);
      if (spec.kind === 'switch') expect(property.type, name).toBe('boolean');
      if (spec.kind === 'header') expect(property, name).toMatchObject({ type: 'string', maxLength: spec.maxLength });
      if (spec.kind !== 'header') expect(property.default, name).toBe(spec.default);
    }
  });

  it("is the CLI's flags: each row's flag, with its range and default in the help", () => {
    const command = addAnalysisOptions(new Command('hoplens'));
    for (const name of NAMES) {
      const spec = optionSpec(name);
      if (spec.cli === undefined) continue;
      const option = cliOption(command, spec.cli.flag);
      expect(option.flags, name).toBe(spec.cli.flag);
      expect(option.description.startsWith(spec.cli.help), name).toBe(true);
      if (spec.kind === 'integer') {
        expect(option.description, name).toContain(`${spec.min}-${spec.max} (default: ${spec.default})`);
      }
      if (spec.kind === 'header') expect(option.description, name).toContain(`(default: "${spec.default}")`);
      if (spec.kind === 'choice' && spec.cli.choices === true) expect(option.argChoices, name).toEqual(spec.values);
    }
  });

  it("is the page's defaults: an address naming only a URL holds the table's defaults", () => {
    expect(page.paramsFromSearch('?url=https://example.com/')).toEqual({
      url: 'https://example.com/',
      maxHops: String(DEFAULTS.maxHops),
      timeout: String(DEFAULTS.timeout),
      userAgent: '',
      clientRedirects: DEFAULTS.clientRedirects,
      asBrowser: String(DEFAULTS.asBrowser),
      render: String(DEFAULTS.render),
      renderWait: String(DEFAULTS.renderWait),
      crawler: DEFAULTS.crawler,
    });
  });
});

describe('the docs', () => {
  const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8').split('\n');
  /** The table row of a doc that starts with `cell` (`` | `maxHops` ``). */
  const row = (lines: string[], cell: string) => lines.find((line) => line.startsWith(`| ${cell}`)) ?? '';

  it("give each integer option's default and range as the table does (library, API and CLI)", () => {
    const [library, api, cli] = [doc('library.md'), doc('api.md'), doc('cli.md')];
    for (const name of NAMES) {
      const spec = optionSpec(name);
      if (spec.kind !== 'integer') continue;
      const range = `${spec.min}–${spec.max}`;
      expect(row(library, `\`${name}\``), name).toMatch(new RegExp(`\`${spec.default}\`.*${range}`));
      if (spec.query !== undefined)
        expect(row(api, `\`${name}\``), name).toMatch(new RegExp(`\`${spec.default}\`.*${range}`));
      if (spec.cli !== undefined) {
        expect(row(cli, `\`${spec.cli.flag}\``), name).toMatch(new RegExp(`${range}.*\\(default ${spec.default}\\)`));
      }
    }
  });

  it("give each option's default in the library's table", () => {
    const library = doc('library.md');
    for (const name of NAMES) expect(row(library, `\`${name}\``), name).toContain(`\`${DEFAULTS[name]}\``);
  });
});

describe('a changed row', () => {
  afterEach(() => {
    vi.doUnmock('../../src/core/portable/option-table.js');
    vi.resetModules();
  });

  it('changes the library, the query schema, the CLI help and the page together', async () => {
    vi.resetModules();
    vi.doMock('../../src/core/portable/option-table.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../src/core/portable/option-table.js')>();
      const renderWait = { ...original.OPTION_TABLE.renderWait, default: 4500, max: 12_000 };
      const table = { ...original.OPTION_TABLE, renderWait };
      return { ...original, OPTION_TABLE: table, optionSpec: (name: OptionName) => table[name] };
    });
    const core = await import('../../src/core/index.js');
    const schema = await import('../../src/schemas/analyze-query.js');
    const cli = await import('../../src/cli/analysis-options.js');
    const pageParams = await import('../../src/web/client/query-params.js');

    expect(core.DEFAULTS.renderWait).toBe(4500);
    expect(core.LIMITS.renderWait).toEqual({ min: 0, max: 12_000 });
    expect(core.normalizeOptions({ renderWait: 12_000 }).renderWait).toBe(12_000);
    expect(schema.AnalyzeQuerySchema.properties.renderWait).toMatchObject({ maximum: 12_000, default: 4500 });
    const help = cliOption(cli.addAnalysisOptions(new Command('hoplens')), '--render-wait').description;
    expect(help).toContain('0-12000 (default: 4500)');
    expect(pageParams.DEFAULT_RENDER_WAIT).toBe('4500');
  });
  it("changes a monitor's options with the table (src/schemas/monitor-options.ts)", async () => {
    vi.resetModules();
    vi.doMock('../../src/core/portable/option-table.js', async (importOriginal) => {
      const original = await importOriginal<typeof import('../../src/core/portable/option-table.js')>();
      const renderWait = { ...original.OPTION_TABLE.renderWait, max: 12_000 };
      const table = { ...original.OPTION_TABLE, renderWait };
      return { ...original, OPTION_TABLE: table, optionSpec: (name: OptionName) => table[name] };
    });
    const monitor = await import('../../src/schemas/monitor.js');
    expect(monitor.MonitorOptionsSchema.properties.renderWait).toMatchObject({ minimum: 0, maximum: 12_000 });
  });
});

describe("a monitor's options", () => {
  // The schema as it was written by hand beside the table, before it was derived from it: the API's monitor routes
  // serve it (OpenAPI, validation, and the answers' serialiser, which writes the clientRedirects default).
  const HAND_WRITTEN = {
    type: 'object',
    properties: {
      userAgent: {
        type: 'string',
        minLength: 1,
        maxLength: 512,
      },
      maxHops: {
        type: 'integer',
        minimum: 1,
        maximum: 20,
      },
      timeout: {
        type: 'integer',
        minimum: 1000,
        maximum: 30000,
      },
      clientRedirects: {
        enum: ['follow', 'report'],
        default: 'follow',
      },
      render: {
        type: 'boolean',
        description: 'Only where the instance renders (`HOPLENS_RENDER=on`)',
      },
      renderWait: {
        type: 'integer',
        minimum: 0,
        maximum: 10000,
      },
      crawler: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        description:
          'The crawler the destination is judged for, by its product token (RFC 9309 §2.2.1): the robots.txt group read, and the `X-Robots-Tag` and robots meta rules naming it. Letters, `-` and `_`, 1 to 64. The User-Agent sent is `userAgent`; `summary.crawler` says which crawler was used',
      },
    },
    additionalProperties: false,
  };

  it('are derived from the table, the same schema as the hand-written one', () => {
    expect(JSON.parse(JSON.stringify(MonitorOptionsSchema))).toStrictEqual(HAND_WRITTEN);
  });
});
