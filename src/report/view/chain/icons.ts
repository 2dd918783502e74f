/** Inline SVG icons built in the DOM (no icon font, no external file, nothing inline in the markup). */
import type { RedirectVia } from './redirect-via.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(viewBox: string, ...shapes: Array<[string, Record<string, string>]>): SVGSVGElement {
  const root = document.createElementNS(SVG, 'svg');
  root.setAttribute('viewBox', viewBox);
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('focusable', 'false');
  root.setAttribute('class', 'icon');
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) shape.setAttribute(name, value);
    root.append(shape);
  }
  return root;
}

/** Two overlapping sheets. */
export function copyIcon(): SVGSVGElement {
  return svg(
    '0 0 24 24',
    ['rect', { x: '8', y: '8', width: '12', height: '12', rx: '2' }],
    ['path', { d: 'M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2' }],
  );
}

/** One icon per way a hop leads to the next (see redirect-via.ts): always beside the words, never alone. */
const VIA_SHAPES: Readonly<Record<RedirectVia, string[]>> = {
  // An arrow: the server sends the browser on.
  http: ['M5 12h14', 'M13 6l6 6-6 6'],
  // A reload arrow: the Refresh header.
  'refresh-header': ['M20 12a8 8 0 1 1-2.34-5.66', 'M20 4v4h-4'],
  // A tag: the page's markup.
  'meta-refresh': ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  // Braces: the page's script.
  javascript: [
    'M8 4a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2 2 2 0 0 1 2 2v4a2 2 0 0 0 2 2',
    'M16 4a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2 2 2 0 0 0-2 2v4a2 2 0 0 1-2 2',
  ],
  // A padlock: the browser's own upgrade to https.
  hsts: ['M6 11h12v9H6z', 'M8 11V7a4 4 0 0 1 8 0v4'],
};

export function viaIcon(via: RedirectVia): SVGSVGElement {
  return svg('0 0 24 24', ...VIA_SHAPES[via].map((d): [string, Record<string, string>] => ['path', { d }]));
}
