package dev.arus.server.web;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request the service refuses, with what the problem body says: its {@link ProblemType}, a
 * human {@code detail}, and extension properties such as {@code pointer} (RFC 6901, into the
 * request body) and {@code position} (0-based, into the expression at that pointer).
 */
public class ProblemException extends RuntimeException {

    private final ProblemType type;
    private final Map<String, Object> properties;

    public ProblemException(ProblemType type, String detail) {
        this(type, detail, Map.of());
    }

    public ProblemException(ProblemType type, String detail, Map<String, Object> properties) {
        super(detail);
        this.type = type;
        this.properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** A bad field of the request body, at {@code pointer}. */
    public static ProblemException at(ProblemType type, String pointer, String detail) {
        return new ProblemException(type, detail, Map.of("pointer", pointer));
    }

    /** This problem, recording the engine's exception that caused it. */
    public ProblemException causedBy(Throwable cause) {
        initCause(cause);
        return this;
    }

    public ProblemType type() {
        return type;
    }

    public Map<String, Object> properties() {
        return properties;
    }
}
