package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.ResultBatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The end of a pipeline on one task slot: counts the batch's output rows and keeps a copy of as
 * many of each task's rows as the sink looks at (the chunks it receives are reused upstream), so
 * that {@link #gather} can put a batch's output together in task order, as if one thread had run
 * every task. The rows kept are bounded: a sink that looks at every row gets at most
 * {@link RowBudget#maxRows()} of them a batch, and a batch with more fails with
 * {@value #ROWS_LIMIT_EXCEEDED}, instead of the JVM running out of memory. With an ordering (a
 * query that ends in a sort), the rows kept are the first in that order, and the batch's output is
 * put together in that order, ties in task order.
 */
public final class OutputCollector implements Operator {

    /** The error class of a batch with more rows than a sink may be handed. */
    public static final String ROWS_LIMIT_EXCEEDED = "OUTPUT_ROWS_LIMIT_EXCEEDED";

    /**
     * How many of a batch's rows the sink looks at ({@code rowsToKeep}, {@code Long.MAX_VALUE} for
     * all of them), and the most rows a batch may keep; {@code kept} counts them over every slot.
     */
    public record RowBudget(long rowsToKeep, long maxRows, AtomicLong kept) {

        public RowBudget(long rowsToKeep, long maxRows) {
            this(rowsToKeep, maxRows, new AtomicLong());
        }
    }

    /**
     * One task's kept rows: a copy of its chunks' columns, made with the first row kept; with an
     * ordering, its rows, which the ordering compares.
     */
    private static final class TaskRows {

        private final int task;
        private final List<Row> ordered;
        private ColumnarBatch columns;

        TaskRows(int task, boolean ordering) {
            this.task = task;
            this.ordered = ordering ? new ArrayList<>() : null;
        }

        int size() {
            return ordered != null ? ordered.size() : columns == null ? 0 : columns.size();
        }
    }

    private final RowBudget budget;
    private final Comparator<Row> ordering;
    private final List<TaskRows> tasks = new ArrayList<>();
    private TaskRows current;
    private long count;

    public OutputCollector(RowBudget budget) {
        this(budget, null);
    }

    /** A collector whose batch's rows are handed over in {@code ordering} (none when null). */
    public OutputCollector(RowBudget budget, Comparator<Row> ordering) {
        this.budget = budget;
        this.ordering = ordering;
    }

    /** The rows from now on belong to task {@code task} of the batch's last stage. */
    public void startTask(int task) {
        if (budget.rowsToKeep() > 0) {
            current = new TaskRows(task, ordering != null);
            tasks.add(current);
        }
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        count += chunk.size();
        if (current == null) {
            return; // the sink looks at no rows
        }
        int keep = ordering != null ? chunk.size() : (int) Math.min(chunk.size(), budget.rowsToKeep() - current.size());
        if (keep <= 0) {
            return;
        }
        int added = keep;
        if (ordering == null) {
            if (current.columns == null) {
                current.columns = ColumnarBatch.allocate(chunk.schema(), keep);
            }
            current.columns.append(chunk, keep);
        } else {
            List<Row> rows = current.ordered;
            rows.addAll(chunk.toRows(keep));
            if (rows.size() - budget.rowsToKeep() >= Math.max(budget.rowsToKeep(), 64)) {
                // keep this task's first rows in the order, as many as the sink looks at
                rows.sort(ordering);
                List<Row> dropped = rows.subList((int) budget.rowsToKeep(), rows.size());
                added -= dropped.size();
                dropped.clear();
            }
        }
        // one change of the slots' shared count: what this task keeps, never what it held for a moment
        if (budget.kept().addAndGet(added) > budget.maxRows()) {
            throw new ArusException(ROWS_LIMIT_EXCEEDED, "[" + ROWS_LIMIT_EXCEEDED + "] Batch " + context.batchId()
                    + " has more than " + budget.maxRows() + " rows for a sink that takes every row, the limit of "
                    + "this session. Aggregate or filter the rows, use smaller batches, or raise the limit.");
        }
    }

    /**
     * The batch of {@code count} rows of {@code schema} whose rows every collector of a plan kept
     * since the last call, in task order (or the collectors' ordering) and at most the budget's
     * {@code rowsToKeep}; empties the collectors for the next batch.
     */
    public static ResultBatch gather(List<OutputCollector> collectors, Schema schema, long count) {
        List<TaskRows> all = new ArrayList<>();
        for (OutputCollector collector : collectors) {
            all.addAll(collector.tasks);
            collector.tasks.clear();
            collector.current = null;
            collector.budget.kept().set(0);
        }
        all.sort(Comparator.comparingInt(task -> task.task));
        long keep = collectors.isEmpty() ? 0 : collectors.get(0).budget.rowsToKeep();
        Comparator<Row> ordering = collectors.isEmpty() ? null : collectors.get(0).ordering;
        if (ordering != null) {
            List<Row> rows = new ArrayList<>();
            all.forEach(task -> rows.addAll(task.ordered));
            rows.sort(ordering); // stable: ties keep their task order
            return new ResultBatch(schema, rows.size() > keep ? rows.subList(0, (int) keep) : rows, count);
        }
        all.removeIf(task -> task.columns == null);
        if (all.isEmpty()) {
            return new ResultBatch(schema, List.of(), count);
        }
        ColumnarBatch rows = all.get(0).columns;
        if (all.size() > 1) {
            rows = ColumnarBatch.allocate(rows.schema(), (int) Math.min(keep, all.stream().mapToLong(TaskRows::size).sum()));
            for (TaskRows task : all) {
                rows.append(task.columns, (int) Math.min(task.columns.size(), keep - rows.size()));
            }
        }
        return ResultBatch.ofColumns(schema, rows, count);
    }

    /** The number of rows every collector saw since the last call; resets them. */
    public static long count(List<OutputCollector> collectors) {
        long total = 0;
        for (OutputCollector collector : collectors) {
            total += collector.count;
            collector.count = 0;
        }
        return total;
    }
}
