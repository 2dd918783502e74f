import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/index.js';
import { ERROR_STATUS, statusFor } from '../../src/service/error-status.js';
import { ALL_SERVICE_ERROR_CODES } from '../../src/service/errors.js';

describe('error status table', () => {
  it('maps every code of the core and the service, and nothing else (no CLI code)', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ALL_SERVICE_ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS).toHaveProperty(code);
    for (const code of ['USAGE_ERROR', 'INPUT_ERROR', 'OUTPUT_ERROR']) expect(ERROR_STATUS).not.toHaveProperty(code);
    for (const code of ALL_SERVICE_ERROR_CODES) {
      expect(statusFor(code)).toBeGreaterThanOrEqual(400);
      expect(statusFor(code)).toBeLessThan(600);
    }
  });

  it('gives each code its documented status (README.md, "Errors")', () => {
    for (const code of ['INVALID_URL', 'INVALID_OPTION', 'INVALID_PARAMETER', 'BLOCKED_DESTINATION'] as const) {
      expect(statusFor(code)).toBe(400);
    }
    expect(statusFor('RATE_LIMITED')).toBe(429);
    for (const code of [
      'TIMEOUT',
      'DNS_ERROR',
      'CONNECTION_REFUSED',
      'CONNECTION_RESET',
      'TLS_ERROR',
      'PROTOCOL_ERROR',
      'RESPONSE_TOO_LARGE',
      'NETWORK_ERROR',
      'INTERNAL_ERROR',
    ] as const) {
      expect(statusFor(code)).toBe(500);
    }
    expect(statusFor('OVERLOADED')).toBe(503);
    expect(statusFor('SHUTTING_DOWN')).toBe(503);
    expect(statusFor('NOT_FOUND')).toBe(404);
    expect(statusFor('METHOD_NOT_ALLOWED')).toBe(405);
  });
});
