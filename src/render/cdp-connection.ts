import type { Readable, Writable } from 'node:stream';

/** A CDP event: its method and parameters, for the session (`''`: the browser's) it came on. */
export type CdpListener = (method: string, params: Record<string, unknown>) => void;

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/**
 * The Chrome DevTools Protocol over Chromium's `--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
 * written to the browser's fd 3 and read from its fd 4, with flat sessions (a `sessionId` on each message). A command
 * is one write and one answer; nothing else is done per message, which is what makes a render cheap in this process
 * (BENCHMARKS.md, workload 6).
 */
export class CdpConnection {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, CdpListener>();
  private buffered: Buffer[] = [];
  private closedWith: Error | undefined;

  constructor(
    private readonly output: Writable,
    input: Readable,
  ) {
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('close', () => this.fail(new Error('The browser closed its DevTools pipe')));
    input.on('error', (error) => this.fail(error));
    output.on('error', (error) => this.fail(error));
  }

  /** Whether the pipe is still open. */
  get isOpen(): boolean {
    return this.closedWith === undefined;
  }

  /** Sends a command on a session (the browser's when `sessionId` is undefined) and resolves with its result. */
  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.closedWith !== undefined) return Promise.reject(this.closedWith);
    const id = ++this.nextId;
    const message = sessionId === undefined ? { id, method, params } : { id, method, params, sessionId };
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
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
      this.dispatch(JSON.parse(text) as Message);
      start = end + 1;
      end = chunk.indexOf(0, start);
    }
    if (start < chunk.length) this.buffered.push(chunk.subarray(start));
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(`${message.error.message} (${message.error.code})`));
      else pending?.resolve(message.result ?? {});
      return;
    }
    if (message.method !== undefined)
      this.listeners.get(message.sessionId ?? '')?.(message.method, message.params ?? {});
  }

  private fail(error: Error): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
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
