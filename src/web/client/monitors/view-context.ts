/** What each part of the monitors view is given: the token, where to draw, and how to show a failed call. */
import type { AdminOutcome } from './monitors-api.js';

export interface ViewContext {
  token: string;
  body: HTMLElement;
  /** Shows an outcome that is not `ok` in place of the view; returns whether it did. */
  problem(outcome: AdminOutcome<unknown>, retry: () => void): boolean;
  /** Goes to another place of the view (a real navigation: the address is the state). */
  go(path: string): void;
}
