import { resolve } from 'node:path';
import { parseTargetUrl } from '../../core/index.js';
import { isOrdered, needsBaseUrl, type RedirectsVariant } from '../../inputs/index.js';
import { invalidFlag } from '../errors.js';
import { parseColumnChoice } from '../inputs/column-choice.js';
import { detectInputFormat, type InputFormat, type InputReadOptions, isRuleFormat } from '../inputs/source.js';

/**
 * The site path rules are placed on when no `--base-url` is given: lint and fix read rules offline, so any origin
 * does, and a reserved name (RFC 2606 `.invalid`) can never be mistaken for a real one. It is shown as paths.
 */
export const OFFLINE_SITE = 'https://rules.invalid';

/** The flags `hoplens lint` and `hoplens fix` share with `hoplens check` for reading a rules file. */
export interface RuleFileFlags {
  input?: InputFormat;
  baseUrl?: string;
  variant?: RedirectsVariant;
  /** `--columns source=NAME,target=NAME,status=NAME`: a CSV input's columns by name. */
  columns?: string;
}

/** A rules file to read offline, decided from the command line before it is opened. */
export interface RuleFilePlan {
  /** The file resolved against the working directory, or `-` for standard input. */
  inputPath: string;
  /** The file as messages name it. */
  inputName: string;
  inputFormat: InputFormat;
  /**
   * What the reader is given: the base URL (`--base-url`, or {@link OFFLINE_SITE} for path rules), the variant, a
   * CSV's columns (`--columns`).
   */
  readOptions: InputReadOptions;
  /** The origin path rules are made absolute on; URLs on it are shown as paths. */
  siteOrigin?: string;
  /** Whether `--base-url` was given (a `check` report's URLs are on it). */
  givenBaseUrl: boolean;
  /** Whether the first rule for a URL wins, so that a later one is shadowed. */
  ordered: boolean;
}

/** Reads the shared flags; throws the usage error of a bad `--base-url` or a `--variant` on another format. */
export function planRuleFile(file: string, flags: RuleFileFlags, cwd: string): RuleFilePlan {
  const inputFormat = detectInputFormat(file, flags.input);
  let baseUrl: string | undefined;
  if (flags.baseUrl !== undefined) {
    try {
      baseUrl = parseTargetUrl(flags.baseUrl).href;
    } catch {
      throw invalidFlag('--base-url', 'must be an absolute http(s) URL', JSON.stringify(flags.baseUrl));
    }
  }
  const pathRules = !isRuleFormat(inputFormat) || needsBaseUrl(inputFormat);
  if (baseUrl === undefined && pathRules) baseUrl = `${OFFLINE_SITE}/`;
  const readOptions: InputReadOptions = { keepShadowed: true };
  if (flags.columns !== undefined) {
    if (inputFormat !== 'csv') throw invalidFlag('--columns', 'applies to CSV input only');
    readOptions.csv = { columns: parseColumnChoice(flags.columns) };
  }
  if (baseUrl !== undefined) readOptions.baseUrl = baseUrl;
  if (flags.variant !== undefined) {
    if (inputFormat !== 'netlify') throw invalidFlag('--variant', 'applies to netlify (_redirects) input only');
    readOptions.variant = flags.variant;
  }
  const plan: RuleFilePlan = {
    inputPath: file === '-' ? '-' : resolve(cwd, file),
    inputName: file === '-' ? 'stdin' : file,
    inputFormat,
    readOptions,
    givenBaseUrl: flags.baseUrl !== undefined,
    ordered: isRuleFormat(inputFormat) && isOrdered(inputFormat),
  };
  if (baseUrl !== undefined) plan.siteOrigin = new URL(baseUrl).origin;
  return plan;
}
