import { isWindowValue } from './results';

export function rate(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(1)} k`;
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export function ms(value: number | undefined | null): string {
  if (value === undefined || value === null) return '–';
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`;
}

/** An instant as the console sink writes it: UTC, seconds, no zone. */
export function consoleTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
}

/** The time of day in UTC, for axes and markers. */
export function timeOfDay(msSinceEpoch: number | null | undefined): string {
  if (msSinceEpoch === null || msSinceEpoch === undefined) return '–';
  return new Date(msSinceEpoch).toISOString().slice(11, 19);
}

/** A cell as Spark's console sink shows it with truncate=false. */
export function consoleCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (isWindowValue(value)) return `{${consoleTime(value.start)}, ${consoleTime(value.end)}}`;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return /^\d{4}-\d\d-\d\dT/.test(value) ? consoleTime(value) : value;
  return JSON.stringify(value);
}
