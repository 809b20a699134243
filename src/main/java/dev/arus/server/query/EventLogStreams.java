package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.ArusException;
import org.springframework.stereotype.Component;

/**
 * The event log's streams as a statement's tables find them (DESIGN §11): a name without an entry
 * in {@code tables} is the event-log stream of that name, when the log has one. Arus's engine
 * resolves such names itself; another engine, which resolves a statement's names in its own
 * catalog, asks here to say what a name it did not find is. Thread-safe.
 */
@Component
public class EventLogStreams {

    private final ArusSession session;

    EventLogStreams(ArusSession session) {
        this.session = session;
    }

    /** Whether the event log has a stream called {@code name}, as a {@code stream} source would read it. */
    public boolean has(String name) {
        try {
            session.readStream().format("stream").option("stream", name).load();
            return true;
        } catch (ArusException none) {
            return !none.is("STREAM_NOT_FOUND") && !none.is("EVENT_LOG_UNAVAILABLE");
        }
    }
}
