package dev.arus.server.pipeline;

import dev.arus.engine.log.EventLog;
import dev.arus.engine.log.LogStream;
import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.ShownPaths;
import dev.arus.server.pipeline.PipelineGraph.Edge;
import dev.arus.server.pipeline.PipelineGraph.Node;
import dev.arus.server.query.QueryEndpoint;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QueryState;
import dev.arus.server.query.QueryView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Draws the graph of what runs, each time it is asked: every stream of the event log, every
 * registered query with the sources its plan reads (in the order of its progress) and the sink
 * it writes, and the outside systems those are; rates from each query's progress
 * ({@link ProgressRates}), a stream reader's lag from the stream's readers, as
 * {@code GET /api/streams} reports it (a reader is known by its query's name). Two sources of
 * one query on the same node are one edge, their rates added and the larger lag kept.
 */
@Component
class PipelineGraphs {

    private final QueryRegistry registry;
    private final EventLog log;
    private final Clock clock;
    private final EndpointNodes endpoints;

    PipelineGraphs(QueryRegistry registry, EventLog log, Clock clock, ShownPaths shownPaths,
                   ArusProperties properties) {
        this.registry = registry;
        this.log = log;
        this.clock = clock;
        this.endpoints = new EndpointNodes(properties.dataDir(), shownPaths);
    }

    PipelineGraph graph() {
        long nowMillis = clock.millis();
        Map<String, Node> nodes = new LinkedHashMap<>();
        Map<String, Map<String, Lag>> lags = new HashMap<>(); // by stream node, by reader
        for (LogStream stream : log.streams()) {
            String id = EndpointNodes.streamId(stream.name());
            nodes.put(id, new Node(id, PipelineGraph.STREAM, stream.name(), stream.definition().schemaDdl(), null,
                    null));
            Map<String, Lag> readers = new HashMap<>();
            stream.readers().values().forEach(reader -> readers.merge(reader.label(),
                    Lag.of(stream.lag(reader.committed()), nowMillis), Lag::larger));
            lags.put(id, readers);
        }
        log.damaged().keySet().forEach(name -> nodes.putIfAbsent(EndpointNodes.streamId(name),
                new Node(EndpointNodes.streamId(name), PipelineGraph.STREAM, name, "damaged", null, null)));
        Map<String, Edge> edges = new LinkedHashMap<>();
        for (QueryRegistry.QueryHandle query : registry.handles()) {
            QueryView view = query.view();
            String queryId = PipelineGraph.QUERY + ":" + query.id();
            nodes.put(queryId, new Node(queryId, PipelineGraph.QUERY, query.name(), query.engine(), query.id(),
                    view.state().name()));
            List<QueryEndpoint> inputs = query.inputs();
            ProgressRates rates = view.state() == QueryState.ACTIVE
                    ? ProgressRates.of(query.recentRowCounts(), inputs.size(), Instant.ofEpochMilli(nowMillis))
                    : ProgressRates.none(inputs.size());
            for (int i = 0; i < inputs.size(); i++) {
                for (Node source : endpoints.of(inputs.get(i), query.id(), query.name(), "in" + i)) {
                    nodes.putIfAbsent(source.id(), source);
                    Lag lag = lags.getOrDefault(source.id(), Map.of()).get(query.name());
                    add(edges, new Edge(source.id(), queryId, "reads", rates.read()[i],
                            lag == null ? null : lag.events(), lag == null ? null : lag.seconds()));
                }
            }
            for (Node sink : endpoints.of(query.output(), query.id(), query.name(), "out")) {
                nodes.putIfAbsent(sink.id(), sink);
                add(edges, new Edge(queryId, sink.id(), "writes", rates.written(), null, null));
            }
        }
        return new PipelineGraph(new ArrayList<>(nodes.values()), new ArrayList<>(edges.values()));
    }

    private static void add(Map<String, Edge> edges, Edge edge) {
        edges.merge(edge.kind() + " " + edge.from() + " " + edge.to(), edge, (a, b) -> new Edge(a.from(), a.to(),
                a.kind(), a.rowsPerSecond() + b.rowsPerSecond(), max(a.lagEvents(), b.lagEvents()),
                max(a.lagSeconds(), b.lagSeconds())));
    }

    private static <T extends Comparable<T>> T max(T a, T b) {
        return a == null ? b : b == null ? a : a.compareTo(b) >= 0 ? a : b;
    }

    /** How far a reader is behind: events not committed, and seconds since the oldest came in (null: none). */
    private record Lag(long events, Double seconds) {

        static Lag of(LogStream.Lag lag, long nowMillis) {
            return new Lag(lag.records(), lag.oldestUnreadMicros() < 0 ? null
                    : Math.max(0, nowMillis * 1000 - lag.oldestUnreadMicros()) / 1e6);
        }

        Lag larger(Lag other) {
            return new Lag(Math.max(events, other.events), max(seconds, other.seconds));
        }
    }
}
