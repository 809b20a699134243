package dev.arus.server.pipeline;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/graph}: the graph of streams, queries and sinks, as it runs now. */
@RestController
@Tag(name = "pipelines", description = "The graph of streams, queries and sinks")
class GraphController {

    private final PipelineGraphs graphs;

    GraphController(PipelineGraphs graphs) {
        this.graphs = graphs;
    }

    @GetMapping(path = "/api/graph", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "The event log's streams, the queries and the outside sources and sinks they read and "
            + "write, with each edge's rows per second over the last minute and, for a stream a query reads, its lag")
    PipelineGraph graph() {
        return graphs.graph();
    }
}
