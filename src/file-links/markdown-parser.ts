import MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** Set on a `link_open` or `image` token written as an inline link `[text](url)`, not by reference (`[text][ref]`). */
export const INLINE_META = 'hoplensInline';

/**
 * Wraps markdown-it's `link` or `image` rule to note, on the token it makes, whether the link was written inline:
 * markdown-it gives a reference link (`[text][label]`, CommonMark 6.3 "full/collapsed/shortcut reference link") the
 * same token as an inline one, and only an inline link has its target where the link is.
 */
function markInline(original: InlineRule, labelOffset: number): InlineRule {
  return (state, silent) => {
    const count = state.tokens.length;
    const opens = state.src.charCodeAt(state.pos + labelOffset) === 0x5b;
    const labelEnd = opens ? state.md.helpers.parseLinkLabel(state, state.pos + labelOffset, labelOffset === 0) : -1;
    const matched = original(state, silent);
    if (matched && !silent && labelEnd >= 0) tag(state, count, labelEnd);
    return matched;
  };
}

function tag(state: StateInline, count: number, labelEnd: number): void {
  // An inline link's label is followed by `(`; one that fell back to a shortcut reference ends at the label.
  if (state.src.charCodeAt(labelEnd + 1) !== 0x28 || state.pos <= labelEnd + 1) return;
  const token = state.tokens.slice(count).find((t) => t.type === 'link_open' || t.type === 'image');
  if (token !== undefined) token.meta = { ...(token.meta ?? {}), [INLINE_META]: true };
}

interface NamedRules {
  __rules__: Array<{ name: string; fn: InlineRule }>;
}

function wrapRule(md: MarkdownIt, name: 'link' | 'image', labelOffset: number): void {
  const rules = (md.inline.ruler as unknown as NamedRules).__rules__;
  const original = rules.find((rule) => rule.name === name)?.fn;
  if (original !== undefined) md.inline.ruler.at(name, markInline(original, labelOffset));
}

/**
 * The CommonMark parser files are read with: markdown-it (a CommonMark-compliant parser) with raw HTML on (so `<a
 * href>` in Markdown is parsed) and GFM-style bare links on, limited to URLs with a scheme (`www.example.com` alone
 * is not rewritten: its text is what the reader sees).
 */
export function markdownParser(): MarkdownIt {
  const md = new MarkdownIt('default', { html: true, linkify: true });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  wrapRule(md, 'link', 0);
  wrapRule(md, 'image', 1);
  return md;
}
