/**
 * The site path rules are placed on when no `--base-url` is given: lint and fix read rules offline, so any origin
 * does, and a reserved name (RFC 2606 `.invalid`) can never be mistaken for a real one. It is shown as paths, and a
 * rule naming its own host (Netlify's `https://www.example.com/a …`) stays on that host rather than move onto it.
 */
export const OFFLINE_SITE = 'https://rules.invalid';
