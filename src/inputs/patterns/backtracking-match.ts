import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * The one engine for a rule's regular expression that the linear-time engine cannot run (a backreference, a
 * lookaround): JavaScript's own, in a worker thread, so that a match that backtracks past its bound is stopped by
 * ending the thread instead of hanging the command. Matching stays synchronous for the matchers: the main thread
 * waits on a shared flag (Atomics.wait, with the bound as its timeout) and takes the answer off the port with
 * receiveMessageOnPort.
 */

/** How long starting the worker may take. */
const START_TIMEOUT_MS = 5_000;

/** The worker's script, evaluated as CommonJS (no file of its own, so the CLI bundle needs no extra entry). */
const WORKER_SCRIPT = `
const { workerData } = require('node:worker_threads');
const { port, flag } = workerData;
const state = new Int32Array(flag);
const compiled = new Map();
const done = () => { Atomics.store(state, 0, 1); Atomics.notify(state, 0); };
port.on('message', ({ source, flags, text }) => {
  let answer;
  try {
    const key = flags + '/' + source;
    let regex = compiled.get(key);
    if (regex === undefined) { regex = new RegExp(source, flags); compiled.set(key, regex); }
    const found = regex.exec(text);
    answer = found === null ? null : { captures: [...found], index: found.index, groups: found.groups };
  } catch (error) {
    answer = { error: String(error) };
  }
  port.postMessage(answer);
  done();
});
done();
`;

/** What the worker answers: a match, no match, or the error of a pattern it could not run. */
type Answer = { captures: Array<string | undefined>; index: number; groups?: Record<string, string> } | null;

/** A running worker: its thread, the port it answers on and the flag it raises when it has answered. */
interface Running {
  worker: Worker;
  port: MessagePort;
  state: Int32Array;
}

let running: Running | undefined;

function start(): Running {
  const flag = new SharedArrayBuffer(4);
  const state = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: { port: port2, flag }, transferList: [port2] });
  // Neither the thread nor the port keeps a command alive once its work is done.
  worker.unref();
  port1.unref();
  if (Atomics.wait(state, 0, 0, START_TIMEOUT_MS) === 'timed-out') {
    void worker.terminate();
    throw new Error('the regular expression worker did not start');
  }
  return { worker, port: port1, state };
}

/** Ends the worker (it may be stuck in a match); the next match starts another. */
function stop(): void {
  if (running === undefined) return;
  void running.worker.terminate();
  running.port.close();
  running = undefined;
}

/** A RegExp's match as `RegExp.prototype.exec` gives it, rebuilt from the worker's answer. */
function execArray(answer: NonNullable<Answer>, text: string): RegExpExecArray {
  const found = answer.captures as unknown as RegExpExecArray;
  found.index = answer.index;
  found.input = text;
  found.groups = answer.groups;
  return found;
}

/**
 * `new RegExp(source, flags).exec(text)`, run in the worker within `boundMs`: the match, null for none, or
 * `'timeout'` when the match ran past the bound (the worker is ended with it).
 */
export function backtrackingExec(
  source: string,
  flags: string,
  text: string,
  boundMs: number,
): RegExpExecArray | null | 'timeout' {
  running ??= start();
  const { state, port } = running;
  Atomics.store(state, 0, 0);
  port.postMessage({ source, flags, text });
  if (Atomics.wait(state, 0, 0, boundMs) === 'timed-out') {
    stop();
    return 'timeout';
  }
  const answer = receiveMessageOnPort(port)?.message as Answer | { error: string } | undefined;
  if (answer === undefined || answer === null) return null;
  if ('error' in answer) throw new SyntaxError(answer.error);
  return execArray(answer, text);
}
