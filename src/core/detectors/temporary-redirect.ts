import type { Detector } from './detector.js';

const TEMPORARY = new Set([302, 303, 307]);

/** A 302/303/307 where a permanent redirect (301/308) is usually meant, as in a migration. */
export const temporaryRedirect: Detector = ({ chain }) =>
  chain.flatMap((hop, index) =>
    TEMPORARY.has(hop.status) && hop.headers.location !== undefined
      ? [
          {
            type: 'temporary_redirect' as const,
            severity: 'warning' as const,
            message: `Hop ${index + 1} is a temporary redirect (${hop.status}); use 301 or 308 if the move is permanent`,
            hop: index,
          },
        ]
      : [],
  );
