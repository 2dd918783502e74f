/**
 * A style sheet's bytes decoded as CSS Syntax Level 3 says (3.2): a BOM, then the Content-Type's charset, then a
 * leading `@charset "x";`, else UTF-8.
 */
import { describe, expect, it } from 'vitest';
import { stylesheetText } from '../../src/crawl/stylesheet-text.js';

describe('stylesheetText', () => {
  const latin1 = Buffer.from('a { x: url(/caf\u00e9.png) }', 'latin1');

  it('reads UTF-8 by default, and a BOM before anything', () => {
    expect(stylesheetText(Buffer.from('a { x: url(/caf\u00e9.png) }'), 'text/css')).toContain('/caf\u00e9.png');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a{}')]);
    expect(stylesheetText(bom, 'text/css; charset=iso-8859-1')).toBe('a{}');
  });

  it("takes the Content-Type's charset, then @charset, an unknown label counting as none", () => {
    expect(stylesheetText(latin1, 'text/css; charset="ISO-8859-1"')).toContain('/caf\u00e9.png');
    const declared = Buffer.concat([Buffer.from('@charset "windows-1252";'), latin1]);
    expect(stylesheetText(declared, 'text/css; charset=nonsense')).toContain('/caf\u00e9.png');
    expect(stylesheetText(Buffer.from('@charset "utf-16";a{}'), 'text/css')).toBe('@charset "utf-16";a{}');
  });
});
