import { JUDGEMENT_DEFAULTS } from '../policy/judgement-defaults.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * Days of validity left under which a certificate is flagged: a warning under `warning` (a policy file's
 * `certificateExpiryDays` replaces it), an error under `error`.
 */
export const CERTIFICATE_EXPIRY_DAYS = Object.freeze({ warning: JUDGEMENT_DEFAULTS.certificateExpiryDays, error: 7 });

/**
 * A hop's certificate expires soon. Checked on the hops that opened a connection (the ones that report `tls`); an
 * expired certificate is not this finding but a failed hop, or `tls_invalid` under `tls: 'report'`.
 */
export const certificateExpiring: Detector = (input) => {
  const { chain, thresholds = JUDGEMENT_DEFAULTS } = input;
  return chain.flatMap((hop, index) => {
    const tls = hop.tls;
    if (tls === undefined || tls.daysLeft < 0 || tls.daysLeft >= thresholds.certificateExpiryDays) return [];
    const severity = tls.daysLeft < CERTIFICATE_EXPIRY_DAYS.error ? ('error' as const) : ('warning' as const);
    const days = tls.daysLeft === 1 ? '1 day' : `${tls.daysLeft} days`;
    const message = `The certificate of ${factsOf(input).url(index).host} expires in ${days}, on ${tls.validTo.slice(0, 10)}`;
    return [{ type: 'certificate_expiring' as const, severity, message, hop: index }];
  });
};
