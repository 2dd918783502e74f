/** `GET /api/analyze` reports each hop's connection, over HTTP/2 by default and over HTTP/1.1 with `http2=false`. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDir } from '../helpers/cli.js';
import { startHttp2Server } from '../helpers/http2-servers.js';
import { analyzePath, appWith } from '../helpers/service.js';
import { createTestPki } from '../helpers/tls-certificates.js';

const cleanups = cleanupAfterEach();

describe('GET /api/analyze: hop anatomy', () => {
  it("reports each hop's connection, over HTTP/2 by default and HTTP/1.1 with http2=false", async () => {
    const pki = createTestPki('secure.test');
    const dir = await tempDir();
    cleanups.push(() => dir.remove());
    const caFile = join(dir.path, 'ca.pem');
    await writeFile(caFile, pki.ca);
    // The leaf is valid for 127.0.0.1 too, which the service reaches under its test allowance for loopback.
    const target = await startHttp2Server(
      { '/': { status: 200 } },
      { ...pki.valid, host: '127.0.0.1', allowHTTP1: true },
    );
    cleanups.push(() => target.close());
    const service = await appWith({ HOPLENS_CA_FILE: caFile });
    cleanups.push(() => service.close());
    const url = `${target.origin}/`;

    const h2 = await service.inject({ url: analyzePath({ url }) });
    expect(h2.statusCode).toBe(200);
    // Every new field survives the response schema's serializer.
    expect(h2.json().chain[0]).toMatchObject({
      statusText: 'OK',
      httpVersion: '2',
      remoteAddress: '127.0.0.1',
      remotePort: target.port,
      reusedConnection: false,
      timings: { dns: 0, connect: expect.any(Number), tls: expect.any(Number), firstByte: expect.any(Number) },
      tls: { protocol: 'TLSv1.3', subject: 'CN=secure.test', altNames: ['secure.test', '127.0.0.1'] },
    });
    const h1 = await service.inject({ url: analyzePath({ url, http2: 'false' }) });
    expect(h1.json().chain[0]).toMatchObject({ httpVersion: '1.1', reusedConnection: false });
    const wrong = await service.inject({ url: analyzePath({ url, http2: 'no' }) });
    expect(wrong.statusCode).toBe(400);
  });
});
