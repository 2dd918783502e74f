/**
 * A site built to have each variants inconsistency once (test/cli/variants-command.test.ts says which and why), served
 * on http and https: reach it with `--connect-to` (`:80:127.0.0.1:PLAIN`, `:443:127.0.0.1:SECURE`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The URL as given; it answers itself (the canonical URL) to a browser's GET. */
export const GIVEN = 'https://www.shop.test/some/page';

/** What every face must find: each inconsistency once, naming its variants. */
export const EXPECTED_VARIANT_FINDINGS = [
  { type: 'variants_not_consolidated', variants: ['case', 'index.html', 'index.php'] },
  { type: 'variant_chain', variants: ['scheme'] },
  { type: 'variant_not_https', variants: ['index.php'] },
  { type: 'user_agent_divergence', variants: ['chrome', 'googlebot-smartphone'] },
  { type: 'head_get_mismatch', variants: ['given', 'head'] },
];

function moved(res: ServerResponse, location: string): undefined {
  res.writeHead(301, { location });
  res.end();
}

/** The site: one answer per host, path, scheme, User-Agent and method. */
export function inconsistentSite(req: IncomingMessage, res: ServerResponse): unknown {
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  const page = (status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
  };
  if (!https && host === 'legacy.shop.test') return page();
  if (!https) return moved(res, `https://shop.test${path}`);
  if (host === 'shop.test') return moved(res, `https://www.shop.test${path}`);
  if (host === 'm.shop.test') return page();
  if (path === '/some/page/') return moved(res, 'https://www.shop.test/some/page');
  // Duplicates: each answers a page of its own (a 404 for them would be a note only, variant_not_found).
  if (path === '/SOME/PAGE' || path === '/some/page/index.html') return page();
  if (path === '/some/page/index.php') return moved(res, 'http://legacy.shop.test/some/page');
  if (path !== '/some/page') return page(404);
  if (req.method === 'HEAD') return page(404);
  if (/Android.*Googlebot/.test(req.headers['user-agent'] ?? '')) return moved(res, 'https://m.shop.test/some/page');
  return page();
}
