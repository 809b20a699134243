package dev.arus.server.web;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Map;

/**
 * Request bodies decoded strictly before a JSON reader sees them: Jackson's own UTF-8 reader
 * lets through what is not UTF-8, such as the overlong {@code C0 AF} it reads as {@code /}.
 */
public final class WellFormedText {

    private WellFormedText() {
    }

    /** Decodes {@code body} strictly; the first malformed or unmappable sequence is a problem saying where it is. */
    public static void require(byte[] body, Charset charset) {
        decode(body, charset);
    }

    /**
     * The text of {@code body}, decoded strictly, for a reader that should take it as it was
     * checked: Jackson's reader of bytes guesses UTF-16 or UTF-32 from zero bytes at the start,
     * which UTF-8 allows (as NUL).
     *
     * @throws ProblemException {@code malformed-json} at the first malformed or unmappable sequence
     */
    public static CharBuffer decode(byte[] body, Charset charset) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer decoded = CharBuffer.allocate((int) Math.ceil(body.length * (double) decoder.maxCharsPerByte()) + 1);
        CoderResult result = decoder.decode(ByteBuffer.wrap(body), decoded, true);
        if (!result.isError()) {
            decoder.flush(decoded);
            return decoded.flip();
        }
        decoded.flip();
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < decoded.limit(); i++) {
            if (decoded.get(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = decoded.limit() - lineStart + 1;
        throw new ProblemException(ProblemType.MALFORMED_JSON, "Malformed JSON at line " + line + ", column " + column
                + ": the bytes there are not well-formed " + charset.name() + " (an invalid, overlong or unmappable sequence)",
                Map.of("line", line, "column", column));
    }

}
