import { describe, expect, it } from 'vitest';
import { bytes, count, duration } from '../src/format';

describe('bytes', () => {
  it('keeps small sizes in bytes and larger ones in binary units with three significant digits', () => {
    expect(bytes(0)).toBe('0 B');
    expect(bytes(1023)).toBe('1023 B');
    expect(bytes(1536)).toBe('1.50 KiB');
    expect(bytes(65_536)).toBe('64.0 KiB');
    expect(bytes(300 * 1024 * 1024)).toBe('300 MiB');
    expect(bytes(1_073_741_824)).toBe('1.00 GiB');
  });

  it('shows a dash for a size the service did not give', () => {
    expect(bytes(undefined)).toBe('–');
  });
});

describe('count', () => {
  it('separates thousands', () => {
    expect(count(1_234_567)).toBe('1,234,567');
    expect(count(0)).toBe('0');
    expect(count(null)).toBe('–');
  });
});

describe('duration', () => {
  it('says a span of seconds in the largest two units that matter', () => {
    expect(duration(0.44)).toBe('0.4 s');
    expect(duration(42.4)).toBe('42 s');
    expect(duration(185)).toBe('3 min 5 s');
    expect(duration(600)).toBe('10 min');
    expect(duration(7_800)).toBe('2 h 10 min');
    expect(duration(86_400)).toBe('1 d');
    expect(duration(undefined)).toBe('–');
  });
});
