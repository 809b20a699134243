import { SQLDialect } from '@codemirror/lang-sql';

/**
 * Spark SQL as CodeMirror reads it: Spark's keywords (those of its query grammar, the streaming
 * clauses WATERMARK ... DELAY OF and STREAM, Declarative Pipelines' CREATE STREAMING TABLE, the
 * interval units), its type names, strings in single or double quotes with backslash escapes,
 * and identifiers in back-quotes, matched in any case. The functions are not listed here: the
 * editor completes those the service's engine binds (GET /api/sql/functions).
 */
const KEYWORDS = [
  'select', 'distinct', 'all', 'from', 'where', 'group', 'by', 'having', 'order', 'sort', 'limit', 'offset', 'as',
  'and', 'or', 'not', 'in', 'is', 'null', 'like', 'ilike', 'rlike', 'regexp', 'between', 'exists', 'case', 'when',
  'then', 'else', 'end', 'cast', 'try_cast', 'div', 'union', 'except', 'intersect', 'minus', 'join', 'inner', 'left',
  'right', 'full', 'outer', 'cross', 'semi', 'anti', 'natural', 'on', 'using', 'lateral', 'view', 'with', 'stream',
  'watermark', 'delay', 'of', 'interval', 'create', 'streaming', 'table', 'true', 'false', 'asc', 'desc', 'nulls',
  'first', 'last', 'over', 'partition', 'rows', 'range', 'qualify', 'pivot', 'unpivot', 'tablesample', 'values',
  'year', 'years', 'month', 'months', 'week', 'weeks', 'day', 'days', 'hour', 'hours', 'minute', 'minutes', 'second',
  'seconds', 'millisecond', 'milliseconds', 'microsecond', 'microseconds',
];

/** Spark's type names, as CAST and DDL write them. */
export const TYPES = [
  'boolean', 'tinyint', 'byte', 'smallint', 'short', 'int', 'integer', 'bigint', 'long', 'float', 'real', 'double',
  'decimal', 'dec', 'numeric', 'string', 'varchar', 'char', 'binary', 'date', 'timestamp', 'timestamp_ntz',
  'timestamp_ltz', 'array', 'map', 'struct', 'void',
];

export const SparkSQL = SQLDialect.define({
  keywords: KEYWORDS.join(' '),
  types: TYPES.join(' '),
  backslashEscapes: true,
  doubleQuotedStrings: true,
  identifierQuotes: '`',
  caseInsensitiveIdentifiers: true,
});
