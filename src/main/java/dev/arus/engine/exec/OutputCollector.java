package dev.arus.engine.exec;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The end of a pipeline on one task slot: counts the batch's output rows and, when the sink
 * looks at rows, keeps a copy of each task's rows (the chunks it receives are reused upstream),
 * so that {@link #gather} can put a batch's output together in task order, as if one thread had
 * run every task.
 */
public final class OutputCollector implements Operator {

    private record TaskRows(int task, List<Row> rows) {
    }

    private final boolean keepRows;
    private final List<TaskRows> tasks = new ArrayList<>();
    private List<Row> current;
    private long count;

    public OutputCollector(boolean keepRows) {
        this.keepRows = keepRows;
    }

    /** The rows from now on belong to task {@code task} of the batch's last stage. */
    public void startTask(int task) {
        if (keepRows) {
            current = new ArrayList<>();
            tasks.add(new TaskRows(task, current));
        }
    }

    @Override
    public void process(ColumnarBatch chunk, BatchContext context) {
        count += chunk.size();
        if (keepRows) {
            current.addAll(chunk.toRows());
        }
    }

    /** The rows every collector kept since the last call, in task order; empties them. */
    public static List<Row> gather(List<OutputCollector> collectors) {
        List<TaskRows> all = new ArrayList<>();
        for (OutputCollector collector : collectors) {
            all.addAll(collector.tasks);
            collector.tasks.clear();
        }
        all.sort(Comparator.comparingInt(TaskRows::task));
        List<Row> rows = new ArrayList<>();
        all.forEach(task -> rows.addAll(task.rows()));
        return rows;
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
