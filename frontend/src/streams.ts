/**
 * The Streams page's words and test events, as pure functions: what a stream keeps, the example
 * events the send form starts from, what a post wrote, and where a refused post went wrong.
 */
import { bytes, count } from './format';
import { escapePointerSegment, lineRange, locatePointer, offsetOf, type TextRange } from './jsonLocate';
import type { IngestResult, Problem, Retention, StreamColumn } from './types';

/** How a post of events is written: a JSON array of objects, or one object per line (NDJSON). */
export type EventLayout = 'ndjson' | 'array';

export const CONTENT_TYPES: Record<EventLayout, string> = {
  ndjson: 'application/x-ndjson',
  array: 'application/json',
};

/** The layout of a text as the user wrote it: a JSON array when it starts with '[', NDJSON otherwise. */
export function layoutOf(text: string): EventLayout {
  return text.trimStart().startsWith('[') ? 'array' : 'ndjson';
}

/** The n-th (from 1) test value of a column, of the JSON kind the service reads for its type. */
function exampleValue(column: StreamColumn, n: number, now: number): unknown {
  switch (column.type) {
    case 'boolean': return n % 2 === 1;
    case 'int':
    case 'bigint': return n;
    case 'double': return n + 0.5;
    case 'string': return `${column.name}-${n}`;
    case 'binary': return btoa(`${column.name}-${n}`);
    // Whole seconds, in the form the service's own example uses: 2026-12-01T10:00:00Z.
    case 'timestamp': return new Date(Math.floor(now / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    default: return null;
  }
}

/** A few test events with a value for every column, written as NDJSON or a JSON array, one event a line. */
export function exampleEvents(columns: StreamColumn[], layout: EventLayout, now: number, events = 2): string {
  const lines = Array.from({ length: events }, (_, i) =>
    JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, exampleValue(c, i + 1, now)]))));
  return layout === 'ndjson' ? `${lines.join('\n')}\n` : `[\n${lines.map((line) => `  ${line}`).join(',\n')}\n]\n`;
}

/** What a post wrote: a headline, and per partition the offsets its events got. */
export function writtenSummary(result: IngestResult): { headline: string; ranges: string[] } {
  return {
    headline: `${count(result.events)} event${result.events === 1 ? '' : 's'} written`,
    ranges: result.partitions.map((p) => p.count === 1
      ? `partition ${p.partition}: offset ${p.firstOffset}`
      : `partition ${p.partition}: offsets ${p.firstOffset}–${p.firstOffset + p.count - 1}`),
  };
}

/** One part of where a refused post went wrong, and its words. */
export interface ProblemPlace {
  kind: 'event' | 'field' | 'line';
  text: string;
}

/**
 * Where a refused post went wrong: the event by its 0-based index (as the problem's detail
 * counts), the field, and the line in NDJSON or where the text stopped being JSON.
 */
export function problemPlaces(problem: Problem): ProblemPlace[] {
  const places: ProblemPlace[] = [];
  if (problem.index !== undefined) places.push({ kind: 'event', text: `event ${problem.index}` });
  if (problem.field !== undefined) places.push({ kind: 'field', text: `field ${problem.field}` });
  if (problem.line !== undefined) {
    places.push({ kind: 'line', text: problem.column === undefined ? `line ${problem.line}`
      : `line ${problem.line}, column ${problem.column}` });
  }
  return places;
}

/**
 * The text a refused post's problem points at: the field by its pointer in an array, the field
 * within the event's line in NDJSON (the whole line when no field is named or it is not written),
 * or the character where the text stopped being JSON.
 */
export function problemRange(text: string, problem: Problem): TextRange | null {
  if (problem.pointer !== undefined) return locatePointer(text, problem.pointer);
  if (problem.line === undefined) return null;
  if (problem.column !== undefined) {
    const at = offsetOf(text, problem.line, problem.column);
    return { start: at, end: at + 1 };
  }
  const line = lineRange(text, problem.line);
  if (problem.field === undefined) return line;
  const field = locatePointer(text.slice(line.start, line.end), `/${escapePointerSegment(problem.field)}`);
  return field ? { start: line.start + field.start, end: line.start + field.end } : line;
}

/**
 * A stream's retention in words: how old (as the service writes the interval, "7 days"), how
 * large, and whether unread events outlive both.
 */
export function retentionText(retention: Retention | undefined): string {
  if (!retention) return '–';
  const age = retention.maxAge;
  return [
    age === undefined ? 'any age' : `up to ${age} old`,
    retention.maxBytes > 0 ? `up to ${bytes(retention.maxBytes)} a partition` : 'any size',
    retention.keepUnread ? 'unread kept' : 'unread not kept',
  ].join(' · ');
}

/**
 * Whether a stream keeps every event for ever, and so grows until its disk is full: created with
 * "retention": {}, or before streams had a default retention (arus.streams.default-retention).
 */
export function keepsEverything(retention: Retention | undefined): boolean {
  return retention !== undefined && retention.maxAge === undefined && retention.maxBytes <= 0;
}
