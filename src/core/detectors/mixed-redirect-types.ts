import type { Detector } from './detector.js';

/**
 * Permanent and temporary HTTP redirects in one chain: usually two systems redirecting with different intent. Client
 * redirects have findings of their own (meta_refresh, javascript_redirect).
 */
export const mixedRedirectTypes: Detector = ({ chain }) => {
  const kinds = new Set(chain.filter((hop) => hop.redirectVia === 'http').map((hop) => hop.redirectType));
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
