/**
 * One loopback port that speaks both HTTP and HTTPS, as a returning browser's HSTS upgrade needs: it keeps an
 * explicit port other than 80 (RFC 6797 §8.3 item 5), so `http://host:PORT/` becomes `https://host:PORT/`. A TLS
 * ClientHello starts with 0x16 (a handshake record); anything else is read as plain HTTP.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';

export interface DualServer {
  port: number;
  close(): Promise<void>;
}

/** Starts it on 127.0.0.1, port 0; `handler` is told which scheme the request came over. */
export async function startDualServer(
  tls: { key: string; cert: string },
  handler: (scheme: 'http' | 'https', req: IncomingMessage, res: ServerResponse) => void,
): Promise<DualServer> {
  const plain = createHttpServer((req, res) => handler('http', req, res));
  const secure = createHttpsServer(tls, (req, res) => handler('https', req, res));
  const sockets = new Set<Socket>();
  const dual = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('readable', () => {
      const first: Buffer | null = socket.read(1);
      if (first === null) return void socket.destroy();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
    });
  });
  await new Promise<void>((resolve) => dual.listen(0, '127.0.0.1', resolve));
  return {
    port: (dual.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => dual.close(resolve));
      plain.close();
      secure.close();
    },
  };
}
