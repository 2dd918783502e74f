/**
 * What hoplens says about each kind of finding, apart from the detectors that find them: the list of kinds, the
 * severity each is reported with before a policy changes it, and where each is explained (hoplens's own docs/issues.md,
 * or the search engine's page).
 */
export { ISSUE_HELP, withHelp } from './help.js';
export { describeSeverities, ISSUE_SEVERITY } from './severity.js';
