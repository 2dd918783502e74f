import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { FIX_FORMATS, fixWriter, flatten } from '../../fix/index.js';
import { parseRulesText, unifiedDiff } from '../../inputs/index.js';
import { buildRuleGraph } from '../../lint/index.js';
import { planRuleText, ruleTextInput } from '../rule-text.js';
import { answer, guarded, toolError } from '../tool-result.js';

const fixOutput = {
  text: z.string(),
  diff: z.string(),
  changed: z.number().int(),
  left: z.array(z.looseObject({ line: z.number(), reason: z.string() })),
};

/** The fixed text of rules that parsed whole, or the tool error saying why there is none. */
async function fixed(format: Parameters<typeof planRuleText>[0], baseUrl: string | undefined, text: string) {
  const plan = await planRuleText(format, baseUrl);
  const write = fixWriter(plan);
  if (write === undefined) {
    return toolError('FIX_UNSUPPORTED', `fix does not write ${format} (fix writes ${FIX_FORMATS.join(', ')})`);
  }
  const loaded = await parseRulesText(plan, text);
  const faults = [
    ...loaded.invalid,
    ...(loaded.inputError === undefined ? [] : [{ line: 0, message: loaded.inputError.message }]),
  ];
  // As `hoplens fix`: malformed rules are never rewritten, since what they meant is not known.
  if (faults.length > 0) return toolError('RULES_MALFORMED', 'malformed rules; nothing fixed', { faults });
  const { edits, left } = flatten(buildRuleGraph(loaded.rows, plan.siteOrigin), undefined, loaded.compiled);
  const after = (await write(text, edits)) ?? text;
  return answer({ text: after, diff: unifiedDiff('rules', text, after), changed: edits.length, left });
}

/** `fix`: rule text flattened, each source straight to its final destination (`hoplens fix`); writes no file. */
export function registerFix(server: McpServer): void {
  server.registerTool(
    'fix',
    {
      title: 'Fix redirect rules',
      description:
        "Flatten redirect rules: point each source straight at its final destination, in the rules' own format. Returns the fixed text and a unified diff; writes no file.",
      inputSchema: ruleTextInput,
      outputSchema: fixOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(() => fixed(args.format, args.baseUrl, args.text)),
  );
}
