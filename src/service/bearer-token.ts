import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request carries `Authorization: Bearer <token>` (RFC 6750 section 2.1), compared in constant time: the
 * digests of the given and expected tokens have equal lengths whatever the token's. Used by the monitors' API (the
 * admin token) and `/metrics` (the metrics token).
 */
export function bearerCheck(token: string): (request: FastifyRequest) => boolean {
  const expected = digest(token);
  return (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
  };
}
