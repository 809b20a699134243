package dev.arus.server.query;

import java.util.Map;

/**
 * An engine other than Arus's own that runs query specs (Apache Spark, in the build with the
 * {@code spark} profile), found as a bean by the name a spec's {@code engine} gives. The service
 * has checked the spec's name, sink format and options, and resolved its locations, before it
 * asks; the engine translates the rest or refuses it.
 */
public interface QueryEngine {

    /** The value of a spec's {@code engine} that this engine answers, in lower case. */
    String name();

    /**
     * Translates {@code spec} into this engine's terms; starts nothing.
     *
     * @param sinkOptions the sink's options in their string form, a file sink's {@code path} made
     *                    absolute inside the data directory
     * @throws dev.arus.server.web.ProblemException naming the first field the engine cannot run
     */
    TranslatedQuery translate(QuerySpec spec, Map<String, String> sinkOptions, QueryFiles files);
}
