package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

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
        @JsonSubTypes.Type(value = Step.DropDuplicatesWithinWatermark.class, name = "dropDuplicatesWithinWatermark"),
        @JsonSubTypes.Type(value = Step.Alias.class, name = "alias"),
        @JsonSubTypes.Type(value = Step.Join.class, name = "join")})
public sealed interface Step {

    /** How a step is written, for the API's description. */
    String FORMS = "An object with one key naming the step: "
            + "{\"withColumn\": {\"name\": .., \"expr\": ..}}, {\"filter\": \"<condition>\"}, "
            + "{\"select\": [\"<column>\", ..]}, {\"selectExpr\": [\"<expression>\", ..]}, "
            + "{\"withWatermark\": {\"column\": .., \"delay\": ..}}, "
            + "{\"groupBy\": {\"keys\": [\"<expression>\", ..], \"aggregations\": [\"<expression>\", ..]}}, "
            + "{\"dropDuplicates\": [\"<column>\", ..]}, {\"dropDuplicatesWithinWatermark\": [\"<column>\", ..]}, "
            + "{\"alias\": \"<name>\"}, {\"join\": {\"with\": {\"static\": {\"format\": .., \"schema\": .., "
            + "\"options\": {\"path\": ..}}}, \"on\": [\"<column>\", ..] or \"<condition>\", \"how\": \"inner\"}}";

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

    /** Spark's {@code Dataset.alias}: the frame's columns are also {@code name.column}, for a join's condition. */
    record Alias(@JsonValue String name) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Alias {
        }

        @Override
        public String key() {
            return "alias";
        }
    }

    /**
     * A join with {@code with}: {@code on} is a list of column names both sides have (a USING
     * join) or a Spark SQL condition, absent for a cross join; {@code how} is Spark's join type,
     * {@code inner} when absent.
     */
    record Join(JoinWith with, @Schema(description = "Column names, or a condition", oneOf = {List.class,
            String.class}) Object on, @Schema(example = "left_outer") String how) implements Step {
        @Override
        public String key() {
            return "join";
        }
    }

    /** The other side of a join: a static table, read from files under the data directory when the query starts. */
    record JoinWith(@JsonProperty("static") StaticTable table) {
    }

    /**
     * A table of {@code format} ({@code json}, {@code csv}) with its columns as DDL, {@code options}
     * ({@code path} inside the data directory; csv's {@code header} and {@code sep}) and an
     * optional {@code alias} naming its columns in a condition.
     */
    record StaticTable(String format, String schema, Map<String, Object> options, String alias) {
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
