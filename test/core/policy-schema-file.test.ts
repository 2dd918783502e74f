/** The published JSON Schema of the policy file is generated from its TypeBox definition, never edited by hand. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { policyJsonSchema } from '../../src/core/policy/policy-parse.js';
import { ISSUE_TYPES } from '../../src/index.js';

const FILE = new URL('../../schema/hoplens.config.schema.json', import.meta.url);

describe('schema/hoplens.config.schema.json', () => {
  it('is what src/core/policy/policy-schema.ts generates (run `npm run schema` after changing it)', () => {
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(policyJsonSchema());
  });

  it('names every issue type under severity, and is shipped in the package', () => {
    const schema = policyJsonSchema() as { properties: { severity: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.severity.properties)).toEqual([...ISSUE_TYPES]);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('schema');
  });
});
