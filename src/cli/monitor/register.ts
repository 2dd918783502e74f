/**
 * Declares `hoplens monitor import` and `hoplens monitor export` on the command tree. Only their flags live here: the
 * commands' code (src/cli/commands/monitor.ts) is imported when one of them runs, so the others never load it.
 */
import type { Command } from 'commander';
import { inputOptions } from '../input-options.js';
import type { CliIo } from '../io.js';
import type { MonitorExportFlags, MonitorImportFlags } from './monitor-plan.js';

/** What both monitor commands say after their options: what they talk to, and examples. */
const MONITOR_ABOUT = `
Talks to a running hoplens service (npm start, hoplens serve) whose HOPLENS_ADMIN_TOKEN is set; the token comes
from --token or the HOPLENS_ADMIN_TOKEN variable. See docs/monitors.md.

Examples:
  $ export HOPLENS_ADMIN_TOKEN=...
  $ hoplens monitor import redirects.csv --interval 600 --label team=web
  $ hoplens monitor import public/_redirects --base-url https://www.example.com --server https://hoplens.example
  $ hoplens monitor export --output monitors.json
`;

const IMPORT_EXITS = `
Exit status of import:
  0    every row is a monitor now (created, or already there with the same URL, target and status)
  1    the service refused some rows (each is told on stderr)
  2    usage or input error: a bad flag, an unreadable file or row, no rows, the service unreachable or the
       token refused
`;

const EXPORT_EXITS = `
Exit status of export:
  0    the monitors were written
  2    usage error: a bad flag, the service unreachable or the token refused, an --output that cannot be written
`;

/** Help text after the options of `hoplens monitor`: both commands' exit statuses. */
const MONITOR_HELP = MONITOR_ABOUT + IMPORT_EXITS + EXPORT_EXITS;

const collect = (value: string, previous: string[] = []) => [...previous, value];

function serviceOptions(command: Command): Command {
  return command
    .option('--server <url>', 'the hoplens service (default: http://localhost:3000)')
    .option('--token <token>', 'its admin token (default: $HOPLENS_ADMIN_TOKEN)');
}

/** Adds `monitor import` and `monitor export` to `root`; their actions set `status.code`. */
export function addMonitorCommand(root: Command, io: CliIo, status: { code: number }): void {
  const monitor = root
    .command('monitor')
    .description("manage a running service's monitors: import them from a check input, export them as JSON")
    .addHelpText('after', MONITOR_HELP);

  serviceOptions(
    inputOptions(
      monitor
        .command('import')
        .description('create a monitor for each row of a CSV, URL list or redirect-rule file not monitored yet'),
      { file: 'any input of `hoplens check`; - reads standard input', variant: 'netlify input: whose _redirects' },
    )
      .option('--interval <s>', 'seconds between runs, 60 to 86400 (default: 3600)')
      .option('--label <key=value>', 'a label on every created monitor (repeatable)', collect),
  )
    .addHelpText('after', MONITOR_ABOUT + IMPORT_EXITS)
    .action(async (file: string, flags: MonitorImportFlags) => {
      const { monitorImportCommand } = await import('../commands/monitor.js');
      status.code = await monitorImportCommand(file, flags, io);
    });

  serviceOptions(
    monitor
      .command('export')
      .description("write the service's monitors as JSON, as GET /api/monitors answers")
      .option('-o, --output <file>', 'write to a file instead of stdout'),
  )
    .addHelpText('after', MONITOR_ABOUT + EXPORT_EXITS)
    .action(async (flags: MonitorExportFlags) => {
      const { monitorExportCommand } = await import('../commands/monitor.js');
      status.code = await monitorExportCommand(flags, io);
    });
}
