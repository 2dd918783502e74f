import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseTargetUrl } from '../core/index.js';
import { parseColumnChoice } from './csv/column-choice.js';
import type { ColumnChoice } from './csv/header.js';
import { detectInputFormat } from './detect/detect.js';
import { invalidInputOption } from './errors.js';
import type { RedirectsVariant } from './formats/netlify/line.js';
import { isOrdered, isRuleFormat, needsBaseUrl } from './formats/table.js';
import type { InputFormat, RuleFormat } from './light.js';
import { OFFLINE_SITE } from './offline-site.js';
import { isHttpLocation } from './sitemap/index.js';
import type { InputReadOptions } from './source.js';

export { OFFLINE_SITE } from './offline-site.js';

/** The flags every command reading an input shares (`check`, `lint`, `fix`, `monitor import`). */
export interface InputFlags {
  input?: InputFormat;
  baseUrl?: string;
  /** Whose `_redirects` syntax a netlify input is (`--variant cloudflare-pages`). */
  variant?: RedirectsVariant;
  /** `--columns source=NAME,target=NAME,status=NAME`: a CSV input's columns by name. */
  columns?: string;
  /** `--docroot DIR`: for nginx input, the folder standing for the server's root. */
  docroot?: string;
}

/** How the input is used: checked live (path rules need `--base-url`), or read offline (lint, fix). */
export interface PlanInputOptions {
  /** What relative paths are resolved against. */
  cwd: string;
  /** Read offline: path rules go on {@link OFFLINE_SITE} when no `--base-url` is given, shadowed rules are kept. */
  offline?: boolean;
}

/** An input to read, decided from the command line before it is opened. */
export interface InputPlan {
  /** The file resolved against the working directory, an http(s) URL as given, or `-` for standard input. */
  inputPath: string;
  /** The input as messages name it: the file as typed, or `stdin`. */
  inputName: string;
  inputFormat: InputFormat;
  /** `--base-url` parsed: the site path sources are made absolute on, and absolute rule sources moved onto. */
  baseUrl?: string;
  /** For a netlify input: whose `_redirects` syntax it is. */
  variant?: RedirectsVariant;
  /** `--columns`: a CSV input's columns, named. */
  columns?: ColumnChoice;
  /** What the reader is given: the base URL (or {@link OFFLINE_SITE} offline), the variant, a CSV's columns. */
  readOptions: InputReadOptions;
  /** The origin path rules are made absolute on; URLs on it are shown as paths. */
  siteOrigin?: string;
  /** Whether the first rule for a URL wins, so that a later one is shadowed. */
  ordered: boolean;
}

/** `--base-url` parsed, or the error of a bad one. */
function parsedBaseUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    return parseTargetUrl(text).href;
  } catch {
    // What was given says what is wrong with it (not a URL, not http(s), no host).
    throw invalidInputOption('--base-url', 'must be an absolute http(s) URL', JSON.stringify(text));
  }
}

/** The error of a rule format whose rules are paths checked live without `--base-url`. */
function baseUrlRequired(format: RuleFormat): Error {
  const names: Partial<Record<RuleFormat, string>> = { netlify: '_redirects', vercel: 'vercel.json' };
  const what = names[format] ?? format;
  const article = /^[aeiou]/.test(what) ? 'an' : 'a';
  return invalidInputOption('--base-url', `is required to check ${article} ${what} file (its rules are paths)`);
}

/** `--docroot` resolved, for nginx input only, naming a folder that exists. */
function docrootOf(plan: InputPlan, docroot: string, cwd: string): string {
  if (plan.inputFormat !== 'nginx') throw invalidInputOption('--docroot', 'applies to nginx input only');
  const folder = resolve(cwd, docroot);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw invalidInputOption('--docroot', 'must name a folder', JSON.stringify(docroot));
  return folder;
}

/** The reader's options, from the flags the format accepts; throws for `--variant` or `--columns` on another. */
function readOptionsOf(plan: InputPlan, flags: InputFlags, options: PlanInputOptions): InputReadOptions {
  const offline = options.offline === true;
  const pathRules = !isRuleFormat(plan.inputFormat) || needsBaseUrl(plan.inputFormat);
  const baseUrl = plan.baseUrl ?? (offline && pathRules ? `${OFFLINE_SITE}/` : undefined);
  const read: InputReadOptions = offline ? { keepShadowed: true } : {};
  if (baseUrl !== undefined) read.baseUrl = baseUrl;
  if (flags.variant !== undefined) {
    if (plan.inputFormat !== 'netlify')
      throw invalidInputOption('--variant', 'applies to netlify (_redirects) input only');
    read.variant = plan.variant = flags.variant;
  }
  if (flags.columns !== undefined) {
    if (plan.inputFormat !== 'csv') throw invalidInputOption('--columns', 'applies to CSV input only');
    plan.columns = parseColumnChoice(flags.columns);
    read.csv = { columns: plan.columns };
  }
  if (flags.docroot !== undefined) read.docroot = docrootOf(plan, flags.docroot, options.cwd);
  // A vercel.json names its bulk redirect files relative to its own folder.
  if (plan.inputFormat === 'vercel' && isAbsolute(plan.inputPath)) read.rulesDir = dirname(plan.inputPath);
  return read;
}

/**
 * The one planning of an input, for `check`, `lint`, `fix` and `monitor import`: where it is, its format (detected
 * by name, then by content: src/inputs/detect/detect.ts), and how to read it. Opens nothing but the file's start
 * for detection. Throws `INPUT_OPTION_INVALID` for the first bad flag: `--base-url`, `--variant`, `--columns`, `--docroot`.
 */
export async function planInput(file: string, flags: InputFlags, options: PlanInputOptions): Promise<InputPlan> {
  const local = file !== '-' && !isHttpLocation(file);
  const inputPath = local ? resolve(options.cwd, file) : file;
  const inputFormat = await detectInputFormat(inputPath, flags.input);
  const baseUrl = parsedBaseUrl(flags.baseUrl);
  const offline = options.offline === true;
  if (!offline && baseUrl === undefined && isRuleFormat(inputFormat) && needsBaseUrl(inputFormat)) {
    throw baseUrlRequired(inputFormat);
  }
  const plan: InputPlan = {
    inputPath,
    inputName: file === '-' ? 'stdin' : file,
    inputFormat,
    readOptions: {},
    ordered: isRuleFormat(inputFormat) && isOrdered(inputFormat),
  };
  if (baseUrl !== undefined) plan.baseUrl = baseUrl;
  plan.readOptions = readOptionsOf(plan, flags, options);
  if (plan.readOptions.baseUrl !== undefined) plan.siteOrigin = new URL(plan.readOptions.baseUrl).origin;
  return plan;
}
