import type { CheckFormat } from '../../formats/formatter.js';
import {
  annotations,
  type FixChange,
  findingPath,
  fixCiReport,
  lineLinker,
  logGroup,
  renderCiDocument,
  repositoryPath,
} from '../../formats/index.js';
import type { FixEdit, LoadedRules } from '../../inputs/index.js';
import type { RuleGraph } from '../../lint/index.js';
import { docsUrlSetting } from '../docs-url.js';
import { EXIT } from '../exit-codes.js';
import { fileLine } from '../file-line.js';
import { writeStepSummary } from '../formats/step-summary.js';
import type { CliIo } from '../io.js';
import { Sink } from '../output.js';

/** What `fix --check` reports on. */
export interface FixCheckInput {
  inputName: string;
  inputPath: string;
  loaded: LoadedRules;
  graph: RuleGraph;
  edits: readonly FixEdit[];
}

/** Each edit with the rule it changes, as the file writes it. */
function changesOf({ loaded, graph, edits }: FixCheckInput): FixChange[] {
  const rows = new Map(loaded.rows.map((row) => [row.line, row]));
  // In rule-set order: the input's lines, then each file it names (src/inputs/rule-places.ts).
  return [...edits]
    .sort((a, b) => a.line - b.line)
    .flatMap((edit) => {
      const row = rows.get(edit.line);
      // As lint shows it: a host-qualified rule's destination with its host, a path rule's as a path.
      const final = edit.url === undefined ? edit.path : graph.display(edit.url);
      if (row === undefined || final === undefined) return [];
      const target = row.target === undefined ? '' : graph.display(row.target);
      const place = loaded.places?.locate(edit.line) ?? { line: edit.line };
      return [{ ...place, source: graph.display(row.source), target, final }];
    });
}

/**
 * `hoplens fix --check`: writes nothing, reports each rule `fix` would change (in `format`) and exits 1 when there
 * is one, so that a pull request adding a chain fails on the new line, offline.
 */
export async function fixCheck(input: FixCheckInput, format: CheckFormat, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const path = repositoryPath(input.inputPath, io.env, cwd);
  const lineLink = lineLinker(path, io.env);
  const docsUrl = docsUrlSetting(io.env);
  const links = { ...(lineLink === undefined ? {} : { lineLink }), ...(docsUrl === undefined ? {} : { docsUrl }) };
  const changes = changesOf(input);
  const report = fixCiReport(input.inputName, path, changes);
  const list = changes
    .map((c, i) => `${fileLine(findingPath(input.inputName, c.file), c.line, report.findings[i]!.message)}\n`)
    .join('');
  const summary = `${report.findings.length} rule${report.findings.length === 1 ? '' : 's'} fix would change\n`;
  let text: string;
  if (format === 'table') text = list + summary;
  else if (format === 'github') {
    const group = logGroup(`hoplens fix --check ${input.inputName}`);
    text = `${group.open}${list}${group.close}${summary}${annotations(report)}`;
    await writeStepSummary(io.env.GITHUB_STEP_SUMMARY, renderCiDocument('markdown', report, links));
  } else text = renderCiDocument(format as 'sarif' | 'gitlab' | 'markdown', report, links);
  await new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY }).write(text);
  return report.findings.length > 0 ? EXIT.FAILED : EXIT.OK;
}
