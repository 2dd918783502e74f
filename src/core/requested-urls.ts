import { withoutFragment } from './portable/without-fragment.js';

/** Remembers which URLs were requested, with which cookies, to tell a loop from a revisit that changes state. */
export class RequestedUrls {
  private readonly seen = new Map<string, Array<{ cookie: string; hop: number }>>();

  record(url: URL, cookie: string, hop: number): void {
    const key = withoutFragment(url.href);
    const list = this.seen.get(key) ?? [];
    list.push({ cookie, hop });
    this.seen.set(key, list);
  }

  /** The index of the earlier hop this request would repeat, if any. */
  repeats(url: URL, cookie: string): number | undefined {
    return this.seen.get(withoutFragment(url.href))?.find((visit) => visit.cookie === cookie)?.hop;
  }
}
