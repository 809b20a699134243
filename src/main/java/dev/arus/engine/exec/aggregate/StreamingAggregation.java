package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.Operator;
import dev.arus.engine.exec.PartitionedStatefulOperator;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StateRowLimit;
import dev.arus.engine.streaming.OutputMode;
import dev.arus.engine.streaming.SortedArrayMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A grouped aggregation whose groups live across batches, as Spark's streaming aggregation
 * (partial aggregate, exchange, state restore, state save): each task slot folds its rows into a
 * {@link PartialAggregation}, and each state partition merges its keys' partial groups, in slot
 * order, into the groups it keeps ({@link AggregationPartition}) or, grouping by a session
 * window, into the sessions it keeps ({@link SessionPartition}). A group is keyed by its window
 * start or session (if it has one) and its other key values, encoded as a tuple of longs.
 *
 * <p>The watermark key is the grouping key that carries the event-time watermark: its window's
 * or session's end (or its value) says when a group is closed; rows of groups closed by the
 * previous batch's watermark are dropped as late.
 */
public final class StreamingAggregation
        extends PartitionedStatefulOperator<AggregatingPartition, PartialAggregation> {

    /** Spark's {@code StateStoreSaveExec.shortName}. */
    public static final String NAME = "stateStoreSave";

    /** The name of its one custom metric, made into a map without sorting for every batch. */
    private static final String[] LATE_INPUT_ROWS = {"numLateInputRows"};

    /** Spark's {@code SessionWindowStateStoreSaveExec.shortName}. */
    public static final String SESSION_WINDOW_NAME = "sessionWindowStateStoreSaveExec";

    private final OutputMode mode;
    private final Schema outputSchema;
    private final boolean sessions;
    private final int keyCount;
    private final int sessionPosition;

    /**
     * @param slotSpecs    the aggregation as each task slot binds it, one per slot
     * @param maxStateRows the most groups all partitions may hold together
     */
    public StreamingAggregation(int operatorId, int partitionCount, OutputMode mode, List<AggregationSpec> slotSpecs,
                                Schema outputSchema, int maxStateRows) {
        super(operatorId, bySession(slotSpecs) ? SESSION_WINDOW_NAME : NAME, limit(maxStateRows),
                partitionCount, () -> bySession(slotSpecs) ? new SessionPartition(slotSpecs.get(0), mode)
                        : new AggregationPartition(slotSpecs.get(0), mode),
                List.of(partials(operatorId, slotSpecs, mode, partitionCount, limit(maxStateRows))));
        this.mode = mode;
        this.outputSchema = outputSchema;
        this.sessions = bySession(slotSpecs);
        this.keyCount = slotSpecs.get(0).keys().size();
        this.sessionPosition = slotSpecs.get(0).sessionPosition();
    }

    private static boolean bySession(List<AggregationSpec> slotSpecs) {
        return slotSpecs.get(0).sessionPosition() >= 0;
    }

    private static StateRowLimit limit(int maxStateRows) {
        return new StateRowLimit(maxStateRows, "aggregation's state", "rows (groups)", "Add a watermark so that "
                + "closed windows are evicted, group by fewer distinct keys, or raise the limit.");
    }

    private static List<PartialAggregation> partials(int operatorId, List<AggregationSpec> slotSpecs,
                                                     OutputMode mode, int partitionCount, StateRowLimit limit) {
        // Spark's StateStoreSaveExec keeps late rows in complete mode; the session window restore
        // exec drops them whatever the mode.
        boolean dropsLateRows = bySession(slotSpecs) || mode != OutputMode.COMPLETE;
        return slotSpecs.stream().map(slotSpec -> new PartialAggregation(operatorId, slotSpec, dropsLateRows, partitionCount,
                limit.maxRows(), limit::exceeded)).toList();
    }

    @Override
    protected void process(AggregatingPartition state, int partition, BatchContext context, Operator downstream) {
        long stamp = context.batchId() + 1;
        for (PartialAggregation partial : inputs(0)) {
            countStateRows(state.merge(partial, partition, stamp));
        }
        long before = state.rows();
        ColumnarBatch output = state.emit(stamp, context.watermarkForEvictionMicros(operatorId()), outputSchema);
        countStateRows(state.rows() - before);
        if (output.size() > 0) {
            downstream.process(output, context);
        }
    }

    /**
     * As Spark's state format 2: the key is the grouping ({@code window} a struct), the value the
     * aggregation buffer, named after the buffer, not the output. A session window's key is the
     * other keys and {@code sessionStartTime}, its value the whole row (keys, session and buffer).
     */
    @Override
    protected StateEntries entries(AggregatingPartition state, String part) {
        Accumulator[] accumulators = state.accumulators();
        List<Field> keys = outputSchema.fields().subList(0, keyCount);
        List<Field> buffers = new ArrayList<>();
        for (int a = 0; a < accumulators.length; a++) {
            Field result = outputSchema.field(keyCount + a);
            buffers.addAll(accumulators[a].bufferFields(result.name(), result.type()));
        }
        List<Field> keyFields = new ArrayList<>();
        List<Field> valueFields = new ArrayList<>();
        if (sessions) {
            for (int k = 0; k < keyCount; k++) {
                if (k != sessionPosition) {
                    keyFields.add(keys.get(k));
                }
            }
            keyFields.add(new Field("sessionStartTime", AtomicType.TIMESTAMP, false));
            valueFields.addAll(keys);
        } else {
            keyFields.addAll(keys);
        }
        valueFields.addAll(buffers);
        valueFields = distinctNames(valueFields);
        StructType keyType = new StructType(keyFields);
        StructType valueType = new StructType(valueFields);
        Schema keySchema = new Schema(keyFields);
        Schema valueSchema = new Schema(valueFields);
        AggregatingPartition.Held held = state.held(outputSchema);
        ColumnarBatch rows = held.rows();
        List<StateEntries.Entry> entries = new ArrayList<>(rows.size());
        for (int row = 0; row < rows.size(); row++) {
            Object[] key = new Object[keyFields.size()];
            Object[] value = new Object[valueFields.size()];
            int keyAt = 0;
            int valueAt = 0;
            for (int k = 0; k < keyCount; k++) {
                Object keyValue = rows.column(k).getObject(row);
                if (!sessions || k != sessionPosition) {
                    key[keyAt++] = keyValue;
                }
                if (sessions) {
                    value[valueAt++] = keyValue;
                }
            }
            if (sessions) {
                key[keyAt] = ((Row) rows.column(sessionPosition).getObject(row)).get(0);
            }
            for (int a = 0; a < accumulators.length; a++) {
                List<Object> buffer = accumulators[a].buffer(held.ids()[row]);
                if (buffer == null) {
                    value[valueAt++] = rows.column(keyCount + a).getObject(row);
                } else {
                    for (Object field : buffer) {
                        value[valueAt++] = field;
                    }
                }
            }
            entries.add(new StateEntries.Entry(new Row(keySchema, key), new Row(valueSchema, value)));
        }
        return new StateEntries(keyType, valueType, entries);
    }

    /**
     * {@code fields} with each name that comes again made distinct by its count: Spark's buffer
     * may name two fields alike ({@code count(*)} and {@code avg}'s {@code count}), which a JSON
     * object cannot hold; the second is {@code count_2}.
     */
    private static List<Field> distinctNames(List<Field> fields) {
        Map<String, Integer> seen = new HashMap<>();
        List<Field> distinct = new ArrayList<>();
        for (Field field : fields) {
            int count = seen.merge(field.name().toLowerCase(Locale.ROOT), 1, Integer::sum);
            distinct.add(count == 1 ? field : new Field(field.name() + "_" + count, field.type(), field.nullable()));
        }
        return distinct;
    }

    /** {@code numLateInputRows} is Arus's extra: the input rows behind the dropped groups. */
    @Override
    protected Map<String, Long> customMetrics() {
        long lateInputRows = 0;
        for (PartialAggregation partial : inputs(0)) {
            lateInputRows += partial.lateInputRows();
        }
        return SortedArrayMap.ofSorted(LATE_INPUT_ROWS, new Long[] {lateInputRows});
    }

    /** Spark's session window save exec never sets its operator metrics in complete mode. */
    @Override
    protected long stateStoreInstances() {
        return sessions && mode == OutputMode.COMPLETE ? 0 : numPartitions();
    }

    /**
     * Spark's {@code StateStoreSaveExec} (and its session window save exec) asks for a no-data
     * batch in append and update mode whenever the query has a watermark, even when the
     * aggregation does not group by the watermarked column; never in complete mode.
     */
    @Override
    public boolean runsNoDataBatches() {
        return mode != OutputMode.COMPLETE;
    }
}
