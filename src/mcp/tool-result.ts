import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isHoplensError } from '../core/index.js';
import type { McpErrorCode } from './errors.js';

/**
 * What a tool answers. A finding is an answer, not an error; a call that could not be done (a bad URL or option, a
 * refused address, malformed rules) is a tool error (`isError`), which MCP tells the model to read and correct
 * rather than a protocol error that ends the call: its text starts with hoplens's stable code.
 */

/** A tool's answer: the structured content its output schema declares, and the same as JSON text for older clients. */
export function answer(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}

/** A tool error of the face's own. */
export function toolError(code: McpErrorCode, message: string, details: Record<string, unknown> = {}): CallToolResult {
  return coded(code, message, details);
}

/** A tool error with its code first, `INVALID_URL: ...`, and its details as JSON on the next line. */
function coded(code: string, message: string, details: Record<string, unknown>): CallToolResult {
  const extra = Object.keys(details).length === 0 ? '' : `\n${JSON.stringify(details)}`;
  return { content: [{ type: 'text', text: `${code}: ${message}${extra}` }], isError: true };
}

/** A thrown error as a tool error: hoplens's own with its code and details, anything else as INTERNAL_ERROR. */
export function errorResult(error: unknown): CallToolResult {
  if (isHoplensError(error)) return coded(error.code, error.message, { ...error.details });
  return toolError('INTERNAL_ERROR', error instanceof Error ? error.message : String(error));
}

/** Runs a tool's body, turning whatever it throws into a tool error, so that no call ends the server. */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return errorResult(error);
  }
}
