import { describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODES } from '../../src/cli/exit-codes.js';
import { ERROR_CODES } from '../../src/core/errors.js';

describe('EXIT_CODES', () => {
  it('maps every error code of the core union, and nothing else', () => {
    expect(Object.keys(EXIT_CODES).sort()).toEqual([...ERROR_CODES].sort());
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
