package dev.arus.server;

/**
 * Printable text is text that shows as what it says: it holds no control character (newline,
 * escape, NUL), no format character (a bidi override, a zero-width joiner), no line or paragraph
 * separator and no half of a surrogate pair. {@link #escape} makes any text printable by writing
 * each such character as a Java escape ({@code \n}, {@code \u001b}) and leaves printable text as
 * it is, so that a user's text in a log line can neither start a line of its own nor drive the
 * terminal that shows it.
 */
public final class PrintableText {

    private PrintableText() {
    }

    public static boolean isPrintable(String text) {
        return text.codePoints().allMatch(PrintableText::isPrintable);
    }

    /** {@code text} (its {@code toString()}, or {@code null}) with each unprintable character escaped. */
    public static String escape(Object text) {
        String string = String.valueOf(text);
        if (isPrintable(string)) {
            return string;
        }
        StringBuilder escaped = new StringBuilder(string.length() + 16);
        string.codePoints().forEach(codePoint -> {
            if (isPrintable(codePoint)) {
                escaped.appendCodePoint(codePoint);
            } else {
                switch (codePoint) {
                    case '\n' -> escaped.append("\\n");
                    case '\r' -> escaped.append("\\r");
                    case '\t' -> escaped.append("\\t");
                    default -> {
                        for (char unit : Character.toChars(codePoint)) {
                            escaped.append(String.format("\\u%04x", (int) unit));
                        }
                    }
                }
            }
        });
        return escaped.toString();
    }

    private static boolean isPrintable(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE -> false;
            default -> true;
        };
    }
}
