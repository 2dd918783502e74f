/**
 * `GET /api/limits`: how many analyses this instance allows the caller per window and how many are left, without
 * counting one. The page's many-URLs mode reads it to say how many rows it can check before it starts.
 */
import { type Static, Type } from 'typebox';

const WindowSchema = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, description: 'Analyses allowed per window' }),
    remaining: Type.Integer({ minimum: 0, description: 'Analyses left in the current window' }),
    reset: Type.Integer({ description: 'UTC epoch seconds at which the current window resets' }),
    window: Type.Integer({ minimum: 1, description: 'Length of the window, in seconds' }),
  },
  { additionalProperties: false },
);

export const LimitsResponseSchema = Type.Object(
  {
    minute: WindowSchema,
    day: WindowSchema,
  },
  {
    additionalProperties: false,
    description: "The caller's two rate-limit windows (per client IP address); reading them counts nothing",
  },
);

/** The body of a 200 from `GET /api/limits`. */
export type LimitsResponse = Static<typeof LimitsResponseSchema>;
