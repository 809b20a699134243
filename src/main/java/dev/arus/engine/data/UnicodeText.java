package dev.arus.engine.data;

/**
 * Unicode text is a Java string with no half of a surrogate pair without the other half (a lone
 * surrogate). Only Unicode text has a UTF-8 form: Java's encoder writes a lone surrogate as
 * {@code ?}, and Spark's strings, UTF-8 bytes made with it, hold {@code ?} where one was. JSON
 * escapes ({@code "\ud800"}) make lone surrogates.
 */
public final class UnicodeText {

    private UnicodeText() {
    }

    /** The index of the first lone surrogate of {@code text}, or -1 when it is Unicode text. */
    public static int loneSurrogateAt(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else {
                return i;
            }
        }
        return -1;
    }
}
