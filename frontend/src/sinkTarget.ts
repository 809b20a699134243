import type { ProgressView, QuerySpec } from './types';

/** Where a query's sink writes, and when it last wrote, as the query page shows it. */
export interface SinkTarget {
  format: string;
  /** The table (`shop: revenue`), the URL as the service shows it (its secrets masked), the path or topic; null if none. */
  target: string | null;
  /** When the sink last wrote rows (ISO-8601), from its progress metrics; null when it has not or does not say. */
  lastWriteAt: string | null;
  /** Rows the sink wrote in the latest batch, when it says. */
  rowsWritten: number | null;
}

function option(spec: QuerySpec | undefined, name: string): string | null {
  const options = spec?.sink?.options;
  if (!options) return null;
  const key = Object.keys(options).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : options[key];
  return value === undefined || value === null ? null : String(value);
}

/**
 * The sink of `spec` after the progress reports `progress` (oldest first): its target as the
 * latest report's sink metrics name it (the jdbc and http sinks say), else from the spec's
 * options (a table and its connection, a URL the service already masked, a path, a topic or a
 * stream); its last write as the latest report that has one says.
 */
export function sinkTarget(spec: QuerySpec | undefined, progress: ProgressView[]): SinkTarget | null {
  const format = spec?.sink?.format;
  if (!format) return null;
  let lastWriteAt: string | null = null;
  let target: string | null = null;
  for (let i = progress.length - 1; i >= 0 && (lastWriteAt === null || target === null); i--) {
    const metrics = progress[i]?.sink.metrics ?? {};
    lastWriteAt ??= metrics.lastWriteAt ?? null;
    target ??= metrics.target ?? null;
  }
  const table = option(spec, 'table');
  target ??= table !== null ? `${option(spec, 'connection') ?? ''}: ${table}`
    : option(spec, 'url') ?? option(spec, 'path') ?? option(spec, 'topic') ?? option(spec, 'stream');
  const latest = progress[progress.length - 1]?.sink.metrics?.rowsWritten;
  return { format, target, lastWriteAt, rowsWritten: latest === undefined ? null : Number(latest) };
}

/** The sink in words, as the page lists it: its format, then its target when it has one. */
export function sinkText(sink: SinkTarget): string {
  return sink.target ? `${sink.format} · ${sink.target}` : sink.format;
}
