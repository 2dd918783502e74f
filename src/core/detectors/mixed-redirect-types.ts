import type { Detector } from './detector.js';

/** Permanent and temporary redirects in one chain: usually two systems redirecting with different intent. */
export const mixedRedirectTypes: Detector = ({ chain }) => {
  const kinds = new Set(chain.map((hop) => hop.redirectType).filter((kind) => kind !== undefined));
  return kinds.size > 1
    ? [
        {
          type: 'mixed_redirect_types',
          severity: 'info',
          message: 'The chain mixes permanent (301/308) and temporary (302/303/307) redirects',
        },
      ]
    : [];
};
