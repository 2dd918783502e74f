/**
 * Sitemap workload (issue 15): `hoplens check` on a sitemap index of 5 files × 10,000 URLs (one file gzipped), fetched
 * by URL from a loopback server that also answers the pages, against an index of one 10,000-URL sitemap. The sitemap reader
 * streams `<loc>`s (src/inputs/sitemap/), so memory does not grow with the URLs: target peak RSS ≤ 200 MB, as for a
 * list (bench/workloads/bulk.ts); the ratio to the one-file index is reported.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const CONCURRENCY = 50;

export interface SitemapResult {
  urls: number;
  files: number;
  seconds: number;
  peakMb: number;
  small: { urls: number; seconds: number; peakMb: number };
  ratioToSmallPeak: number;
}

function urlset(port: number, file: number, count: number): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = 0; i < count; i++) parts.push(`  <url><loc>http://127.0.0.1:${port}/p/${file}/${i}</loc></url>\n`);
  parts.push('</urlset>\n');
  return parts.join('');
}

/** Serves `/index.xml`, `/sitemap-N.xml` (`.xml.gz` for the second) and answers 200 for every page. */
async function startSitemapServer(files: number, perFile: number): Promise<{ server: Server; port: number }> {
  const bodies = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (body !== undefined) {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const names: string[] = [];
  for (let file = 0; file < files; file++) {
    const name = file === 1 ? `/sitemap-${file}.xml.gz` : `/sitemap-${file}.xml`;
    const text = urlset(port, file, perFile);
    bodies.set(name, file === 1 ? gzipSync(text) : Buffer.from(text));
    names.push(name);
  }
  const entries = names.map((name) => `<sitemap><loc>http://127.0.0.1:${port}${name}</loc></sitemap>`);
  bodies.set('/index.xml', Buffer.from(`<sitemapindex>\n${entries.join('\n')}\n</sitemapindex>\n`));
  // The baseline is an index too, of one file: the same reading path, a fifth of the URLs.
  bodies.set('/small.xml', Buffer.from(urlset(port, 9, perFile)));
  const small = `<sitemap><loc>http://127.0.0.1:${port}/small.xml</loc></sitemap>`;
  bodies.set('/small-index.xml', Buffer.from(`<sitemapindex>\n${small}\n</sitemapindex>\n`));
  return { server, port };
}

/** Runs `hoplens check URL` under GNU time: wall-clock seconds and peak RSS. */
function checkSitemap(url: string): Promise<{ seconds: number; peakMb: number; code: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['-f', 'HOPLENS_MAXRSS_KB=%M', process.execPath, CLI, 'check', url, '--format', 'ndjson'];
    args.push('--output', '/dev/null', '--concurrency', String(CONCURRENCY), '--per-host', String(CONCURRENCY));
    const child = spawn('/usr/bin/time', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const kb = Number(/HOPLENS_MAXRSS_KB=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
      if (code !== 0) process.stderr.write(stderr.slice(-2000));
      resolve({ seconds: (performance.now() - started) / 1000, peakMb: kb / 1024, code: code ?? -1 });
    });
  });
}

/** The workload: an index of one `perFile`-URL sitemap, then the index of `files` × `perFile` URLs. */
export async function sitemapWorkload(files = 5, perFile = 10_000): Promise<SitemapResult> {
  const { server, port } = await startSitemapServer(files, perFile);
  try {
    const small = await checkSitemap(`http://127.0.0.1:${port}/small-index.xml`);
    if (small.code !== 0) throw new Error(`hoplens check (small sitemap) exited ${small.code}`);
    const large = await checkSitemap(`http://127.0.0.1:${port}/index.xml`);
    if (large.code !== 0) throw new Error(`hoplens check (sitemap index) exited ${large.code}`);
    return {
      urls: files * perFile,
      files,
      seconds: large.seconds,
      peakMb: large.peakMb,
      small: { urls: perFile, seconds: small.seconds, peakMb: small.peakMb },
      ratioToSmallPeak: large.peakMb / small.peakMb,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
