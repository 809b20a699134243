package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import io.swagger.v3.oas.annotations.media.Schema;
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

    /** The key naming this step in the spec, the first segment of its JSON pointer below the step. */
    String key();

    @Schema(name = "WithColumnStep", description = "Adds (or replaces) a column computed by a Spark SQL expression: Dataset.withColumn",
            example = "{\"withColumn\": {\"name\": \"event_time\", \"expr\": \"CAST(timestamp AS TIMESTAMP)\"}}")
    record WithColumn(String name, String expr) implements Step {
        @Override
        public String key() {
            return "withColumn";
        }
    }

    @Schema(name = "FilterStep", description = "Keeps the rows for which a Spark SQL condition holds: Dataset.filter",
            example = "{\"filter\": \"value >= 0\"}")
    record Filter(@JsonValue String condition) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Filter {
        }

        @Override
        public String key() {
            return "filter";
        }
    }

    @Schema(name = "SelectStep", description = "Keeps these columns, by name: Dataset.select",
            example = "{\"select\": [\"value\", \"event_time\"]}")
    record Select(@JsonValue List<String> columns) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Select {
        }

        @Override
        public String key() {
            return "select";
        }
    }

    @Schema(name = "SelectExprStep", description = "Computes these Spark SQL expressions as the columns: Dataset.selectExpr",
            example = "{\"selectExpr\": [\"value\", \"value % 3 AS shift\"]}")
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
    @Schema(name = "DropDuplicatesStep", description = "Drops rows whose values of these columns were seen before (every column when empty): Dataset.dropDuplicates",
            example = "{\"dropDuplicates\": [\"order_id\"]}")
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
    @Schema(name = "DropDuplicatesWithinWatermarkStep", description = "Drops duplicates of these columns while the watermark keeps their first event: Dataset.dropDuplicatesWithinWatermark; needs a watermark before it",
            example = "{\"dropDuplicatesWithinWatermark\": [\"order_id\"]}")
    record DropDuplicatesWithinWatermark(@JsonValue List<String> columns) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public DropDuplicatesWithinWatermark {
        }

        @Override
        public String key() {
            return "dropDuplicatesWithinWatermark";
        }
    }

    @Schema(name = "WithWatermarkStep", description = "The event-time column and how late its events may come, a Spark interval: Dataset.withWatermark",
            example = "{\"withWatermark\": {\"column\": \"event_time\", \"delay\": \"4 seconds\"}}")
    record WithWatermark(String column, String delay) implements Step {
        @Override
        public String key() {
            return "withWatermark";
        }
    }

    /** Keys and aggregations are expressions, e.g. {@code window(event_time, '8 seconds')}, {@code count(*) AS count}. */
    @Schema(name = "GroupByStep", description = "Groups by key expressions (window(col, size[, slide]) for event-time windows) and aggregates: Dataset.groupBy(..).agg(..)",
            example = "{\"groupBy\": {\"keys\": [\"window(event_time, '8 seconds')\"], \"aggregations\": [\"count(*) AS count\"]}}")
    record GroupBy(List<String> keys, List<String> aggregations) implements Step {
        @Override
        public String key() {
            return "groupBy";
        }
    }
}
