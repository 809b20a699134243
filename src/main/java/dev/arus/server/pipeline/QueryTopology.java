package dev.arus.server.pipeline;

import dev.arus.server.pipeline.PipelineGraph.Node;
import dev.arus.server.query.QueryEndpoint;
import dev.arus.server.query.QueryRegistry.QueryHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * One query's place in the graph as its definition draws it: the id of its node, the nodes of each
 * of its sources and of its sink ({@link EndpointNodes}), and the keys of the edges between them.
 * It changes only when the query's definition does, so the graph keeps it between calls and makes
 * per call only what changes with the run: the query's state, rates and lags.
 */
final class QueryTopology {

    /** The kinds of edge. */
    static final String READS = "reads";
    static final String WRITES = "writes";

    /** The definition it was drawn from ({@link QueryHandle#definition}). */
    final Object definition;
    final String nodeId;
    /** Source i's nodes. */
    final List<List<Node>> sources;
    /** The key of the edge from source i's node j to the query. */
    final List<List<String>> readKeys;
    final List<Node> sinks;
    /** The key of the edge from the query to sink node j. */
    final List<String> writeKeys;

    private QueryTopology(Object definition, String nodeId, List<List<Node>> sources, List<List<String>> readKeys,
                          List<Node> sinks, List<String> writeKeys) {
        this.definition = definition;
        this.nodeId = nodeId;
        this.sources = sources;
        this.readKeys = readKeys;
        this.sinks = sinks;
        this.writeKeys = writeKeys;
    }

    /** {@code query}'s topology, drawn with {@code endpoints}. */
    static QueryTopology of(QueryHandle query, EndpointNodes endpoints) {
        Object definition = query.definition();
        String nodeId = PipelineGraph.QUERY + ":" + query.id();
        List<QueryEndpoint> inputs = query.inputs();
        List<List<Node>> sources = new ArrayList<>();
        List<List<String>> readKeys = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            List<Node> nodes = endpoints.of(inputs.get(i), query.id(), query.name(), "in" + i);
            sources.add(nodes);
            readKeys.add(nodes.stream().map(source -> edgeKey(READS, source.id(), nodeId)).toList());
        }
        List<Node> sinks = endpoints.of(query.output(), query.id(), query.name(), "out");
        List<String> writeKeys = sinks.stream().map(sink -> edgeKey(WRITES, nodeId, sink.id())).toList();
        return new QueryTopology(definition, nodeId, List.copyOf(sources), List.copyOf(readKeys), sinks, writeKeys);
    }

    /** The key that tells edges apart: two of one query on the same node are one edge. */
    static String edgeKey(String kind, String from, String to) {
        return kind + " " + from + " " + to;
    }
}
