import { type Static, Type } from 'typebox';
import { ISSUE_TYPES } from '../issue-types.js';

/** What a policy file may set an issue type's severity to; `off` drops its findings. */
export const SEVERITY_SETTINGS = Object.freeze(['error', 'warning', 'info', 'off'] as const);

/** A severity setting of a policy file. */
export type SeveritySetting = (typeof SEVERITY_SETTINGS)[number];

const positive = (description: string) => Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description }));

const AllowRuleSchema = Type.Object(
  {
    from: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "A URL pattern (WHATWG URLPattern syntax) matched against the URL of the finding's hop; for a finding about " +
          'the whole chain, against the first URL. Absent: any URL.',
        examples: ['https://example.com/old/*'],
      }),
    ),
    to: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'A URL pattern matched against where that hop leads: the next hop, or the URL it redirects to when that was ' +
          'not followed; for a finding about the whole chain, against the final URL. Absent: anywhere.',
        examples: ['https://example.com/new/*'],
      }),
    ),
    issues: Type.Optional(
      Type.Array(Type.Enum([...ISSUE_TYPES]), {
        minItems: 1,
        description: 'The issue types this rule silences (absent: every type).',
      }),
    ),
  },
  { additionalProperties: false, description: 'A redirect that is fine: findings on a matching hop are dropped.' },
);

/**
 * The schema of `hoplens.config.json`, the policy file. schema/hoplens.config.schema.json is generated from it
 * (test/core/policy-schema-file.test.ts keeps the committed file equal to it).
 */
export const PolicyFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'The JSON Schema of this file, for editors.' })),
    severity: Type.Optional(
      Type.Object(
        Object.fromEntries(ISSUE_TYPES.map((type) => [type, Type.Optional(Type.Enum([...SEVERITY_SETTINGS]))])),
        {
          additionalProperties: false,
          description: "Severity per issue type, replacing the detector's: error, warning, info, or off (dropped).",
        },
      ),
    ),
    allow: Type.Optional(Type.Array(AllowRuleSchema, { description: 'Redirects that are fine.' })),
    thresholds: Type.Optional(
      Type.Object(
        {
          chainWarning: positive('Redirects in a chain from which redirect_chain is a warning.'),
          chainError: positive('Redirects in a chain from which redirect_chain is an error.'),
          collapseThreshold: positive(
            'hoplens check: rows ending on one unexpected final URL from which each gets redirect_collapse.',
          ),
          maxUrlLength: positive('Longest URL, in characters, before url_too_long.'),
          certificateExpiryDays: positive('Days before a certificate expires from which it is reported.'),
        },
        { additionalProperties: false, description: 'The numbers findings are judged by.' },
      ),
    ),
  },
  {
    additionalProperties: false,
    title: 'hoplens policy file (hoplens.config.json)',
    description: 'Severity overrides, allowed redirects and thresholds applied to every analysis.',
  },
);

/** A policy file's contents, as written. */
export type PolicyFile = Static<typeof PolicyFileSchema>;

/**
 * The schema's identity: a name, not a place (issue 44). hoplens is published on no registry, so no URL of one may
 * stand for it; editors find the file by the path a policy file's `$schema` gives (the package ships it as
 * `hoplens/schema/hoplens.config.schema.json`).
 */
export const POLICY_SCHEMA_ID = 'urn:hoplens:schema:hoplens.config';

/**
 * The JSON Schema document of the policy file, as written to schema/hoplens.config.schema.json (`npm run schema`).
 */
export function policyJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: POLICY_SCHEMA_ID,
    ...(JSON.parse(JSON.stringify(PolicyFileSchema)) as Record<string, unknown>),
  };
}
