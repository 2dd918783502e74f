/**
 * Writes schema/hoplens.config.schema.json, the JSON Schema of the policy file, from its TypeBox definition
 * (src/core/policy/policy-schema.ts). test/core/policy-schema-file.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { policyJsonSchema } from '../src/core/policy/policy-schema.js';

const target = fileURLToPath(new URL('../schema/hoplens.config.schema.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(policyJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
