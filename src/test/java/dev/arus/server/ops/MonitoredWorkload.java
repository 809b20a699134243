package dev.arus.server.ops;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Something for every meter of the service to show: the chapter's query with short windows (run
 * until its watermark has left the epoch) and a stream with a query reading it. {@link #close()}
 * deletes them all.
 */
final class MonitoredWorkload implements AutoCloseable {

    static final String QUERY = "monitored";
    static final String STREAM = "monitored_clicks";
    private static final String READER = "monitored-reader";

    private final ApiClient api;
    private final ArusSession session;
    private final QueryEvents events = new QueryEvents();
    private final String queryId;
    private final String readerId;

    private MonitoredWorkload(ApiClient api, ArusSession session, StreamMeters streamMeters) throws InterruptedException {
        this.api = api;
        this.session = session;
        session.streams().addListener(events);
        this.queryId = api.create(Specs.chapterWithShortWindows(QUERY));
        api.post("/api/streams", "{\"name\": \"" + STREAM + "\", \"schema\": \"page STRING\"}");
        api.post("/api/streams/" + STREAM + "/events", "[{\"page\": \"/\"}]");
        this.readerId = api.create("""
                {"name": "%s", "source": {"format": "stream", "options": {"stream": "%s"}},
                 "trigger": {"processingTime": "1 hour"}, "sink": {"format": "noop"}}""".formatted(READER, STREAM));
        events.awaitBatches(queryId, 6); // the watermark leaves the epoch from the fourth batch
        events.awaitBatches(readerId, 1);
        streamMeters.refresh(); // its schedule would show the new reader within 5 s
    }

    /** Starts the workload on the service {@code api} talks to, and waits until each meter has a value. */
    static MonitoredWorkload start(ApiClient api, ArusSession session, StreamMeters streamMeters)
            throws InterruptedException {
        return new MonitoredWorkload(api, session, streamMeters);
    }

    /** The names of the samples of a scrape now. */
    Set<String> scrapedNames() {
        return PrometheusText.scrape(api).samples().stream().map(PrometheusText.Sample::name)
                .collect(Collectors.toSet());
    }

    @Override
    public void close() {
        session.streams().removeListener(events);
        api.delete("/api/queries/" + readerId);
        api.delete("/api/queries/" + queryId);
        api.delete("/api/streams/" + STREAM);
    }
}
