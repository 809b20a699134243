package dev.arus.server.stream;

import dev.arus.server.PrintableText;
import dev.arus.server.web.JsonPointer;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;

/**
 * The place in a post of events that {@link EventDecoder} reads: the event (its index from 0;
 * none between events) and the field whose value it reads. A refusal of the whole post names
 * them: in a JSON array with the JSON pointer of the event or field, in NDJSON with the event's
 * line, and where the text is not JSON (or is beyond a limit of the reader), its line and column.
 * What the client wrote is shown printable ({@link PrintableText}) and cut short. Not
 * thread-safe: one per request.
 */
final class EventPlace {

    /** The characters of a client's text a problem shows at most. */
    private static final int SHOWN = 100;

    private final EventDecoder.Layout layout;
    private int event = -1;
    private String field;
    /** Below {@link #field}, a column of structs: the names of the struct fields being read, outermost first. */
    private final List<String> inner = new ArrayList<>();
    /** The field whose value was read last in this event. */
    private String lastRead;

    EventPlace(EventDecoder.Layout layout) {
        this.layout = layout;
    }

    /** The decoder begins event {@code index}. */
    EventPlace at(int index) {
        event = index;
        field = null;
        inner.clear();
        lastRead = null;
        return this;
    }

    /** The decoder reads the value of {@code name}. */
    void reading(String name) {
        field = name;
        inner.clear();
    }

    /** The decoder reads the value of {@code name}, a field of the struct it is reading. */
    void readingField(String name) {
        inner.add(name);
    }

    /** The decoder has read the value of the struct's field it was reading. */
    void readField() {
        inner.remove(inner.size() - 1);
    }

    /** The decoder has read the value of the field it was reading. */
    void read() {
        lastRead = field;
        field = null;
        inner.clear();
    }

    /** The decoder has read the whole event. */
    void between() {
        event = -1;
        field = null;
        inner.clear();
    }

    /**
     * The reader failed with {@code name} the name it last read in the current object. Jackson
     * reads a number or literal with the name before it, so a bad value fails before the decoder
     * saw the name; a bad name fails with the previous name still there.
     */
    EventPlace failedAfter(String name) {
        if (event >= 0 && field == null && name != null && !name.equals(lastRead)) {
            field = name;
        } else if (field != null && name != null && !name.equals(inner.isEmpty() ? field : inner.get(inner.size() - 1))) {
            inner.add(name); // inside a struct's object
        }
        return this;
    }

    /** {@code invalid-events}: the event's content does not fit the stream. */
    ProblemException invalid(JsonParser parser, String what) {
        Map<String, Object> where = named();
        if (layout == EventDecoder.Layout.ARRAY) {
            where.put("pointer", pointer());
        } else {
            where.put("line", parser.currentTokenLocation().getLineNr());
        }
        return refused(ProblemType.INVALID_EVENTS, subject() + (field == null ? " " : ", ") + what, where);
    }

    /** {@code malformed-json}: the text stops being JSON at {@code at}. */
    ProblemException malformed(TokenStreamLocation at, String what) {
        String where = "JSON at line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what;
        return refused(ProblemType.MALFORMED_JSON, event < 0 ? "Malformed " + where : subject() + ": malformed " + where,
                located(named(), at));
    }

    /** {@code malformed-json}: the event that begins at {@code start} is not alone on its line of NDJSON. */
    ProblemException notOneLine(TokenStreamLocation start, String what) {
        return refused(ProblemType.MALFORMED_JSON, subject() + " " + what, located(named(), start));
    }

    /** {@code json-limit-exceeded}: a number, name or nesting beyond a limit of the JSON reader, found at {@code at}. */
    ProblemException beyondLimit(TokenStreamLocation at, String what) {
        Map<String, Object> where = named();
        if (layout == EventDecoder.Layout.ARRAY && event >= 0) {
            where.put("pointer", pointer());
        }
        String subject = event < 0 ? "The body" : subject() + (field == null ? "" : ",");
        return refused(ProblemType.JSON_LIMIT_EXCEEDED, subject + " is beyond a limit of the JSON reader: " + what,
                located(where, at));
    }

    /** {@code malformed-json}: a body of no JSON at all. */
    static ProblemException empty() {
        return new ProblemException(ProblemType.MALFORMED_JSON, "The body is empty: send a JSON array of events, or one "
                + "event per line as application/x-ndjson. Nothing of the request was written.");
    }

    static ProblemException notEvents(String detail) {
        return new ProblemException(ProblemType.INVALID_EVENTS, detail + ". Nothing of the request was written.");
    }

    /** A client's {@code text} as a problem shows it: printable, and at most {@value #SHOWN} characters of it. */
    static String shown(String text) {
        int length = text.codePointCount(0, text.length());
        if (length <= SHOWN) {
            return PrintableText.escape(text);
        }
        return PrintableText.escape(text.substring(0, text.offsetByCodePoints(0, SHOWN))) + "… (" + length
                + " characters)";
    }

    /** "Event 2", "Event 2, field 'amount'" or, in a struct, "Event 2, field 'window.start'". */
    private String subject() {
        return "Event " + event + (field == null ? "" : ", field '" + shown(path()) + "'");
    }

    /** The field read, with the struct fields below it joined by dots. */
    private String path() {
        return inner.isEmpty() ? field : field + "." + String.join(".", inner);
    }

    private Map<String, Object> named() {
        Map<String, Object> where = new LinkedHashMap<>();
        if (event >= 0) {
            where.put("index", event);
        }
        if (event >= 0 && field != null) {
            where.put("field", PrintableText.escape(path()));
        }
        return where;
    }

    private String pointer() {
        if (field == null) {
            return JsonPointer.of(event);
        }
        List<Object> segments = new ArrayList<>(List.of(event, PrintableText.escape(field)));
        inner.forEach(name -> segments.add(PrintableText.escape(name)));
        return JsonPointer.of(segments.toArray());
    }

    private static Map<String, Object> located(Map<String, Object> where, TokenStreamLocation at) {
        where.put("line", at.getLineNr());
        where.put("column", at.getColumnNr());
        return where;
    }

    private static ProblemException refused(ProblemType type, String detail, Map<String, Object> where) {
        return new ProblemException(type, detail + ". Nothing of the request was written.", where);
    }
}
