/**
 * A DNS server on loopback (UDP, RFC 1035 §4) that answers NS queries from a table: the real system resolver's code
 * (c-ares, through node:dns) asks it, so the lookup hoplens makes by default is tested without the internet. Any
 * other name gets NXDOMAIN; a name in the table with no servers, an answer without records (NODATA).
 */
import { createSocket, type Socket } from 'node:dgram';

export interface TestDns {
  /** `127.0.0.1:PORT`, for `Resolver.setServers`. */
  readonly address: string;
  /** The names asked for, in order. */
  readonly asked: string[];
  close(): Promise<void>;
}

/** A name in DNS wire form: length-prefixed labels, ending with the root's zero. */
function encodeName(name: string): Buffer {
  const labels = name.split('.').filter((label) => label !== '');
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

/** The question's name and where the question ends (after its type and class). */
function question(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    const length = query[at] ?? 0;
    labels.push(query.subarray(at + 1, at + 1 + length).toString());
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 5 };
}

function answer(query: Buffer, table: Readonly<Record<string, readonly string[]>>): Buffer {
  const { name, end } = question(query);
  const servers = table[name];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, opcode 0, AA, RD copied, RA; RCODE 3 (NXDOMAIN) for a name not in the table.
  header.writeUInt16BE(0x8580 | (servers === undefined ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(servers?.length ?? 0, 6);
  const records = (servers ?? []).map((server) => {
    const data = encodeName(server);
    const fixed = Buffer.alloc(10);
    fixed.writeUInt16BE(2, 0); // TYPE NS
    fixed.writeUInt16BE(1, 2); // CLASS IN
    fixed.writeUInt32BE(300, 4);
    fixed.writeUInt16BE(data.length, 8);
    return Buffer.concat([Buffer.from([0xc0, 0x0c]), fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...records]);
}

/** Starts the server; `table` maps a lower-case name to its NS records. */
export async function startTestDns(table: Readonly<Record<string, readonly string[]>>): Promise<TestDns> {
  const socket: Socket = createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (query, from) => {
    asked.push(question(query).name);
    socket.send(answer(query, table), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
