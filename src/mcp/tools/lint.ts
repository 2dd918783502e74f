import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { parseRulesText } from '../../inputs/index.js';
import { lintInput } from '../../lint/index.js';
import { planRuleText, ruleTextInput } from '../rule-text.js';
import { answer, errorResult, guarded } from '../tool-result.js';

const lintOutput = {
  rules: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  findings: z.array(z.looseObject({ kind: z.string(), severity: z.string(), line: z.number() })),
  invalid: z.array(z.object({ line: z.number(), message: z.string() })),
  skipped: z.number().int(),
};

/** `lint`: rule text's findings as a whole, offline (`hoplens lint`): loops, chains, duplicates, shadowed rules... */
export function registerLint(server: McpServer): void {
  server.registerTool(
    'lint',
    {
      title: 'Lint redirect rules',
      description:
        'Check redirect rules offline, as a whole: loops, chains, duplicates, rules shadowed by earlier ones, self-redirects; with migration, temporary statuses on permanent moves; with sameHost, targets on another host. Requests nothing.',
      inputSchema: {
        ...ruleTextInput,
        migration: z.boolean().optional().describe('Report temporary statuses (302, 307) on rules that move pages'),
        sameHost: z.boolean().optional().describe('Report targets on another host than their source'),
      },
      outputSchema: lintOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const plan = await planRuleText(args.format, args.baseUrl);
        const loaded = await parseRulesText(plan, args.text);
        if (loaded.inputError !== undefined) return errorResult(loaded.inputError);
        const options = { migration: args.migration, sameHost: args.sameHost, signal: extra.signal };
        const { findings } = await lintInput(plan, loaded, options);
        const errors = findings.filter((finding) => finding.severity === 'error').length;
        return answer({
          rules: loaded.rows.length,
          errors,
          warnings: findings.length - errors,
          findings,
          invalid: loaded.invalid,
          skipped: loaded.skipped.length,
        });
      }),
  );
}
