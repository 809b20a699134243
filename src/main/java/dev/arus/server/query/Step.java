package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/**
 * One step of a query's chain, written as an object with one key naming the DataFrame method:
 * {@code {"filter": "value >= 0"}}, {@code {"withColumn": {"name": .., "expr": ..}}}.
 * {@code select} takes column names, as Spark's {@code select(String...)}; {@code selectExpr}
 * takes expressions.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
@JsonSubTypes({
        @JsonSubTypes.Type(value = Step.WithColumn.class, name = "withColumn"),
        @JsonSubTypes.Type(value = Step.Filter.class, name = "filter"),
        @JsonSubTypes.Type(value = Step.Select.class, name = "select"),
        @JsonSubTypes.Type(value = Step.SelectExpr.class, name = "selectExpr"),
        @JsonSubTypes.Type(value = Step.WithWatermark.class, name = "withWatermark"),
        @JsonSubTypes.Type(value = Step.GroupBy.class, name = "groupBy"),
        @JsonSubTypes.Type(value = Step.DropDuplicates.class, name = "dropDuplicates"),
        @JsonSubTypes.Type(value = Step.DropDuplicatesWithinWatermark.class, name = "dropDuplicatesWithinWatermark")})
public sealed interface Step {

    /** How a step is written, for the API's description. */
    String FORMS = "An object with one key naming the step: "
            + "{\"withColumn\": {\"name\": .., \"expr\": ..}}, {\"filter\": \"<condition>\"}, "
            + "{\"select\": [\"<column>\", ..]}, {\"selectExpr\": [\"<expression>\", ..]}, "
            + "{\"withWatermark\": {\"column\": .., \"delay\": ..}}, "
            + "{\"groupBy\": {\"keys\": [\"<expression>\", ..], \"aggregations\": [\"<expression>\", ..]}}, "
            + "{\"dropDuplicates\": [\"<column>\", ..]}, {\"dropDuplicatesWithinWatermark\": [\"<column>\", ..]}";

    /** The key naming this step in the spec, the first segment of its JSON pointer below the step. */
    String key();

    record WithColumn(String name, String expr) implements Step {
        @Override
        public String key() {
            return "withColumn";
        }
    }

    record Filter(@JsonValue String condition) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Filter {
        }

        @Override
        public String key() {
            return "filter";
        }
    }

    record Select(@JsonValue List<String> columns) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Select {
        }

        @Override
        public String key() {
            return "select";
        }
    }

    record SelectExpr(@JsonValue List<String> expressions) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public SelectExpr {
        }

        @Override
        public String key() {
            return "selectExpr";
        }
    }

    /** Spark's {@code dropDuplicates(columns)}; an empty list means every column. */
    record DropDuplicates(@JsonValue List<String> columns) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public DropDuplicates {
        }

        @Override
        public String key() {
            return "dropDuplicates";
        }
    }

    /** Spark 3.5's {@code dropDuplicatesWithinWatermark(columns)}; needs a watermark before it. */
    record DropDuplicatesWithinWatermark(@JsonValue List<String> columns) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public DropDuplicatesWithinWatermark {
        }

        @Override
        public String key() {
            return "dropDuplicatesWithinWatermark";
        }
    }

    record WithWatermark(String column, String delay) implements Step {
        @Override
        public String key() {
            return "withWatermark";
        }
    }

    /**
     * Keys and aggregations are expressions, e.g. {@code window(event_time, '8 seconds')} or
     * {@code session_window(event_time, '5 minutes')}, {@code count(*) AS count}.
     */
    record GroupBy(List<String> keys, List<String> aggregations) implements Step {
        @Override
        public String key() {
            return "groupBy";
        }
    }
}
