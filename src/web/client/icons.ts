/** Inline SVG icons built in the DOM (no icon font, no external file, nothing inline in the markup). */

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
