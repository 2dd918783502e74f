import type { WallRule } from './vendor-rules.js';
import { headerValue } from './wall-answer.js';

/** The largest page the generic rule reads as a wall: a check page is small; a site's own page is not. */
const MAX_CHECK_PAGE = 16 * 1024;

/** CAPTCHA widgets a check page loads. */
const CAPTCHA = /hcaptcha\.com\/1\/api\.js|google\.com\/recaptcha\/api\.js|challenges\.cloudflare\.com\/turnstile/;

/** Words a check page's title says. */
const CHECK_TITLE =
  /<title>[^<]*(?:verify|human|robot|security check|checking your browser|just a moment)[^<]*<\/title>/i;

/**
 * A check page of no vendor the rules name, kept narrow (a plain 403, 429 or 503 stays what it is): a small page
 * answering 403, 429 or 503 that is DDoS-Guard's or Anubis's check, or that loads a CAPTCHA widget under a title
 * asking to verify a human. A site's own login page with a CAPTCHA is neither small nor titled so.
 */
export const genericRule: WallRule = (answer) => {
  if (answer.status !== 403 && answer.status !== 429 && answer.status !== 503) return undefined;
  const text = answer.body ?? '';
  if (headerValue(answer, 'server') === 'ddos-guard' || text.includes('/.well-known/ddos-guard/'))
    return { action: 'challenge', signal: "DDoS-Guard's check page" };
  if (/anubis_challenge|\/\.within\.website\/x\/cmd\/anubis\//.test(text))
    return { action: 'challenge', signal: "Anubis's proof-of-work page" };
  if (text.length <= MAX_CHECK_PAGE && CAPTCHA.test(text) && CHECK_TITLE.test(text))
    return { action: 'challenge', signal: 'a CAPTCHA check page' };
  return undefined;
};
