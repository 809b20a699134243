package dev.arus.server.pipeline;

import dev.arus.server.ShownPaths;
import dev.arus.server.pipeline.PipelineGraph.Node;
import dev.arus.server.query.QueryEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which nodes of the graph a query's source or sink is. Those that queries share are named by
 * what they are: an event-log stream by its name, a Kafka topic by its brokers and name, a
 * directory of files by its path (relative to the data directory), a memory table by its query's
 * name; those that belong to one query alone (a generator, the console, noop) by the query and
 * the place. Options are never shown whole: they may hold secrets.
 */
final class EndpointNodes {

    private static final Set<String> FILE_FORMATS = Set.of("json", "csv", "parquet");
    private static final Set<String> GENERATORS = Set.of("rate", "rate-micro-batch");
    /** A topic of Kafka's {@code assign} option, {"topic": [partitions], ...}. */
    private static final Pattern ASSIGNED_TOPIC = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"\\s*:");

    private final Path dataDirectory;
    private final ShownPaths shownPaths;

    EndpointNodes(Path dataDirectory, ShownPaths shownPaths) {
        this.dataDirectory = dataDirectory;
        this.shownPaths = shownPaths;
    }

    /** The node id of the event-log stream {@code name}. */
    static String streamId(String name) {
        return PipelineGraph.STREAM + ":" + name;
    }

    /**
     * The nodes of {@code endpoint}, a source ({@code place} {@code in0}, {@code in1}, ...) or
     * the sink ({@code out}) of the query {@code queryId} called {@code queryName}: one, or one per
     * topic of a Kafka source that subscribes to several.
     */
    List<Node> of(QueryEndpoint endpoint, UUID queryId, String queryName, String place) {
        String format = endpoint.format().trim().toLowerCase(Locale.ROOT);
        boolean source = !place.equals("out");
        if (format.equals(PipelineGraph.STREAM)) {
            String name = String.valueOf(endpoint.option("stream")).trim();
            return List.of(new Node(streamId(name), PipelineGraph.STREAM, name, null, null, null));
        }
        if (format.equals("kafka")) {
            return kafka(endpoint, source);
        }
        if (FILE_FORMATS.contains(format) && endpoint.option("path") != null) {
            String path = shownPaths.of(dataDirectory.resolve(endpoint.option("path")));
            return List.of(new Node("files:" + path, "files", path, format + " files", null, null));
        }
        if (format.equals("memory")) {
            return List.of(new Node("memory:" + queryName, "memory", queryName, "memory table", null, null));
        }
        String kind = GENERATORS.contains(format) ? "generator" : format;
        return List.of(new Node(format + ":" + queryId + ":" + place, kind, format, null, null, null));
    }

    private static List<Node> kafka(QueryEndpoint endpoint, boolean source) {
        String servers = String.valueOf(endpoint.option("kafka.bootstrap.servers")).trim();
        List<String> topics = new ArrayList<>();
        if (!source) {
            topics.add(endpoint.option("topic") != null ? endpoint.option("topic").trim() : "(the topic column)");
        } else if (endpoint.option("subscribe") != null) {
            Arrays.stream(endpoint.option("subscribe").split(",")).map(String::trim).filter(t -> !t.isEmpty())
                    .forEach(topics::add);
        } else if (endpoint.option("subscribePattern") != null) {
            topics.add(endpoint.option("subscribePattern").trim());
        } else if (endpoint.option("assign") != null) {
            Matcher assigned = ASSIGNED_TOPIC.matcher(endpoint.option("assign"));
            while (assigned.find()) {
                topics.add(assigned.group(1));
            }
        }
        return topics.stream().distinct().map(topic -> new Node("kafka:" + servers + "/" + topic, "kafka", topic,
                servers, null, null)).toList();
    }
}
