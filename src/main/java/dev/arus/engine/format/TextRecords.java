package dev.arus.engine.format;

import dev.arus.engine.streaming.ArusException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The lines of a text file, as Spark's line readers split them: on {@code \n}, {@code \r\n} or {@code \r}. */
final class TextRecords {

    private TextRecords() {
    }

    /** The file's whole text. */
    static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ArusException("FAILED_READ_FILE.FILE_NOT_EXIST", "[FAILED_READ_FILE.FILE_NOT_EXIST] Encountered "
                    + "error while reading file " + file.toUri() + ". File does not exist. It is possible the "
                    + "underlying files have been updated. SQLSTATE: KD001", e);
        } catch (IOException e) {
            throw new ArusException("FAILED_READ_FILE.NO_HINT", "[FAILED_READ_FILE.NO_HINT] Encountered error while "
                    + "reading file " + file.toUri() + ".  SQLSTATE: KD001", e);
        }
    }

    /** The file's lines that are not blank; with {@code skipFirst}, without the first of them (a header). */
    static List<String> lines(Path file, boolean skipFirst) {
        String text = text(file);
        List<String> lines = new ArrayList<>();
        int start = 0;
        int length = text.length();
        boolean skipping = skipFirst;
        while (start < length) {
            int end = start;
            while (end < length && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
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

    private static boolean isBlank(String text, int start, int end) {
        for (int i = start; i < end; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
