import { isIP } from 'node:net';
import type { ResolvedAddress, Resolver } from '../types.js';
import type { AddressBook } from './book.js';

/**
 * A resolver that answers each name once and then always the same, as a browser's DNS cache does for a page, and,
 * once `book` holds a name to the address a connection went to, with that address alone: a rendered page cannot have
 * its own name (or another) rebound to a second address while it runs, nor fail over to a name's other address, and
 * read that address as its own origin (src/core/address/book.ts).
 */
export function pinnedResolver(resolver: Resolver, book: AddressBook): Resolver {
  const answers = new Map<string, Promise<ResolvedAddress[]>>();
  return (hostname) => {
    const held = book.addressOf(hostname);
    if (held !== undefined) return Promise.resolve([{ address: held, family: isIP(held) === 6 ? 6 : 4 }]);
    const name = hostname.toLowerCase();
    let answer = answers.get(name);
    if (answer === undefined) {
      answer = resolver(hostname);
      answers.set(name, answer);
      // A failed lookup is not pinned: the next request asks again.
      answer.catch(() => answers.delete(name));
    }
    return answer;
  };
}
