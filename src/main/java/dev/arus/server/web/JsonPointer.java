package dev.arus.server.web;

/** Builds RFC 6901 JSON pointers into a request body: {@code /steps/0/withColumn/expr}. */
public final class JsonPointer {

    private JsonPointer() {
    }

    public static String of(Object... segments) {
        StringBuilder pointer = new StringBuilder();
        for (Object segment : segments) {
            pointer.append('/').append(String.valueOf(segment).replace("~", "~0").replace("/", "~1"));
        }
        return pointer.toString();
    }

    /** {@code base} followed by more segments. */
    public static String append(String base, Object... segments) {
        return base + of(segments);
    }
}
