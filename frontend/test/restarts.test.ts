import { describe, expect, it } from 'vitest';
import { restartSummary, stoppable } from '../src/restarts';

const RESTART = { strategy: 'exponential-delay', attempt: 3, maxAttempts: 20, nextAttemptAt: '2026-10-16T13:29:20.000Z' };
const FULL = { class: 'dev.arus.engine.streaming.StorageWriteException', errorClass: 'STORAGE_WRITE_FAILED.FULL',
  message: '[STORAGE_WRITE_FAILED.FULL] Cannot write cp/commits/4: No space left on device' };

describe('restartSummary', () => {
  it('says when the next attempt comes, which restart it is and after which failure', () => {
    const now = Date.parse('2026-10-16T13:29:12.000Z');
    expect(restartSummary(RESTART, FULL, now))
      .toBe('next attempt 13:29:20 UTC (in 8.0 s) · restart 3 of 20, exponential-delay · after STORAGE_WRITE_FAILED.FULL');
  });

  it('never counts down below zero while the attempt is starting', () => {
    const late = Date.parse('2026-10-16T13:29:25.000Z');
    expect(restartSummary(RESTART, null, late)).toBe('next attempt 13:29:20 UTC (in 0.0 s) · restart 3 of 20, exponential-delay');
  });
});

describe('stoppable', () => {
  it('lets a user stop a running query and one waiting for its restart, not one that has ended', () => {
    expect(stoppable('ACTIVE')).toBe(true);
    expect(stoppable('RESTARTING')).toBe(true);
    expect(stoppable('FAILED')).toBe(false);
    expect(stoppable('STOPPED')).toBe(false);
    expect(stoppable(null)).toBe(false);
  });
});
