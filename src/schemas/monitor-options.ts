import { type TObject, type TOptional, Type } from 'typebox';
import { OPTION_TABLE, type OptionName, optionSpec } from '../core/index.js';
import { type OptionAnnotations, type OptionSchema, optionSchema } from './option-schema.js';

/**
 * The analysis options a monitor's runs take (docs/monitors.md), each declared by its row of the option table
 * (src/core/portable/option-table.ts): its type and range come from there, as the API's query's do. What is written
 * here is only what a monitor's schema says beyond them, as it said before it was derived: the default of
 * `clientRedirects` (which the API's answers write for a monitor that set none) and two descriptions.
 */
const MONITOR_OPTIONS = {
  userAgent: {},
  maxHops: {},
  timeout: {},
  clientRedirects: { withDefault: true },
  render: { description: 'Only where the instance renders (`HOPLENS_RENDER=on`)' },
  renderWait: {},
  crawler: { description: OPTION_TABLE.crawler.query },
} as const satisfies Partial<Record<OptionName, OptionAnnotations>>;

type MonitorOptionName = keyof typeof MONITOR_OPTIONS;

/** The options' schemas, typed as the table declares them. */
type MonitorOptionFields = { [K in MonitorOptionName]: TOptional<OptionSchema<(typeof OPTION_TABLE)[K]>> };

function monitorOptionFields(): MonitorOptionFields {
  const entries = Object.entries(MONITOR_OPTIONS).map(([name, annotations]) => [
    name,
    Type.Optional(optionSchema(optionSpec(name as MonitorOptionName), annotations)),
  ]);
  return Object.fromEntries(entries) as MonitorOptionFields;
}

/** The analysis options of a monitor: those of the table above, nothing else. */
export const MonitorOptionsSchema: TObject<MonitorOptionFields> = Type.Object(monitorOptionFields(), {
  additionalProperties: false,
});
