import { duration, timeOfDay } from './format';
import type { Failure, PendingRestart } from './types';

/**
 * What the dashboard says of a RESTARTING query, in a line: when its next attempt comes (the
 * time of day in UTC and how long from `now`), which restart of how many its strategy allows, and
 * the error class of the failure it restarts from (the status line says the failure's message).
 */
export function restartSummary(restart: PendingRestart, failure: Failure | null | undefined, now: number): string {
  const at = Date.parse(restart.nextAttemptAt);
  const wait = Math.max(0, (at - now) / 1000);
  const parts = [
    `next attempt ${timeOfDay(at)} UTC (in ${duration(wait)})`,
    `restart ${restart.attempt} of ${restart.maxAttempts}, ${restart.strategy}`,
  ];
  if (failure) parts.push(`after ${failure.errorClass}`);
  return parts.join(' · ');
}

/** Whether a query in `state` can be stopped: a running one, or one waiting for its restart (which the stop cancels). */
export function stoppable(state: string | null | undefined): boolean {
  return state === 'ACTIVE' || state === 'RESTARTING';
}
