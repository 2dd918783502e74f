import { describe, expect, it } from 'vitest';
import { ALL_CLI_ERROR_CODES } from '../../src/cli/errors.js';
import { EXIT, EXIT_CODES } from '../../src/cli/exit-codes.js';
import { ERROR_CODES } from '../../src/core/index.js';

describe('EXIT_CODES', () => {
  it('maps every code of the core and the CLI, and nothing else (no service code)', () => {
    expect(Object.keys(EXIT_CODES).sort()).toEqual([...ALL_CLI_ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(EXIT_CODES).toHaveProperty(code);
    for (const code of ['RATE_LIMITED', 'OVERLOADED', 'NOT_FOUND', 'SHUTTING_DOWN'])
      expect(EXIT_CODES).not.toHaveProperty(code);
  });

  it('gives 2 to usage and input errors, 1 to analysis failures, 130 to Ctrl-C', () => {
    for (const code of ['USAGE_ERROR', 'INPUT_ERROR', 'INVALID_OPTION', 'INVALID_URL'] as const) {
      expect(EXIT_CODES[code]).toBe(EXIT.USAGE);
    }
    for (const code of ['DNS_ERROR', 'CONNECTION_REFUSED', 'TIMEOUT', 'TLS_ERROR', 'BLOCKED_DESTINATION'] as const) {
      expect(EXIT_CODES[code]).toBe(EXIT.FAILED);
    }
    expect(EXIT_CODES.ABORTED).toBe(130);
    expect(EXIT.USAGE).toBe(2);
    expect(EXIT.FAILED).toBe(1);
  });
});
