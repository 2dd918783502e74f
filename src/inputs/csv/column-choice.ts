import { invalidInputOption } from '../errors.js';
import { type ColumnChoice, CSV_ROLES, type CsvRole } from './header.js';

const USAGE = 'must be ROLE=NAME[,ROLE=NAME...] with ROLE one of source, target, status';

/**
 * `--columns source=Old,target=Ziel URL,status=Code`: the CSV columns to read for each role, by their header names
 * (compared as header names are: case, spaces, `_` and `-` do not matter). A name may hold spaces and commas; a
 * comma only separates where the next role begins. An empty name (`target=`) says the role has no column.
 */
export function parseColumnChoice(text: string): ColumnChoice {
  const choice: ColumnChoice = {};
  const roles = CSV_ROLES.join('|');
  for (const part of text.split(new RegExp(`,(?=\\s*(?:${roles})\\s*=)`, 'i'))) {
    const match = new RegExp(`^\\s*(${roles})\\s*=(.*)$`, 'is').exec(part);
    if (match === null) throw invalidInputOption('--columns', USAGE, JSON.stringify(text));
    const role = match[1]!.toLowerCase() as CsvRole;
    if (choice[role] !== undefined) throw invalidInputOption('--columns', `names ${role} twice`, JSON.stringify(text));
    choice[role] = match[2]!.trim();
  }
  if (choice.source === '') throw invalidInputOption('--columns', 'needs a source column', JSON.stringify(text));
  return choice;
}
