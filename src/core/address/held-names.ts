import { isIP, type Socket } from 'node:net';

/**
 * The addresses a pool's open connections went to, by host name. While a name has an open connection, every new
 * connection for it goes to the same address (no lookup, no failover): then any connection of the pool for that name,
 * reused or new, reaches one server, and an analysis holding the name to that address (src/core/address/book.ts) can
 * send through the pool and keep its connections. Once the last one is closed (or destroyed: undici destroys a
 * connection the server asked to close as soon as its response ends), the name is looked up afresh.
 */
export class HeldNames {
  private readonly open = new Map<string, { address: string; sockets: Set<Socket> }>();

  /** The address `hostname`'s open connections went to, if it has any. */
  addressOf(hostname: string): string | undefined {
    const name = hostname.toLowerCase();
    const entry = this.open.get(name);
    if (entry === undefined) return undefined;
    for (const socket of entry.sockets) if (socket.destroyed) entry.sockets.delete(socket);
    if (entry.sockets.size > 0) return entry.address;
    this.open.delete(name);
    return undefined;
  }

  /**
   * Counts `socket`, a connection for `hostname` to `address`, while it is open. Returns false, counting nothing,
   * when the name's open connections went elsewhere (two connections raced): that one must not be used.
   */
  opened(hostname: string, address: string, socket: Socket): boolean {
    if (isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return true;
    const held = this.addressOf(hostname);
    if (held !== undefined && held !== address) return false;
    const name = hostname.toLowerCase();
    let entry = this.open.get(name);
    if (entry === undefined) {
      entry = { address, sockets: new Set() };
      this.open.set(name, entry);
    }
    const sockets = entry.sockets;
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.open.get(name)?.sockets === sockets) this.open.delete(name);
    });
    return true;
  }
}
