/**
 * hoplens: trace a URL's redirect chain hop by hop and detect what is wrong with it.
 * @packageDocumentation
 */
export * from './core/index.js';
export * from './core/policy-parse.js';
export * from './render/index.js';
