import { z } from 'zod';
import { INPUT_FORMATS, type InputFormat, type InputPlan, planInput } from '../inputs/index.js';
import { MCP_LIMITS } from './limits.js';

/**
 * Rules given as text in a tool call, planned as `hoplens lint` and `fix` plan a file read offline (src/inputs/
 * plan.ts), with the format named: a call has no file name to detect it by.
 */

/** The rule text's input: the text, bounded, and its format. */
export const ruleTextInput = {
  text: z.string().max(MCP_LIMITS.ruleTextLength).describe('The rules, as the file holds them'),
  format: z
    .enum(INPUT_FORMATS as unknown as [InputFormat, ...InputFormat[]])
    .describe('The format of the text: a rule format (netlify is _redirects, vercel is vercel.json...), csv or list'),
  baseUrl: z
    .string()
    .max(MCP_LIMITS.urlLength)
    .optional()
    .describe(
      'The site the rules are on (http or https), for rules written as paths: check needs it, lint and fix not',
    ),
};

/** The plan of rule text: its format as named, read offline (path rules on a stand-in site unless `baseUrl`). */
export function planRuleText(format: InputFormat, baseUrl: string | undefined): Promise<InputPlan> {
  const flags = baseUrl === undefined ? { input: format } : { input: format, baseUrl };
  return planInput('-', flags, { cwd: process.cwd(), offline: true });
}
