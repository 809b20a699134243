package dev.arus.engine.format;

import dev.arus.engine.streaming.ArusException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The lines of a text file, as Spark's line readers split them: on {@code \n}, {@code \r\n} or {@code \r}. */
final class TextRecords {

    private TextRecords() {
    }

    /** The file's whole text. */
    static String text(Path file) {
        return new String(bytes(file), StandardCharsets.UTF_8);
    }

    /** The file's bytes. */
    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ArusException("FAILED_READ_FILE.FILE_NOT_EXIST", "[FAILED_READ_FILE.FILE_NOT_EXIST] Encountered "
                    + "error while reading file " + file.toUri() + ". File does not exist. It is possible the "
                    + "underlying files have been updated. SQLSTATE: KD001", e);
        } catch (IOException e) {
            throw new ArusException("FAILED_READ_FILE.NO_HINT", "[FAILED_READ_FILE.NO_HINT] Encountered error while "
                    + "reading file " + file.toUri() + ".  SQLSTATE: KD001", e);
        }
    }

    /**
     * The lines of UTF-8 text, as offsets into its bytes, for a reader that parses the bytes
     * without making a string of each line: {@code starts[i]} and {@code ends[i]} bound line
     * {@code i}. Lines of ASCII whitespace only are left out, as a JSON parser reads nothing
     * from them.
     */
    record ByteLines(byte[] bytes, int[] starts, int[] ends, int count) {

        /** Line {@code i} as text. */
        String text(int i) {
            return new String(bytes, starts[i], ends[i] - starts[i], StandardCharsets.UTF_8);
        }

        static ByteLines of(byte[] bytes) {
            int[] starts = new int[16];
            int[] ends = new int[16];
            int count = 0;
            int start = 0;
            while (start < bytes.length) {
                int end = lineEnd(bytes, start);
                int first = start;
                while (first < end && (bytes[first] == ' ' || bytes[first] == '\t')) {
                    first++;
                }
                if (first < end) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                        ends = Arrays.copyOf(ends, count * 2);
                    }
                    starts[count] = start;
                    ends[count++] = end;
                }
                start = end + 1;
                if (end < bytes.length && bytes[end] == '\r' && start < bytes.length && bytes[start] == '\n') {
                    start++;
                }
            }
            return new ByteLines(bytes, starts, ends, count);
        }

        /** The first {@code \n} or {@code \r} from {@code from} on, or the end: eight bytes at a time, then one by one. */
        private static int lineEnd(byte[] bytes, int from) {
            int at = from;
            while (at + Long.BYTES <= bytes.length) {
                long word = (long) LONGS.get(bytes, at);
                if (hasByte(word, NEWLINES) || hasByte(word, RETURNS)) {
                    break;
                }
                at += Long.BYTES;
            }
            while (at < bytes.length && bytes[at] != '\n' && bytes[at] != '\r') {
                at++;
            }
            return at;
        }

        /** Whether a byte of {@code word} equals the byte repeated in {@code pattern} (the exact zero-byte test). */
        private static boolean hasByte(long word, long pattern) {
            long x = word ^ pattern;
            return ((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0;
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long RETURNS = 0x0D0D0D0D0D0D0D0DL;

    /**
     * The file's lines that are not blank; with {@code skipFirst}, without the first of them (a
     * header). A file without {@code \r} is split by {@link String#indexOf(int, int)}, which the
     * JVM vectorises; one with it, character by character.
     */
    static List<String> lines(Path file, boolean skipFirst) {
        String text = text(file);
        List<String> lines = new ArrayList<>();
        int start = 0;
        int length = text.length();
        boolean returns = text.indexOf('\r') >= 0;
        boolean skipping = skipFirst;
        while (start < length) {
            int end = returns ? lineEnd(text, start) : text.indexOf('\n', start);
            if (end < 0) {
                end = length;
            }
            if (!isBlank(text, start, end)) {
                if (skipping) {
                    skipping = false;
                } else {
                    lines.add(text.substring(start, end));
                }
            }
            start = end + 1;
            if (end < length && text.charAt(end) == '\r' && start < length && text.charAt(start) == '\n') {
                start++;
            }
        }
        return lines;
    }

    private static int lineEnd(String text, int start) {
        int end = start;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return end;
    }

    private static boolean isBlank(String text, int start, int end) {
        for (int i = start; i < end; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
