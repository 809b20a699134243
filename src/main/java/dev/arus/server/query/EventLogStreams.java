package dev.arus.server.query;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.streaming.ArusException;
import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The event log's streams as another engine's query finds them: a name without an entry in a
 * statement's {@code tables} is the event-log stream of that name, when the log has one (DESIGN
 * §11), and a {@code stream} source's options are read as Arus's engine reads them. Arus's engine
 * resolves such names and checks such options itself; another engine, which resolves a
 * statement's names in its own catalog and reads the log through a source of its own, asks here.
 * Thread-safe.
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

    /**
     * Checks a {@code stream} source at {@code pointer} in a spec, of {@code options} and the
     * user's {@code schema} (null: none), as Arus's engine checks it: option names it knows, values
     * it reads, a stream the log has, and no schema (the stream's columns are the source's).
     *
     * @throws ProblemException at the option, the schema or the source that Arus's engine refuses
     */
    public void check(Map<String, String> options, String schema, String pointer) {
        try {
            var reader = session.readStream().format("stream").options(options);
            if (schema != null) {
                reader.schema(schema).load(); // refused: the stream's columns are the source's
            }
        } catch (ArusException refused) {
            throw ProblemException.at(ProblemType.INVALID_SPEC, pointer + "/schema", refused.getMessage())
                    .causedBy(refused);
        }
        try {
            session.readStream().format("stream").options(options).load();
        } catch (ArusException refused) {
            throw EngineProblems.ofSource(refused, pointer, options);
        }
    }
}
