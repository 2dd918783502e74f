/**
 * A raw HTTP/1.1 client for the oracle suites: the request line is written as given, so that a path such as
 * `//old//page` or `/a/../b` reaches the server unnormalised (Node's http client and fetch would rewrite some).
 */
import { connect } from 'node:net';

/** What the server answered: its status and `Location` header (absent when it sent none). */
export interface RawAnswer {
  status: number;
  location?: string;
}

/** Sends `GET path` with `Host: host` to 127.0.0.1:port and reads the head of the answer, within `timeoutMs`. */
export function rawGet(port: number, host: string, path: string, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer for ${host}${path} within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const head = received.split('\r\n\r\n')[0] ?? '';
      const [statusLine = '', ...headers] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      const location = headers.find((line) => /^location:/i.test(line))?.replace(/^location:\s*/i, '');
      if (!Number.isInteger(status)) reject(new Error(`not an HTTP answer for ${host}${path}: ${statusLine}`));
      else resolve(location === undefined ? { status } : { status, location });
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('end', finish);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}
