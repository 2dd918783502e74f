import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ClientDepartures } from '../../src/service/client-departures.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { until } from '../helpers/polling.js';

const cleanups = cleanupAfterEach();

/** A connected pair on loopback: the server's side (what a request's socket is) and the client's. */
async function connection(): Promise<{ server: Socket; client: Socket }> {
  const listener: Server = createServer();
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => listener.close(() => resolve())));
  const address = listener.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const accepted = once(listener, 'connection') as Promise<[Socket]>;
  const client = connect(address.port, '127.0.0.1');
  const [server] = await accepted;
  cleanups.push(async () => {
    client.destroy();
    server.destroy();
  });
  return { server, client };
}

describe('ClientDepartures', () => {
  it('tells every request on a connection when its client closes it, once each', async () => {
    const { server, client } = await connection();
    const departures = new ClientDepartures();
    const told: string[] = [];
    departures.watch(server, () => told.push('first'));
    departures.watch(server, () => told.push('pipelined'));
    client.destroy();
    await until(() => told.length === 2);
    expect(told.sort()).toEqual(['first', 'pipelined']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toHaveLength(2);
  });

  it('tells no request that stopped watching (answered before the client left)', async () => {
    const { server, client } = await connection();
    const departures = new ClientDepartures();
    const told: string[] = [];
    const answered = departures.watch(server, () => told.push('answered'));
    departures.watch(server, () => told.push('running'));
    answered();
    client.destroy();
    await until(() => told.length === 1);
    expect(told).toEqual(['running']);
  });

  it('adds one close listener per connection however many requests it carries', async () => {
    const { server } = await connection();
    const departures = new ClientDepartures();
    const before = server.listenerCount('close');
    for (let request = 0; request < 100; request++) departures.watch(server, () => {})();
    expect(server.listenerCount('close')).toBe(before + 1);
  });

  it('tells at once of a connection already closed', async () => {
    const { server } = await connection();
    server.destroy();
    let told = 0;
    new ClientDepartures().watch(server, () => told++);
    expect(told).toBe(1);
  });

  it('watches nothing without a socket (an injected request)', () => {
    let told = 0;
    const stop = new ClientDepartures().watch(null, () => told++);
    stop();
    expect(told).toBe(0);
  });
});
