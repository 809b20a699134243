package dev.arus.server.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The graph of what runs, as {@code GET /api/graph} shows it: the event log's streams, the
 * service's queries and the systems outside they read and write (Kafka topics, file directories,
 * generators, memory tables, the console), as nodes; which query reads what and writes what, as
 * edges, each with its rate and, for a stream a query reads, the query's lag.
 */
@Schema(description = "Streams, queries and external sources and sinks, with who reads and writes what")
record PipelineGraph(List<Node> nodes, List<Edge> edges) {

    /** The kinds of node. */
    static final String STREAM = "stream";
    static final String QUERY = "query";

    /**
     * A stream, a query, or an outside source or sink. Its id is unique in the graph and the same
     * from one call to the next: {@code stream:<name>}, {@code query:<id>}, {@code kafka:<servers>/<topic>},
     * {@code files:<path>}, and for what belongs to one query alone (a generator, the console)
     * {@code <format>:<query id>:<in|out><index>}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "GraphNode")
    record Node(
            @Schema(example = "stream:revenue") String id,
            @Schema(description = "stream (the event log's), query, kafka (a topic or pattern), files (a directory "
                    + "of json, csv or parquet files), generator (rate, rate-micro-batch), memory (a query's memory "
                    + "table), console, noop, or the format of another source or sink",
                    example = "stream") String kind,
            @Schema(description = "A stream's, query's or topic's name; a directory relative to the data directory",
                    example = "revenue") String name,
            @Schema(description = "More about it: a stream's columns, a query's engine, a topic's brokers, a "
                    + "directory's format") @Nullable String detail,
            @Schema(description = "A query's id") @Nullable UUID queryId,
            @Schema(description = "A query's state: ACTIVE, STOPPED, FAILED or RESTARTING") @Nullable String state) {
    }

    /**
     * A query reading a node ({@code from} the node {@code to} the query) or writing one
     * ({@code from} the query {@code to} the node).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "GraphEdge")
    record Edge(
            String from,
            String to,
            @Schema(description = "reads or writes", example = "reads") String kind,
            @Schema(description = "Rows per second read from the source (its rows in the query's progress) or "
                    + "written to the sink (the sink's output rows), over the last minute of the current run; 0 "
                    + "for a query that is not active") double rowsPerSecond,
            @Schema(description = "A stream a query reads: events it has not committed yet") @Nullable Long lagEvents,
            @Schema(description = "A stream a query reads: how long ago the oldest of those came in; absent when it "
                    + "has read everything") @Nullable Double lagSeconds) {
    }
}
