/**
 * Reading Markdown as GitHub does, where more than one room needs it: the anchors of a document's headings (the
 * served docs give them as ids; the files crawl checks `#fragment` links against them). A light entry: it loads
 * github-slugger and no reader of inputs.
 */
export { HeadingAnchors } from './heading-anchors.js';
