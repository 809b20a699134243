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

/** A size in binary units, as the docs write them (64 KiB): three significant digits. */
export function bytes(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let scaled = value;
  let unit = 0;
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit++;
  }
  if (unit === 0) return `${value} B`;
  return `${scaled >= 100 ? scaled.toFixed(0) : scaled >= 10 ? scaled.toFixed(1) : scaled.toFixed(2)} ${units[unit]}`;
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with thousands separators: 12,345. */
export function count(value: number | undefined | null): string {
  return value === undefined || value === null || !Number.isFinite(value) ? '–' : WHOLE.format(value);
}

/** A span of seconds as a person says it: 0.4 s, 42 s, 3 min 5 s, 2 h 10 min, 3 d 4 h. */
export function duration(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null || !Number.isFinite(seconds)) return '–';
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const [big, small, bigUnit, smallUnit] = whole < 3600 ? [Math.floor(whole / 60), whole % 60, 'min', 's']
    : whole < 86_400 ? [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, 'h', 'min']
      : [Math.floor(whole / 86_400), Math.floor(whole / 3600) % 24, 'd', 'h'];
  if (big === 0) return `${small} ${smallUnit}`;
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${small} ${smallUnit}`;
}
