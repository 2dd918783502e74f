/**
 * The DevTools pipe's framing and routing, against a stand-in for the browser's end of the pipe (two streams): the
 * real browser's side is covered by every render test. Chromium's `--remote-debugging-pipe` carries JSON messages each
 * ended by a NUL byte, commands read by the browser on its fd 3 and answers and events written to its fd 4 (Chromium's
 * components/devtools/devtools_pipe/devtools_pipe.h, `kReadFD` and `kWriteFD`, shared with
 * content/browser/devtools/devtools_pipe_handler.cc); flat sessions tag each message with a `sessionId` (the
 * DevTools protocol's Target domain, `flatten`).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CdpConnection } from '../../src/render/cdp-connection.js';

function pipePair() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const sent: Array<{ id: number; method: string; sessionId?: string }> = [];
  let text = '';
  toBrowser.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (let end = text.indexOf('\0'); end !== -1; end = text.indexOf('\0')) {
      sent.push(JSON.parse(text.slice(0, end)));
      text = text.slice(end + 1);
    }
  });
  return { connection: new CdpConnection(toBrowser, fromBrowser), fromBrowser, sent };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The browser's word that a flat session is attached (or detached), as it sends it on the browser's session. */
function targetEvent(fromBrowser: PassThrough, method: 'attachedToTarget' | 'detachedFromTarget', sessionId: string) {
  fromBrowser.write(`${JSON.stringify({ method: `Target.${method}`, params: { sessionId, targetInfo: {} } })}\0`);
}

describe('the DevTools pipe', () => {
  it('ends each command with a NUL and matches answers to commands, whatever the chunks they arrive in', async () => {
    const { connection, fromBrowser, sent } = pipePair();
    targetEvent(fromBrowser, 'attachedToTarget', 'S1');
    await tick();
    const first = connection.send('Browser.getVersion');
    const second = connection.send('Runtime.getHeapUsage', {}, 'S1');
    await tick();
    expect(sent.map(({ method, sessionId }) => [method, sessionId])).toEqual([
      ['Browser.getVersion', undefined],
      ['Runtime.getHeapUsage', 'S1'],
    ]);
    // The second answer first, split mid-message and across a multi-byte character.
    const bytes = Buffer.from(
      `${JSON.stringify({ id: sent[1]!.id, result: { totalSize: 7 }, sessionId: 'S1' })}\0` +
        `${JSON.stringify({ id: sent[0]!.id, result: { product: 'Chrome/é' } })}\0`,
    );
    const cut = bytes.indexOf(0xc3);
    fromBrowser.write(bytes.subarray(0, 9));
    fromBrowser.write(bytes.subarray(9, cut + 1));
    fromBrowser.write(bytes.subarray(cut + 1));
    expect(await second).toEqual({ totalSize: 7 });
    expect(await first).toEqual({ product: 'Chrome/é' });
  });

  it('rejects a command the browser refuses, with its message', async () => {
    const { connection, fromBrowser, sent } = pipePair();
    targetEvent(fromBrowser, 'attachedToTarget', 'W1');
    await tick();
    const refused = connection.send('Fetch.enable', {}, 'W1');
    await tick();
    fromBrowser.write(
      `${JSON.stringify({ id: sent[0]!.id, error: { code: -32601, message: "'Fetch.enable' wasn't found" } })}\0`,
    );
    await expect(refused).rejects.toThrow("'Fetch.enable' wasn't found (-32601)");
    await expect(refused).rejects.toMatchObject({ code: 'CDP_REFUSED' });
  });

  it('hands each event to its own session’s listener only', async () => {
    const { connection, fromBrowser } = pipePair();
    const seen: string[] = [];
    connection.listen('', (method) => seen.push(`browser ${method}`));
    connection.listen('S1', (method) => seen.push(`S1 ${method}`));
    fromBrowser.write(`${JSON.stringify({ method: 'Target.attachedToTarget', params: {} })}\0`);
    fromBrowser.write(`${JSON.stringify({ method: 'Fetch.requestPaused', params: {}, sessionId: 'S1' })}\0`);
    fromBrowser.write(`${JSON.stringify({ method: 'Page.loadEventFired', params: {}, sessionId: 'S2' })}\0`);
    connection.listen('S1', undefined);
    fromBrowser.write(`${JSON.stringify({ method: 'Fetch.requestPaused', params: {}, sessionId: 'S1' })}\0`);
    await tick();
    expect(seen).toEqual(['browser Target.attachedToTarget', 'S1 Fetch.requestPaused']);
  });

  it('fails every pending and later command once the browser closes its end', async () => {
    const { connection, fromBrowser } = pipePair();
    targetEvent(fromBrowser, 'attachedToTarget', 'S1');
    await tick();
    const pending = connection.send('Page.navigate', { url: 'about:blank' }, 'S1');
    fromBrowser.destroy();
    await expect(pending).rejects.toThrow('closed its DevTools pipe');
    expect(connection.isOpen).toBe(false);
    await expect(connection.send('Browser.close')).rejects.toThrow('closed its DevTools pipe');
    await expect(pending).rejects.toMatchObject({ code: 'CDP_CLOSED' });
  });
});

// Command discipline (issue 41), as puppeteer's CDP sessions have it: every command ends.
describe('a command', () => {
  it('is rejected when its session detaches, and only the commands of that session', async () => {
    const { connection, fromBrowser, sent } = pipePair();
    targetEvent(fromBrowser, 'attachedToTarget', 'S1');
    targetEvent(fromBrowser, 'attachedToTarget', 'S2');
    await tick();
    const onS1 = connection.send('Runtime.evaluate', { expression: '1' }, 'S1');
    const onS2 = connection.send('Runtime.evaluate', { expression: '2' }, 'S2');
    await tick();
    // Chromium tells of a flat session's end on its parent's session (here the browser's).
    targetEvent(fromBrowser, 'detachedFromTarget', 'S1');
    await expect(onS1).rejects.toMatchObject({ code: 'CDP_SESSION_GONE' });
    fromBrowser.write(`${JSON.stringify({ id: sent[1]!.id, result: { value: 2 }, sessionId: 'S2' })}\0`);
    expect(await onS2).toEqual({ value: 2 });
    // A later command on the detached session is refused at once: nothing would answer it.
    await expect(connection.send('Page.enable', {}, 'S1')).rejects.toMatchObject({ code: 'CDP_SESSION_GONE' });
    expect(sent).toHaveLength(2);
  });

  it('on a session never attached is refused at once, unsent', async () => {
    const { connection, sent } = pipePair();
    await expect(connection.send('Page.enable', {}, 'nobody')).rejects.toMatchObject({ code: 'CDP_SESSION_GONE' });
    await tick();
    expect(sent).toEqual([]);
  });

  it('is rejected when no answer comes within its timeout, and a late answer is ignored', async () => {
    const toBrowser = new PassThrough();
    const fromBrowser = new PassThrough();
    const connection = new CdpConnection(toBrowser, fromBrowser, 50);
    const started = performance.now();
    await expect(connection.send('Browser.getVersion')).rejects.toMatchObject({ code: 'CDP_TIMEOUT' });
    expect(performance.now() - started).toBeLessThan(5000);
    // Its own timeout for a command that waits on the page.
    const navigate = connection.send('Browser.getVersion', {}, undefined, 200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    fromBrowser.write(`${JSON.stringify({ id: 1, result: {} })}\0${JSON.stringify({ id: 2, result: { ok: 1 } })}\0`);
    expect(await navigate).toEqual({ ok: 1 });
    expect(connection.isOpen).toBe(true);
  });

  it('is rejected when the browser sends what is not JSON: the framing is lost', async () => {
    const { connection, fromBrowser } = pipePair();
    const pending = connection.send('Browser.getVersion');
    fromBrowser.write('{"id": 1, "res\0');
    await expect(pending).rejects.toMatchObject({ code: 'CDP_CLOSED' });
    expect(connection.isOpen).toBe(false);
  });
});
