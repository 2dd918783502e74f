/** The instance's limits for this visitor (`GET /api/limits`), read before a run to plan it; undefined when unknown. */
import type { Static } from 'typebox';
import type { LimitsResponseSchema } from '../../../schemas/limits.js';

export type Limits = Static<typeof LimitsResponseSchema>;

export async function fetchLimits(signal?: AbortSignal): Promise<Limits | undefined> {
  try {
    const response = await fetch('/api/limits', { headers: { accept: 'application/json' }, signal: signal ?? null });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Limits;
    return typeof body?.day?.remaining === 'number' && typeof body?.minute?.limit === 'number' ? body : undefined;
  } catch {
    return undefined;
  }
}

/** "30 a minute and 3,000 a day; 2,990 left today", for the plan line. */
export function describeLimits(limits: Limits): string {
  const n = (value: number) => value.toLocaleString('en');
  const per = limits.minute.window === 60 ? 'a minute' : `every ${n(limits.minute.window)} s`;
  return `This service checks up to ${n(limits.minute.limit)} URLs ${per} and ${n(limits.day.limit)} a day for you; ${n(limits.day.remaining)} left today.`;
}
