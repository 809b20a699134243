package dev.arus.server.query;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request the service refuses, with what the problem body says: its {@link ProblemType}, a
 * human {@code detail}, and extension properties such as {@code pointer} (RFC 6901, into the
 * request body) and {@code position} (0-based, into the expression at that pointer).
 */
class ProblemException extends RuntimeException {

    private final ProblemType type;
    private final Map<String, Object> properties;

    ProblemException(ProblemType type, String detail) {
        this(type, detail, Map.of());
    }

    ProblemException(ProblemType type, String detail, Map<String, Object> properties) {
        super(detail);
        this.type = type;
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** A bad field of the request body, at {@code pointer}. */
    static ProblemException at(ProblemType type, String pointer, String detail) {
        return new ProblemException(type, detail, Map.of("pointer", pointer));
    }

    /** This problem, recording the engine's exception that caused it. */
    ProblemException causedBy(Throwable cause) {
        initCause(cause);
        return this;
    }

    ProblemType type() {
        return type;
    }

    Map<String, Object> properties() {
        return properties;
    }
}
