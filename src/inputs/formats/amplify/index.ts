import type { RuleFormatSpec } from '../spec.js';
import { readAmplify } from './read.js';
import { writeAmplify } from './writer.js';

/** AWS Amplify's redirects and rewrites JSON. */
export const amplifyFormat: RuleFormatSpec = { read: readAmplify, write: writeAmplify };
