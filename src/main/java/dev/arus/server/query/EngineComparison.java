package dev.arus.server.query;

import dev.arus.engine.streaming.ResultBatch;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The batch-by-batch comparison of one query run on two engines at once ({@code "engine":
 * "both"}): each engine's output of a batch id is kept until the other's comes, then the two
 * are compared as multisets of rows (the order of rows within a batch is neither engine's
 * promise) and counted as agreeing or differing. A batch larger than the rows kept of it is
 * compared by its row count and its kept rows. Outputs more than {@value #HORIZON} batches behind
 * the other engine are dropped unmatched. Its {@link Verdict} is never an agreement before a
 * batch was compared: a run stopped before Spark's first batch came has not been compared.
 * Each output told changes the summary, which goes to the comparison's listener at once, on
 * the thread of the engine that told it. Thread-safe.
 */
public final class EngineComparison {

    /** How far one engine may run ahead of the other before its unmatched outputs are dropped. */
    static final int HORIZON = 1000;
    /** The rows of each side a difference shows. */
    private static final int SHOWN_ROWS = 5;

    private final int rowsCompared;
    private final Consumer<Summary> listener;
    private final Map<Long, Output> arus = new HashMap<>();
    private final Map<Long, Output> spark = new HashMap<>();
    private long arusBatches;
    private long sparkBatches;
    private long compared;
    private long differing;
    private Difference lastDifference;

    /** A comparison of the first {@code rowsCompared} rows of each batch, telling {@code listener} each new summary. */
    EngineComparison(int rowsCompared, Consumer<Summary> listener) {
        this.rowsCompared = rowsCompared;
        this.listener = listener;
    }

    void arus(long batchId, ResultBatch batch) {
        listener.accept(offer(arus, spark, batchId, output(batch), true));
    }

    void spark(long batchId, ResultBatch batch) {
        listener.accept(offer(spark, arus, batchId, output(batch), false));
    }

    synchronized Summary summary() {
        return new Summary(Verdict.of(compared, differing), arusBatches, sparkBatches, compared, differing,
                lastDifference);
    }

    private synchronized Summary offer(Map<Long, Output> mine, Map<Long, Output> theirs, long batchId, Output output,
                                       boolean isArus) {
        if (isArus) {
            arusBatches++;
        } else {
            sparkBatches++;
        }
        Output other = theirs.remove(batchId);
        if (other == null) {
            mine.put(batchId, output);
            mine.keySet().removeIf(id -> id < batchId - HORIZON);
            return summary();
        }
        compared++;
        Output onArus = isArus ? output : other;
        Output onSpark = isArus ? other : output;
        if (onArus.count() != onSpark.count() || !onArus.rows().equals(onSpark.rows())) {
            differing++;
            lastDifference = new Difference(batchId, onArus.count(), onSpark.count(),
                    only(onArus.rows(), onSpark.rows()), only(onSpark.rows(), onArus.rows()));
        }
        return summary();
    }

    private Output output(ResultBatch batch) {
        List<String> rows = new ArrayList<>();
        JsonRows.of(batch.rows(), rowsCompared).forEach(row -> rows.add(row.toString()));
        rows.sort(null);
        return new Output(batch.count(), rows);
    }

    /** The rows of {@code these} that {@code those} lacks (as many times as it lacks them), the first few. */
    private static List<String> only(List<String> these, List<String> those) {
        List<String> left = new ArrayList<>(those);
        List<String> only = new ArrayList<>();
        for (String row : these) {
            if (!left.remove(row) && only.size() < SHOWN_ROWS) {
                only.add(row);
            }
        }
        return only;
    }

    private record Output(long count, List<String> rows) {
    }

    /**
     * How the two engines compare so far in the current run: the verdict, the batches each engine
     * has written, those compared (a batch id both wrote) and those that differed, and the last
     * difference.
     */
    @Schema(name = "EngineComparison", description = "A query on both engines: whether they agree so far, how many "
            + "batches each engine has written in the current run, how many were compared and how many differed, and "
            + "the last difference")
    public record Summary(Verdict verdict, long arusBatches, long sparkBatches, long batchesCompared,
                          long batchesDiffering, @Nullable Difference lastDifference) {

        /** The summary of a run that has written nothing yet. */
        public static final Summary NONE = new Summary(Verdict.NOT_YET_COMPARED, 0, 0, 0, 0, null);
    }

    /**
     * {@code NOT_YET_COMPARED} until a batch id both engines wrote was compared, then
     * {@code DIFFER} once any batch differed, else {@code AGREE}.
     */
    public enum Verdict {
        NOT_YET_COMPARED,
        AGREE,
        DIFFER;

        static Verdict of(long compared, long differing) {
            return differing > 0 ? DIFFER : compared == 0 ? NOT_YET_COMPARED : AGREE;
        }
    }

    /**
     * A batch the engines disagree on: each one's row count, and the first rows each had that the
     * other had not, as the service shows rows.
     */
    @Schema(name = "EngineDifference")
    public record Difference(long batchId, long arusRows, long sparkRows, List<String> onlyOnArus,
                             List<String> onlyOnSpark) {
    }
}
