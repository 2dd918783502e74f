/**
 * SARIF output validated against the OASIS SARIF 2.1.0 JSON Schema, vendored in test/fixtures (its source in
 * test/fixtures/README.md). The schema is draft-04, hence ajv's draft-04 build; its patterns are not all valid with
 * the `u` flag, hence `unicodeRegExp: false`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv-draft-04';
import formatsModule from 'ajv-formats';
import { ROOT } from './cli.js';

// Both are CommonJS modules whose export is the default one.
const Ajv = AjvModule.default;
const addFormats = formatsModule.default;

const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);

/** Validates a SARIF log; its `errors` say why one is not. */
export const validateSarif = ajv.compile(
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif-schema-2.1.0.json'), 'utf8')),
);
