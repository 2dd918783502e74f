import { createHash } from 'node:crypto';
import { PACKAGE_VERSION } from '../../core/index.js';
import type { CiFinding, CiLevel, CiReport } from './ci-report.js';
import { absoluteHelp } from './help-uri.js';

/** A rule's help: where it is explained (absolute) and a line of text for viewers that show no page. */
export type RuleHelp = (rule: string) => { uri: string; text: string };

/** SARIF's result levels for hoplens's: `note` is SARIF's word for a notice (SARIF 2.1.0 §3.27.10). */
const SARIF_LEVEL: Readonly<Record<CiLevel, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  notice: 'note',
};

/**
 * The fingerprint that follows a finding across commits: its rule, its file and what it is about (a source URL),
 * not its line, so that a rule moved down the file keeps its alert instead of closing one and opening another
 * (SARIF 2.1.0 §3.27.17, partialFingerprints; GitHub code scanning reads them to match alerts).
 */
function fingerprint(finding: CiFinding, path: string | undefined): string {
  return createHash('sha256')
    .update(`${finding.rule}\0${path ?? ''}\0${finding.key}`)
    .digest('hex')
    .slice(0, 32);
}

function location(report: CiReport, finding: CiFinding): object[] {
  const path = finding.path ?? report.path;
  if (path === undefined) return [];
  // SARIF 2.1.0 §3.30.5: startColumn counts UTF-16 code units from 1 by default, as the finding's column does.
  const region =
    finding.column === undefined
      ? { startLine: finding.line }
      : { startLine: finding.line, startColumn: finding.column };
  return [
    {
      physicalLocation: {
        artifactLocation: path.startsWith('/')
          ? { uri: `file://${encodeURI(path)}` }
          : { uri: encodeURI(path), uriBaseId: '%SRCROOT%' },
        region,
      },
    },
  ];
}

/**
 * A SARIF 2.1.0 log of a report (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html): one run,
 * one rule per finding type with its help, one result per finding on the input file's line.
 */
export function renderSarif(report: CiReport, help: RuleHelp): string {
  const ruleIds = [...new Set(report.findings.map((finding) => finding.rule))].sort();
  const rules = ruleIds.map((id) => {
    const { uri, text } = help(id);
    return {
      id,
      name: id,
      shortDescription: { text: id.replaceAll('_', ' ') },
      helpUri: absoluteHelp(uri),
      help: { text: `${text} See ${absoluteHelp(uri)}` },
    };
  });
  const results = report.findings.map((finding) => ({
    ruleId: finding.rule,
    ruleIndex: ruleIds.indexOf(finding.rule),
    level: SARIF_LEVEL[finding.level],
    message: { text: finding.message },
    locations: location(report, finding),
    partialFingerprints: { 'hoplensFinding/v1': fingerprint(finding, finding.path ?? report.path) },
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'hoplens',
            version: PACKAGE_VERSION,
            informationUri: 'https://www.npmjs.com/package/hoplens',
            rules,
          },
        },
        automationDetails: { id: `hoplens/${report.command}/` },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
