package dev.arus.engine.streaming;

/**
 * A place in a text as editors show it: the 1-based line and the 1-based column (characters
 * from the line's start). Spark's messages print the line and the 0-based {@code pos} in it,
 * which is {@code column - 1}.
 */
public record TextPosition(int line, int column) {

    /** The line and column of the 0-based {@code offset} in {@code text}; lines end at {@code \n}. */
    public static TextPosition of(String text, int offset) {
        int end = Math.max(0, Math.min(offset, text.length()));
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new TextPosition(line, end - lineStart + 1);
    }
}
