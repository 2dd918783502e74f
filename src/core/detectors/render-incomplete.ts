import type { RenderIncompleteReason } from '../types.js';
import type { Detector } from './detector.js';

/** What each reason means, for the finding's sentence. */
const WHY: Readonly<Record<RenderIncompleteReason, string>> = Object.freeze({
  queue: 'no render slot became free within the time the render had',
  timeout: 'the render did not finish within its time (timeout + renderWait)',
  request_limit: 'the page made more requests than a render may',
  byte_limit: 'the page received more decoded bytes than a render may',
  memory_limit: "the page's browser context used more memory than a render may",
  form_post: 'the page submitted a form by a method other than GET, which is never sent',
  crashed: "the page's renderer process crashed",
});

/**
 * A render that was asked for and did not run or did not finish: whether the page would have navigated on its own is
 * not known, and the result says so rather than passing for a page that stays put.
 */
export const renderIncomplete: Detector = ({ renderIncomplete: cut }) =>
  cut === undefined
    ? []
    : [
        {
          type: 'render_incomplete',
          severity: 'error',
          message: `Hop ${cut.hop + 1} was not fully rendered: ${WHY[cut.reason]} (${cut.detail}); its JavaScript redirect, if any, is unknown`,
          hop: cut.hop,
        },
      ];
