import { type Command, Option } from 'commander';
import { INPUT_FORMATS, REDIRECTS_VARIANTS } from '../inputs/light.js';

/** Words of the input options that differ by command: the argument, and what `--base-url` does for it. */
export interface InputOptionWords {
  /** What `<file>` may be. */
  file: string;
  /** What `--base-url` does (checked live: where paths go; offline: only where rules are). */
  baseUrl?: string;
  /** What `--variant` says. */
  variant?: string;
  /** The command takes several files (`<file...>`): `lint`, as pre-commit hands it every staged rules file. */
  many?: boolean;
}

const BASE_URL = 'make path sources absolute on this site, and move absolute rule sources onto it';
const VARIANT =
  'netlify input: whose _redirects dialect (cloudflare-pages: 302 by default); not check --variants, which requests URL variants';

/**
 * The options of every command reading an input (`check`, `lint`, `fix`, `monitor import`), declared once: `<file>`,
 * `--input`, `--base-url`, `--variant`, `--columns` and `--docroot`, read by planInput (src/inputs/plan.ts).
 */
export function inputOptions(command: Command, words: InputOptionWords): Command {
  return command
    .argument(words.many === true ? '<file...>' : '<file>', words.file)
    .addOption(
      new Option('--input <format>', 'input format (default: detected by name, then content)').choices(INPUT_FORMATS),
    )
    .option('--base-url <url>', words.baseUrl ?? BASE_URL)
    .addOption(new Option('--variant <host>', words.variant ?? VARIANT).choices(REDIRECTS_VARIANTS))
    .option('--columns <roles>', 'CSV input: the columns to read, by header name (source=NAME,target=NAME,status=NAME)')
    .option(
      '--docroot <dir>',
      "nginx input: a folder standing for the server's root, so that a request no rule answers is answered as nginx would (try_files, error_page, a folder's slash)",
    );
}
