/**
 * Where things are in a JSON text, read with jsonc-parser (the parser of VS Code's JSON support,
 * which keeps every value's offset): the value a JSON pointer (RFC 6901) names, so that a server
 * error naming a field can be shown at that field, and the first syntax error.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface TextRange {
  start: number;
  end: number;
}

/** Strict JSON: what the service reads. */
const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.replace(/^\//, '').split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The syntax tree of strict JSON, or null when the text is not JSON. */
function tree(text: string): Node | null {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, STRICT);
  return root && errors.length === 0 ? root : null;
}

/** The node a pointer's segments lead to: array indices are numbers, object keys strings. */
function nodeAt(root: Node, segments: string[]): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of segments) {
    if (!node) return undefined;
    node = findNodeAtLocation(node, [node.type === 'array' ? Number(segment) : segment]);
  }
  return node;
}

/** The offset in the text of the character at a 0-based position of the string whose literal starts at `literal`. */
function charOffset(text: string, literal: TextRange, position: number): number {
  let at = literal.start + 1;
  for (let decoded = 0; decoded < position && at < literal.end - 1; decoded++) {
    at += text[at] !== '\\' ? 1 : text[at + 1] === 'u' ? 6 : 2;
  }
  return Math.min(at, literal.end - 1);
}

/**
 * The text range of the value at `pointer`; with `position`, for a string value, the range of
 * the character at that 0-based position of the decoded string (an escape counts as one). A
 * pointer to a field that is not written resolves to its nearest written ancestor; null for
 * text that is not JSON.
 */
export function locatePointer(text: string, pointer: string, position?: number): TextRange | null {
  const root = tree(text);
  if (!root) return null;
  const segments = pointerSegments(pointer);
  for (let depth = segments.length; depth >= 0; depth--) {
    const node = nodeAt(root, segments.slice(0, depth));
    if (!node) continue;
    const range = { start: node.offset, end: node.offset + node.length };
    if (position !== undefined && node.type === 'string' && depth === segments.length) {
      const at = charOffset(text, range, Math.max(position, 0));
      return { start: at, end: at + 1 };
    }
    return range;
  }
  return null;
}

/** The first place where a text stops being strict JSON, and what was expected there. */
export interface JsonSyntaxError {
  offset: number;
  length: number;
  message: string;
}

/** The first syntax error of the text, or null for JSON. */
export function syntaxError(text: string): JsonSyntaxError | null {
  const errors: ParseError[] = [];
  parseTree(text, errors, STRICT);
  const first = errors[0];
  if (!first) return null;
  // "PropertyNameExpected" reads as "Property name expected".
  const words = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { offset: first.offset, length: first.length, message: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The offset of a 1-based line and column; the inverse of {@link lineColumn}. */
export function offsetOf(text: string, line: number, column = 1): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1;
  return offset + column - 1;
}

/** The range of a 1-based line, without its newline. */
export function lineRange(text: string, line: number): TextRange {
  const start = offsetOf(text, line);
  const newline = text.indexOf('\n', start);
  return { start, end: newline < 0 ? text.length : newline };
}
