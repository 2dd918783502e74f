/**
 * One redirect-rule file per format hoplens checks, each with one rule the server answers as it says and one it does
 * not, for the in-process check tests (test/cli/check-rules.test.ts) and the installed executable's
 * (test/install/installed-commands.ts). The server answering them is {@link ruleFileServer}.
 */
import type { Handler } from './servers.js';

/** The site the rules describe: `/old` 301, `/temp` 302, `/p307` 307, `/p308` 308 to `/new` (200); `/gone` 410. */
export const ruleFileServer: Handler = (req, res) => {
  const moves: Record<string, [number, string]> = {
    '/old': [301, '/new'],
    '/temp': [302, '/new'],
    '/p307': [307, '/new'],
    '/p308': [308, '/new'],
  };
  const path = (req.url ?? '').replace(/\?.*/, '');
  const move = moves[path];
  if (move !== undefined) res.writeHead(move[0], { location: move[1] });
  else res.writeHead(path === '/new' ? 200 : path === '/gone' ? 410 : 404);
  res.end();
};

/** A format's case: its label, a file name, its text, and the flags it needs. */
export type RuleFileCase = [string, string, () => string, string[]];

/**
 * Per format: a file name, its text (one rule right, one wrong, maybe one skipped), extra flags. `host` is the
 * server's `host:port` as the absolute-source formats write it.
 */
export function ruleFileCases(host: () => string): RuleFileCase[] {
  const base = () => `http://${host()}`;
  return [
    ['netlify', '_redirects', () => '/old /new 301\n/temp /new 301  # wrong: 302\n/blog/* /news/:splat\n', []],
    [
      'netlify (toml)',
      'netlify.toml',
      () => '[[redirects]]\nfrom = "/old"\nto = "/new"\n[[redirects]]\nfrom = "/temp"\nto = "/new"\nstatus = 308\n',
      [],
    ],
    ['netlify (cloudflare-pages)', '_redirects', () => '/temp /new\n/old /new\n', ['--variant', 'cloudflare-pages']],
    [
      'vercel',
      'vercel.json',
      () =>
        JSON.stringify({
          redirects: [
            { source: '/p308', destination: '/new' },
            { source: '/old', destination: '/new', permanent: true },
            { source: '/blog/:slug', destination: '/news/:slug' },
          ],
        }),
      [],
    ],
    [
      'cloudflare',
      'bulk.csv',
      () => `${host()}/old,${base()}/new\n${host()}/temp,${base()}/new,301\n`,
      ['--input', 'cloudflare'],
    ],
    ['apache', '.htaccess', () => 'Redirect 301 /old /new\nRedirect 301 /temp /new\nRedirectMatch ^/(.*)$ /x/$1\n', []],
    [
      'nginx',
      'site.conf',
      () => 'server {\n location = /old { return 301 /new; }\n location /temp { return 308 /new; }\n}\n',
      [],
    ],
    ['shopify', 'redirects.csv', () => 'Redirect from,Redirect to\n/old,/new\n/temp,/new\n', ['--input', 'shopify']],
    [
      'wordpress',
      'redirection.json',
      () =>
        JSON.stringify({
          redirects: [
            { url: '/old', action_code: 301, action_type: 'url', action_data: { url: '/new' }, match_type: 'url' },
            { url: '/p307', action_code: 308, action_type: 'url', action_data: { url: '/new' }, match_type: 'url' },
          ],
        }),
      ['--input', 'wordpress'],
    ],
    [
      'screaming-frog',
      'redirect_chains.csv',
      () => `Address,Final Address\n${base()}/old,${base()}/new\n${base()}/temp,${base()}/elsewhere\n`,
      ['--input', 'screaming-frog'],
    ],
    [
      'vercel-bulk',
      'bulk.csv',
      () => 'source,destination,permanent\n/p307,/new,f\n/p308,/new,f\n',
      ['--input', 'vercel-bulk'],
    ],
    [
      'amplify',
      'rules.json',
      () =>
        '[{"source": "/old", "target": "/new", "status": "301"}, {"source": "/temp", "target": "/new", "status": "301"}]',
      ['--input', 'amplify'],
    ],
  ];
}
