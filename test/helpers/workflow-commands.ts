/**
 * Reads GitHub Actions workflow commands back from a log as the runner does (actions/runner,
 * src/Runner.Common/ActionCommand.cs: `::name key=value,key=value::message`, properties split on `,` and `=`,
 * then `%0D`, `%0A`, `%3A`, `%2C` and `%25` decoded in properties, `%0D`, `%0A`, `%25` in the message), so that a
 * test sees what GitHub would show, whatever the writer's escaping. As the runner, it reads a line as a command
 * after leading white space, and reads none between `::stop-commands::TOKEN` and `::TOKEN::`
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#stopping-and-starting-workflow-commands);
 * the stop and resume lines themselves are not returned.
 */
export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

const unescapeData = (text: string) => text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
const unescapeProperty = (text: string) =>
  text
    .replaceAll('%0D', '\r')
    .replaceAll('%0A', '\n')
    .replaceAll('%3A', ':')
    .replaceAll('%2C', ',')
    .replaceAll('%25', '%');

/** Every workflow command of `log`, in order. */
export function parseAnnotations(log: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  let stoppedUntil: string | undefined;
  for (const raw of log.split('\n')) {
    const line = raw.trimStart();
    if (stoppedUntil !== undefined) {
      if (line === `::${stoppedUntil}::`) stoppedUntil = undefined;
      continue;
    }
    if (!line.startsWith('::')) continue;
    const end = line.indexOf('::', 2);
    if (end < 0) continue;
    const head = line.slice(2, end);
    const space = head.indexOf(' ');
    const command = space < 0 ? head : head.slice(0, space);
    const properties: Record<string, string> = {};
    if (space >= 0) {
      for (const pair of head.slice(space + 1).split(',')) {
        const eq = pair.indexOf('=');
        if (eq > 0) properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
      }
    }
    const message = unescapeData(line.slice(end + 2));
    if (command === 'stop-commands') stoppedUntil = message;
    else commands.push({ command, properties, message });
  }
  return commands;
}
