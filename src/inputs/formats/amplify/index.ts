import type { RuleFormatSpec } from '../spec.js';
import { readAmplify } from './read.js';

/** AWS Amplify's redirects and rewrites JSON. */
export const amplifyFormat: RuleFormatSpec = {
  read: readAmplify,
  write: async (text, edits) => (await import('./writer.js')).writeAmplify(text, edits),
};
