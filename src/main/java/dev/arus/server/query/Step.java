package dev.arus.server.query;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import static dev.arus.server.query.SpecFields.required;
import static dev.arus.server.query.SpecFields.requireText;
import static dev.arus.server.query.SpecFields.texts;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One step of a query's chain, written as an object with one key naming the DataFrame method:
 * {@code {"filter": "value >= 0"}}, {@code {"withColumn": {"name": .., "expr": ..}}}.
 * {@code select} takes column names, as Spark's {@code select(String...)}; {@code selectExpr}
 * takes expressions. Each step {@linkplain #resolve resolves} itself, once for every engine.
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
        @JsonSubTypes.Type(value = Step.Join.class, name = "join"),
        @JsonSubTypes.Type(value = Step.Limit.class, name = "limit")})
public sealed interface Step {

    /** The key naming this step in the spec, the first segment of its JSON pointer below the step. */
    String key();

    /**
     * This step with its fields checked and its defaults filled in, as every engine takes it.
     *
     * @param pointer the JSON pointer of this step's {@link #key()}
     * @throws ProblemException at the first field that is missing or blank
     */
    ResolvedStep resolve(String pointer);

    /**
     * What this step reads besides the frame it applies to, at {@code with} below its key: a join's
     * other side, a stream or a static table. Null for a step of one input. The walks over a
     * spec's streams ({@link SpecStreams}) reach a nested stream through this alone.
     */
    default @Nullable JoinWith with() {
        return null;
    }

    /** This step reading {@code other} in place of its {@link #with()}; a step of one input is itself. */
    default Step reading(JoinWith other) {
        return this;
    }

    @Schema(name = "WithColumnStep", description = "Adds (or replaces) a column computed by a Spark SQL expression: Dataset.withColumn",
            example = "{\"withColumn\": {\"name\": \"event_time\", \"expr\": \"CAST(timestamp AS TIMESTAMP)\"}}")
    record WithColumn(String name, String expr) implements Step {
        @Override
        public String key() {
            return "withColumn";
        }

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.WithColumn(requireText(name, pointer + "/name"), requireText(expr, pointer + "/expr"),
                    pointer);
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

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.Filter(requireText(condition, pointer), pointer);
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

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.Select(texts(columns, pointer, false), pointer);
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

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.SelectExpr(texts(expressions, pointer, false), pointer);
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

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.DropDuplicates(texts(columns == null ? List.of() : columns, pointer, false), pointer);
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

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.DropDuplicatesWithinWatermark(
                    texts(columns == null ? List.of() : columns, pointer, false), pointer);
        }
    }

    @Schema(name = "WithWatermarkStep", description = "The event-time column and how late its events may come, a Spark interval: Dataset.withWatermark",
            example = "{\"withWatermark\": {\"column\": \"event_time\", \"delay\": \"4 seconds\"}}")
    record WithWatermark(String column, String delay) implements Step {
        @Override
        public String key() {
            return "withWatermark";
        }

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.WithWatermark(requireText(column, pointer + "/column"),
                    requireText(delay, pointer + "/delay"), pointer);
        }
    }

    /**
     * Keys and aggregations are expressions, e.g. {@code window(event_time, '8 seconds')} or
     * {@code session_window(event_time, '5 minutes')}, {@code count(*) AS count}.
     */
    @Schema(name = "GroupByStep", description = "Groups by key expressions (window(col, size[, slide]) for event-time "
            + "windows, session_window(col, gap) for sessions) and aggregates: Dataset.groupBy(..).agg(..)",
            example = "{\"groupBy\": {\"keys\": [\"window(event_time, '8 seconds')\"], \"aggregations\": [\"count(*) AS count\"]}}")
    record GroupBy(List<String> keys, List<String> aggregations) implements Step {
        @Override
        public String key() {
            return "groupBy";
        }

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.GroupBy(texts(keys == null ? List.of() : keys, pointer + "/keys", false),
                    texts(aggregations, pointer + "/aggregations", true), pointer);
        }
    }

    /** Spark's {@code limit(n)} on a stream: no more than {@code count} rows over the whole query. */
    @Schema(name = "LimitStep", description = "Lets no more than this many rows through over the whole query, the "
            + "count kept in state: Dataset.limit; append mode, or complete mode before the groupBy",
            example = "{\"limit\": 10}")
    record Limit(@JsonValue Integer count) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Limit {
        }

        @Override
        public String key() {
            return "limit";
        }

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.Limit(required(count, pointer), pointer);
        }
    }

    /** Spark's {@code Dataset.alias}: the frame's columns are also {@code name.column}, for a join's condition. */
    @Schema(name = "AliasStep", description = "Names the stream so that a join's condition can say name.column: "
            + "Dataset.alias", example = "{\"alias\": \"orders\"}")
    record Alias(@JsonValue String name) implements Step {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Alias {
        }

        @Override
        public String key() {
            return "alias";
        }

        @Override
        public ResolvedStep resolve(String pointer) {
            return new ResolvedStep.Alias(requireText(name, pointer), pointer);
        }
    }

    /**
     * A join with {@code with}: {@code on} is a list of column names both sides have (a USING
     * join) or a Spark SQL condition, absent for a cross join; {@code how} is Spark's join type,
     * {@code inner} when absent.
     */
    @Schema(name = "JoinStep", description = "Joins the stream with another stream (its source and steps) or a "
            + "static table: Dataset.join(other, on, how); on is column names both sides have, or a condition (absent "
            + "for a cross join with a table); how is inner when absent",
            example = "{\"join\": {\"with\": {\"static\": {\"format\": \"csv\", \"schema\": \"sku STRING, "
                    + "price DOUBLE\", \"options\": {\"path\": \"tables/prices.csv\", \"header\": \"true\"}}}, "
                    + "\"on\": [\"sku\"], \"how\": \"left_outer\"}}")
    record Join(JoinWith with,
                @Schema(description = "Column names both sides have, or a condition", oneOf = {String[].class,
                        String.class}) @Nullable Object on,
                @Schema(description = "Spark's join type, in any of its spellings: inner (default), cross, "
                        + "left_outer, right_outer, full_outer, left_semi, left_anti") @Nullable String how) implements Step {
        @Override
        public String key() {
            return "join";
        }

        @Override
        public Join reading(JoinWith other) {
            return new Join(other, on, how);
        }

        /**
         * The join resolved: with either a stream ({@code source} and {@code steps}) or a static
         * table, on column names or a condition.
         */
        @Override
        public ResolvedStep resolve(String pointer) {
            String withPointer = pointer + "/with";
            required(with, withPointer);
            if ((with.table() == null) == (with.source() == null)) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, withPointer, "A join is with either a 'source' "
                        + "(and its 'steps'), another stream, or a 'static' table");
            }
            if (with.table() != null && with.steps() != null) {
                throw ProblemException.at(ProblemType.INVALID_SPEC, withPointer + "/steps", "A static table has no "
                        + "steps; only a stream ('source') does");
            }
            ResolvedStep.JoinOther other = new ResolvedStep.JoinOther(
                    with.source() == null ? null : ResolvedStream.of(with.source(), with.steps(), withPointer),
                    with.table(), withPointer + "/static");
            String onPointer = pointer + "/on";
            String resolvedHow = how == null ? "inner" : how;
            if (on == null) {
                return new ResolvedStep.Join(other, null, null, resolvedHow, pointer);
            }
            if (on instanceof String condition) {
                return new ResolvedStep.Join(other, null, requireText(condition, onPointer), resolvedHow, pointer);
            }
            if (on instanceof List<?> columns && columns.stream().allMatch(String.class::isInstance)) {
                return new ResolvedStep.Join(other, columns.stream().map(String.class::cast).toList(), null,
                        resolvedHow, pointer);
            }
            throw ProblemException.at(ProblemType.INVALID_SPEC, onPointer,
                    "'on' is a list of column names both sides have, or a condition");
        }
    }

    /**
     * The other side of a join: another stream, its {@code source} and {@code steps} as a query's,
     * or a static table, read from files under the data directory when the query starts.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record JoinWith(@JsonProperty("static") @Nullable StaticTable table, QuerySpec.@Nullable SourceSpec source,
                    @Nullable List<Step> steps) {
    }

    /**
     * A table of {@code format} ({@code json}, {@code csv}, {@code parquet}) with its columns as DDL, {@code options}
     * ({@code path} inside the data directory; csv's {@code header} and {@code sep}) and an
     * optional {@code alias} naming its columns in a condition.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StaticTable(String format, String schema, Map<String, Object> options, @Nullable String alias) {
    }
}
