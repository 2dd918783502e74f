import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import { ERROR_STATUS, statusFor } from '../../src/service/error-status.js';

describe('error status table', () => {
  it('maps every error code of the core, and nothing else', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(statusFor(code)).toBeGreaterThanOrEqual(400);
      expect(statusFor(code)).toBeLessThan(600);
    }
  });

  it('follows the seed and the issue', () => {
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
