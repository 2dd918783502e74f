import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CdpConnection } from './cdp-connection.js';
import { CHROMIUM_FLAGS, HEADLESS_FLAGS } from './chromium-flags.js';
import { RenderErrors } from './render-errors.js';

/** A target attached to the browser's session: its flat session and what it is. */
export interface AttachedTarget {
  readonly sessionId: string;
  readonly targetId: string;
  readonly type: string;
  readonly browserContextId: string;
}

/**
 * One Chromium process driven over the DevTools pipe. Every page target, in any context, is attached as it is
 * created and held before it runs anything (`waitForDebuggerOnStart`), then handed to whoever registered its browser
 * context: a render's own page and any popup it opens are set up before their first request.
 */
export class CdpBrowser {
  private readonly contexts = new Map<string, (target: AttachedTarget) => void>();
  private connected = true;

  private constructor(
    readonly connection: CdpConnection,
    private readonly child: ChildProcess,
    userDataDir: string,
    /** Where the errors of steps that end no render are logged and counted. */
    readonly errors: RenderErrors,
  ) {
    connection.listen('', (method, params) => {
      if (method === 'Target.attachedToTarget') this.attached(params, undefined);
    });
    child.once('exit', () => {
      this.connected = false;
      rmSync(userDataDir, { recursive: true, force: true });
    });
  }

  /** Starts Chromium at `executablePath` and waits (up to `timeout` ms) until it answers over the pipe. */
  static async launch(
    executablePath: string,
    timeout: number,
    errors: RenderErrors = new RenderErrors(),
  ): Promise<CdpBrowser> {
    const userDataDir = mkdtempSync(join(tmpdir(), 'hoplens-chromium-'));
    const child = spawn(
      executablePath,
      [...HEADLESS_FLAGS, ...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    const connection = new CdpConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const browser = new CdpBrowser(connection, child, userDataDir, errors);
    const exited = new Promise<never>((_, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr.split('\n')[0] ?? ''}`)));
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
    });
    try {
      await Promise.race([
        connection.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }),
        exited,
        late,
      ]);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // A no-op by design: an exit after the launch is told to `onExit` (the launcher forgets the browser) and fails
    // every command in flight (the pipe closes); this promise only raced the launch.
    exited.catch(() => {});
    return browser;
  }

  /** The browser process's id. */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Whether the process still runs and its pipe is open. */
  isConnected(): boolean {
    return this.connected && this.connection.isOpen;
  }

  /** Calls `onDisconnected` once the browser process has exited. */
  onExit(onDisconnected: () => void): void {
    if (!this.connected) onDisconnected();
    else this.child.once('exit', onDisconnected);
  }

  /** Hands every target attached in `browserContextId` (directly or below one of its targets) to `onTarget`. */
  register(browserContextId: string, onTarget: ((target: AttachedTarget) => void) | undefined): void {
    if (onTarget === undefined) this.contexts.delete(browserContextId);
    else this.contexts.set(browserContextId, onTarget);
  }

  /**
   * Called for `Target.attachedToTarget` on any session: a target of no registered context (one whose render has
   * ended) is let go. `parent` is the session it was attached below.
   */
  attached(params: Record<string, unknown>, parent: string | undefined): void {
    const info = params.targetInfo as { targetId: string; type: string; browserContextId?: string };
    const sessionId = params.sessionId as string;
    const onTarget = this.contexts.get(info.browserContextId ?? '');
    if (onTarget === undefined) {
      this.connection
        .send('Target.detachFromTarget', { sessionId }, parent)
        .catch(this.errors.reporting('letting go a target of an ended render'));
      return;
    }
    onTarget({ sessionId, targetId: info.targetId, type: info.type, browserContextId: info.browserContextId ?? '' });
  }

  /** Ends the browser: asked politely, then killed if it is still there after 2 s. Never rejects. */
  async close(): Promise<void> {
    if (!this.connected) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    // Refused or unanswered, the kill below ends it all the same; the error is still logged.
    this.connection.send('Browser.close').catch(this.errors.reporting('closing the browser'));
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}
