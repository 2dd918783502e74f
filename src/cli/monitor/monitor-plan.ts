/**
 * The command lines of `hoplens monitor import` and `export`, turned into what they will do before anything is read
 * or sent: which service, with which token, which input, and what each created monitor carries.
 */
import { type InputFlags, type InputPlan, planInput } from '../../inputs/index.js';
import { INTERVAL } from '../../schemas/monitor.js';
import { integerFlag } from '../analysis-options.js';
import { cliError, invalidFlag } from '../errors.js';

/** Where the service is when `--server` is not given: `npm start`'s default address. */
export const DEFAULT_SERVER = 'http://localhost:3000';

/** Flags shared by both subcommands, as commander hands them over. */
export interface MonitorServiceFlags {
  server?: string;
  token?: string;
}

/** Flags of `hoplens monitor import`. */
export interface MonitorImportFlags extends MonitorServiceFlags, InputFlags {
  interval?: string;
  /** `--label key=value`, repeatable. */
  label?: string[];
}

/** Flags of `hoplens monitor export`. */
export interface MonitorExportFlags extends MonitorServiceFlags {
  output?: string;
}

/** The service to talk to. */
export interface ServiceTarget {
  server: URL;
  token: string;
}

/** What `hoplens monitor import` will do. */
export interface ImportPlan extends ServiceTarget, InputPlan {
  interval?: number;
  labels: Record<string, string>;
}

/** `--server` and the token (`--token`, else `HOPLENS_ADMIN_TOKEN`), or the usage error saying what is missing. */
export function serviceTarget(flags: MonitorServiceFlags, env: Readonly<Record<string, string | undefined>>) {
  const text = flags.server ?? DEFAULT_SERVER;
  let server: URL;
  try {
    server = new URL(text);
  } catch {
    throw invalidFlag('--server', 'must be the http(s) URL of a hoplens service', JSON.stringify(text));
  }
  if (server.protocol !== 'http:' && server.protocol !== 'https:') {
    throw invalidFlag('--server', 'must be the http(s) URL of a hoplens service', JSON.stringify(text));
  }
  const token = (flags.token ?? env.HOPLENS_ADMIN_TOKEN ?? '').trim();
  if (token === '') {
    throw cliError('USAGE_ERROR', "the service's admin token is needed: pass --token or set HOPLENS_ADMIN_TOKEN", {
      flag: '--token',
    });
  }
  return { server, token } satisfies ServiceTarget;
}

/** `key=value` labels, later ones winning; a label without `=` or with an empty name is a usage error. */
export function parseLabels(values: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf('=');
    if (at <= 0) throw invalidFlag('--label', 'must be key=value', JSON.stringify(value));
    labels[value.slice(0, at).trim()] = value.slice(at + 1).trim();
  }
  return labels;
}

/** The plan of `hoplens monitor import FILE`; paths are resolved against `cwd`. */
export async function planImport(
  file: string,
  flags: MonitorImportFlags,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ImportPlan> {
  const input = await planInput(file, flags, { cwd });
  const interval = integerFlag('--interval', flags.interval, INTERVAL.min, INTERVAL.max);
  const plan: ImportPlan = { ...serviceTarget(flags, env), ...input, labels: parseLabels(flags.label ?? []) };
  if (interval !== undefined) plan.interval = interval;
  return plan;
}
