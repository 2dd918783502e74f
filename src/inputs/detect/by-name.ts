import type { InputFormat } from '../light.js';
import { isSitemapName } from '../sitemap/index.js';

/** What a file name says: a format, and whether the name settles it or only guesses (a `.conf` is nginx or Apache). */
export interface NameVerdict {
  format: InputFormat;
  sure: boolean;
}

/**
 * The format a file name says, if it says one: `.csv`, `.xml`/`.xml.gz`, `_redirects`, `netlify.toml`,
 * `vercel.json`, `.htaccess`, `*.conf`, `*.nginx`. A `.conf` is nginx's unless its name says Apache
 * (`apache-site.conf`, `httpd-vhosts.conf`), but only as a guess: its content decides between the two.
 */
export function formatOfName(name: string): NameVerdict | undefined {
  const lower = name.toLowerCase();
  const sure = (format: InputFormat): NameVerdict => ({ format, sure: true });
  if (lower.endsWith('.csv')) return sure('csv');
  if (isSitemapName(lower)) return sure('sitemap');
  if (lower === '_redirects' || lower.endsWith('.redirects') || lower.endsWith('_redirects')) return sure('netlify');
  if (lower === 'netlify.toml') return sure('netlify');
  if (lower === 'vercel.json') return sure('vercel');
  if (lower === '.htaccess' || lower.endsWith('.htaccess') || lower === 'httpd.conf' || lower === 'apache2.conf') {
    return sure('apache');
  }
  if (lower.endsWith('.conf')) return { format: /apache|httpd/.test(lower) ? 'apache' : 'nginx', sure: false };
  if (lower.endsWith('.nginx')) return sure('nginx');
  return undefined;
}
