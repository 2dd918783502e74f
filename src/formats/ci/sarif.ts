import { createHash } from 'node:crypto';
import { PACKAGE_VERSION } from '../../core/index.js';
import { informationLink } from '../help-link.js';
import type { CiFinding, CiLevel, CiReport } from './ci-report.js';
import type { CiRuleHelp } from './help-uri.js';

/**
 * A rule's help: a line of text for viewers that show no page, and where it is explained (an absolute URL) when
 * there is a page to link; a rule with none has no `helpUri` (issue 44: never a guessed host).
 */
export type RuleHelp = (rule: string) => CiRuleHelp;

/** What the log may link besides each rule's help: the running hoplens whose `/docs` serves the pages. */
export interface SarifOptions {
  docsUrl?: string;
}

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
 * one rule per finding type with its help, one result per finding on the input file's line. The tool's
 * `informationUri` is the CLI's reference on `options.docsUrl`, absent without it.
 */
export function renderSarif(report: CiReport, help: RuleHelp, options: SarifOptions = {}): string {
  const ruleIds = [...new Set(report.findings.map((finding) => finding.rule))].sort();
  const rules = ruleIds.map((id) => {
    const { uri, text } = help(id);
    return {
      id,
      name: id,
      shortDescription: { text: id.replaceAll('_', ' ') },
      ...(uri === undefined ? {} : { helpUri: uri }),
      help: { text: uri === undefined ? text : `${text} See ${uri}` },
    };
  });
  const information = informationLink(options.docsUrl);
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
            ...(information === undefined ? {} : { informationUri: information }),
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
