/**
 * The one raw HTTP/1.1 client of the oracle suites (nginx and Apache): the request line is written as given, so that
 * a path such as `//old//page`, `/a/../b` or `/a%3Fb` reaches the server unnormalised (Node's http client, fetch and
 * undici would rewrite some), and only the status line and `Location` are read.
 */
import { connect } from 'node:net';

/** What the server answered: its status and `Location` header (absent when it sent none). */
export interface RawAnswer {
  status: number;
  location?: string;
}

/** The status and Location of an answer's head; undefined when it is not an HTTP/1.x answer. */
function answerOf(received: string): RawAnswer | undefined {
  const [statusLine = '', ...headers] = (received.split('\r\n\r\n')[0] ?? '').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (Number.isNaN(status)) return undefined;
  const location = headers.find((line) => /^location:/i.test(line))?.replace(/^location:\s*/i, '');
  return location === undefined ? { status } : { status, location };
}

/** Sends `GET target` with `Host: host` to 127.0.0.1:port and reads the head of the answer, within `timeoutMs`. */
export function rawGet(port: number, host: string, target: string, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to GET ${host}${target} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.once('connect', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // `close` follows `end` and an error alike: the answer is read once, whole.
    socket.once('close', () => {
      clearTimeout(timer);
      const answer = answerOf(received);
      if (answer === undefined)
        reject(new Error(`not an HTTP answer to GET ${host}${target}: ${received.slice(0, 80)}`));
      else resolve(answer);
    });
  });
}
