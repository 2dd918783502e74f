/**
 * A real SMTP server on loopback for e-mail alert tests: Debian's aiosmtpd (python3-aiosmtpd), run by Debian's own
 * Python (`/usr/bin/aiosmtpd`; the `python3` first on PATH may be another without the module), with the handler of
 * test/helpers/smtp_sink.py writing each message received to a directory the test reads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const AIOSMTPD = '/usr/bin/aiosmtpd';

/** A message as the server received it: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  mailFrom: string;
  rcptTos: string[];
  data: string;
}

export interface TestSmtpServer {
  port: number;
  /** The messages received so far, oldest first. */
  messages(): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`aiosmtpd exited with ${child.exitCode}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`aiosmtpd did not listen on ${port} within ${timeoutMs} ms`);
}

/** Starts aiosmtpd on a free loopback port (within 15 s, or throws); stop it after. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const directory = await mkdtemp(join(tmpdir(), 'hoplens-smtp-'));
  const port = await freePort();
  const child = spawn(AIOSMTPD, ['-n', '-l', `127.0.0.1:${port}`, '-c', 'smtp_sink.MailDir', directory], {
    env: { ...process.env, PYTHONPATH: join(ROOT, 'test', 'helpers') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, 15_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    port,
    messages: async () => {
      const names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
      return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(directory, name), 'utf8'))));
    },
    stop,
  };
}
