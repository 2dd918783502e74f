import type { Detector } from './detector.js';

/** The chain ends on plain HTTP. */
export const notHttps: Detector = ({ chain }) => {
  const last = chain[chain.length - 1];
  return last?.url.startsWith('http:')
    ? [
        {
          type: 'not_https',
          severity: 'info',
          message: `The chain ends on plain HTTP: ${last.url}`,
          hop: chain.length - 1,
        },
      ]
    : [];
};
