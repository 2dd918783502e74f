import type { Readable, Writable } from 'node:stream';
import { CdpError } from './cdp-error.js';

/** A CDP event: its method and parameters, for the session (`''`: the browser's) it came on. */
export type CdpListener = (method: string, params: Record<string, unknown>) => void;

/** How long a command may wait for its answer by default, in ms: far more than any answer takes on a loaded host. */
export const COMMAND_TIMEOUT_MS = 10_000;

interface Pending {
  readonly method: string;
  readonly sessionId: string;
  readonly timer: NodeJS.Timeout;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/**
 * The Chrome DevTools Protocol over Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
 * written to the browser's fd 3 and read from its fd 4, with flat sessions (a `sessionId` on each message). A command
 * is one write and one answer; nothing else is done per message, which is what makes a render cheap in this process
 * (BENCHMARKS.md, workload 6).
 *
 * Every command ends, as puppeteer's CDP sessions have it: with its answer, or rejected with a {@link CdpError} when
 * the browser refuses it, when its session detaches (`Target.detachedFromTarget`, on whichever session it comes),
 * when the pipe closes, or when no answer comes within its timeout. A command for a session that is not attached
 * (never, or no longer) is rejected at once: the browser would never answer it.
 */
export class CdpConnection {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, CdpListener>();
  /** The flat sessions attached now (`Target.attachedToTarget` seen, `Target.detachedFromTarget` not yet). */
  private readonly sessions = new Set<string>();
  private buffered: Buffer[] = [];
  private closedWith: Error | undefined;

  constructor(
    private readonly output: Writable,
    input: Readable,
    private readonly commandTimeout = COMMAND_TIMEOUT_MS,
  ) {
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('close', () => this.fail(new CdpError('CDP_CLOSED', 'The browser closed its DevTools pipe')));
    input.on('error', (error) => this.fail(new CdpError('CDP_CLOSED', error.message, { cause: error })));
    output.on('error', (error) => this.fail(new CdpError('CDP_CLOSED', error.message, { cause: error })));
  }

  /** Whether the pipe is still open. */
  get isOpen(): boolean {
    return this.closedWith === undefined;
  }

  /**
   * Sends a command on a session (the browser's when `sessionId` is undefined) and resolves with its result; rejects
   * with a {@link CdpError} as the class says. `timeout` (ms) replaces the connection's for a command whose answer
   * waits on the page (`Page.navigate` answers once the document's response has come).
   */
  send<T = Record<string, unknown>>(
    method: string,
    params: object = {},
    sessionId?: string,
    timeout = this.commandTimeout,
  ): Promise<T> {
    if (this.closedWith !== undefined) return Promise.reject(this.closedWith);
    if (sessionId !== undefined && !this.sessions.has(sessionId)) {
      return Promise.reject(new CdpError('CDP_SESSION_GONE', `${method}: session ${sessionId} is not attached`));
    }
    const id = ++this.nextId;
    const message = sessionId === undefined ? { id, method, params } : { id, method, params, sessionId };
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CdpError('CDP_TIMEOUT', `${method}: no answer within ${timeout} ms`));
      }, timeout);
      const pending = { method, sessionId: sessionId ?? '', timer, reject };
      this.pending.set(id, { ...pending, resolve: resolve as Pending['resolve'] });
      this.output.write(`${JSON.stringify(message)}\0`);
    });
  }

  /** Listens to the events of one session (`''`: the browser's); one listener a session, `undefined` removes it. */
  listen(sessionId: string, listener: CdpListener | undefined): void {
    if (listener === undefined) this.listeners.delete(sessionId);
    else this.listeners.set(sessionId, listener);
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    let end = chunk.indexOf(0);
    while (end !== -1) {
      this.buffered.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.buffered).toString('utf8');
      this.buffered = [];
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch (error) {
        // Framing is lost: nothing later on the pipe can be trusted to match its command.
        this.fail(new CdpError('CDP_CLOSED', 'The browser sent a message that is not JSON', { cause: error }));
        return;
      }
      this.dispatch(message);
      start = end + 1;
      end = chunk.indexOf(0, start);
    }
    if (start < chunk.length) this.buffered.push(chunk.subarray(start));
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (pending === undefined) return; // Answered after its timeout: its caller has its rejection already.
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      const { error } = message;
      if (error !== undefined) {
        pending.reject(new CdpError('CDP_REFUSED', `${pending.method}: ${error.message} (${error.code})`));
      } else pending.resolve(message.result ?? {});
      return;
    }
    if (message.method === undefined) return;
    const params = message.params ?? {};
    // Sessions are tracked before any listener runs: a listener may send on the session it is told of.
    if (message.method === 'Target.attachedToTarget') this.sessions.add(params.sessionId as string);
    this.listeners.get(message.sessionId ?? '')?.(message.method, params);
    if (message.method === 'Target.detachedFromTarget') this.detached(params.sessionId as string);
  }

  /** A session is gone: its commands waiting for an answer will never have one. */
  private detached(sessionId: string): void {
    this.sessions.delete(sessionId);
    this.listeners.delete(sessionId);
    for (const [id, pending] of this.pending) {
      if (pending.sessionId !== sessionId) continue;
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(new CdpError('CDP_SESSION_GONE', `${pending.method}: session ${sessionId} detached`));
    }
  }

  private fail(error: CdpError): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = error;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
    this.sessions.clear();
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  sessionId?: string;
}
