/**
 * Finds where in a JSON text the value a JSON pointer (RFC 6901) names is written, so that a
 * server error naming a field can be shown at that field. Tolerates nothing: on text that does
 * not parse it answers null.
 */
export interface TextRange {
  start: number;
  end: number;
}

interface Located {
  range: TextRange;
  /** For a string value, the offset in the text of each decoded character, and one past the end. */
  charOffsets?: number[];
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer.replace(/^\//, '').split('/').map(unescapePointerSegment);
}

class Scanner {
  pos = 0;
  readonly found = new Map<string, Located>();

  constructor(private readonly text: string) {}

  skip(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  value(path: string): void {
    this.skip();
    const start = this.pos;
    const c = this.text[this.pos];
    let charOffsets: number[] | undefined;
    if (c === '{') this.object(path);
    else if (c === '[') this.array(path);
    else if (c === '"') charOffsets = this.string().offsets;
    else this.literal();
    this.found.set(path, charOffsets ? { range: { start, end: this.pos }, charOffsets } : { range: { start, end: this.pos } });
  }

  object(path: string): void {
    this.pos++;
    this.skip();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.skip();
      if (this.text[this.pos] !== '"') throw new Error('key expected');
      const key = this.string().value;
      this.skip();
      if (this.text[this.pos] !== ':') throw new Error(': expected');
      this.pos++;
      this.value(`${path}/${escapePointerSegment(key)}`);
      this.skip();
      const next = this.text[this.pos++];
      if (next === '}') return;
      if (next !== ',') throw new Error(', or } expected');
    }
  }

  array(path: string): void {
    this.pos++;
    this.skip();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (let i = 0; ; i++) {
      this.value(`${path}/${i}`);
      this.skip();
      const next = this.text[this.pos++];
      if (next === ']') return;
      if (next !== ',') throw new Error(', or ] expected');
    }
  }

  string(): { value: string; offsets: number[] } {
    const open = this.pos++;
    const offsets: number[] = [];
    let value = '';
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '"') {
        offsets.push(this.pos);
        this.pos++;
        return { value, offsets };
      }
      offsets.push(this.pos);
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        if (e === 'u') {
          value += String.fromCharCode(parseInt(this.text.slice(this.pos + 2, this.pos + 6), 16));
          this.pos += 6;
        } else {
          value += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e ?? ''] ?? e ?? '';
          this.pos += 2;
        }
      } else {
        value += c;
        this.pos++;
      }
    }
    throw new Error(`unterminated string at ${open}`);
  }

  literal(): void {
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.pos));
    if (!m) throw new Error(`value expected at ${this.pos}`);
    this.pos += m[0].length;
  }
}

/**
 * The text range of the value at {@code pointer}; with {@code position}, for a string value, the
 * range of the character at that 0-based position of the decoded string. A pointer to a field
 * that is not written resolves to its nearest written ancestor.
 */
export function locatePointer(text: string, pointer: string, position?: number): TextRange | null {
  const scanner = new Scanner(text);
  try {
    scanner.value('');
  } catch {
    return null;
  }
  let segments = pointerSegments(pointer);
  for (;;) {
    const path = segments.map((s) => `/${escapePointerSegment(s)}`).join('');
    const located = scanner.found.get(path);
    if (located) {
      if (position !== undefined && located.charOffsets && segments.length === pointerSegments(pointer).length) {
        const offsets = located.charOffsets;
        const at = offsets[Math.min(Math.max(position, 0), offsets.length - 1)] ?? located.range.start;
        return { start: at, end: Math.min(at + 1, located.range.end) };
      }
      return located.range;
    }
    if (segments.length === 0) return null;
    segments = segments.slice(0, -1);
  }
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

/** Where JSON.parse failed, as an offset, from the messages of V8 ("at position 12", "line 2 column 5"). */
export function parseErrorOffset(text: string, message: string): number | null {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lc = /line (\d+) column (\d+)/.exec(message);
  return lc ? offsetOf(text, Number(lc[1]), Number(lc[2])) : null;
}
