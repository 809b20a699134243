package dev.arus.engine.time;

/**
 * Fixed-width runs of ASCII digits in date and time texts, read and written by hand: the common
 * timestamp forms are read and written per row or per batch, where a formatter costs more than
 * the rest of the work.
 */
public final class AsciiDigits {

    private AsciiDigits() {
    }

    /** The decimal number of {@code count} ASCII digits at {@code from}; -1 when one is not a digit. */
    public static int read(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** Writes {@code value} as {@code width} decimal digits ending before {@code at + width}. */
    public static void write(char[] text, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
