/** The crawl room's entry: links found in files (files/). */
export * from './files/index.js';
