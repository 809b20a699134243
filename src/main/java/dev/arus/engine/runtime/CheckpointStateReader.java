package dev.arus.engine.runtime;

import dev.arus.engine.checkpoint.Checkpoint;
import dev.arus.engine.checkpoint.CommittedBatches;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.EntryOrder;
import dev.arus.engine.exec.StateEntries;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.state.StateStore;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.CheckpointException;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateMetadata;
import dev.arus.engine.streaming.StateRead;
import dev.arus.engine.streaming.StateReadRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * A {@link QueryStateReader} over a checkpoint, as Spark's {@code state-metadata} and
 * {@code statestore} sources read one. Each read takes these steps:
 * <ol>
 *   <li>list the commit log ({@link CommittedBatches}): the batches a read may ask for, and the
 *       number of state partitions the checkpoint keeps;</li>
 *   <li>make the query's stateful operators afresh for that number of partitions, numbered as a
 *       run numbers them (they run nothing);</li>
 *   <li>load the version a batch committed (batch {@code b}'s is {@code b + 1}) of each partition
 *       asked for, from the files, with read-only stores, into partitions of the reader's own.</li>
 * </ol>
 * A version's files are whole before its batch's commit entry exists and are never written again,
 * so a read needs no lock and sees exactly one batch. A snapshot the maintenance writes meanwhile
 * may lead it to delete the files a read was about to take; such a read is tried again, on the
 * files then present.
 */
final class CheckpointStateReader implements QueryStateReader {

    private static final int ATTEMPTS = 3;

    private final Path root;
    private final IntFunction<List<StatefulOperator>> operators;
    private final int defaultPartitions;

    /**
     * @param operators         the query's stateful operators made for a number of state partitions
     * @param defaultPartitions the number to list operators with before the first commit
     */
    CheckpointStateReader(Path root, IntFunction<List<StatefulOperator>> operators, int defaultPartitions) {
        this.root = root;
        this.operators = operators;
        this.defaultPartitions = defaultPartitions;
    }

    @Override
    public List<StateMetadata> metadata() {
        CommittedBatches committed = CommittedBatches.of(root);
        List<StateMetadata> entries = new ArrayList<>();
        for (StatefulOperator operator : operatorsOf(committed)) {
            long rows = 0;
            if (committed.last() >= 0) {
                for (int p = 0; p < operator.numPartitions(); p++) {
                    int partition = p;
                    rows += retried(() -> operator.readRowCount(store(operator, partition), committed.last() + 1));
                }
            }
            for (String store : operator.storeNames()) {
                entries.add(new StateMetadata(operator.operatorId(), operator.name(), store, operator.numPartitions(),
                        committed.first(), committed.last(), null, rows));
            }
        }
        return entries;
    }

    @Override
    public StateRead read(StateReadRequest request) {
        CommittedBatches committed = CommittedBatches.of(root);
        StatefulOperator operator = operatorsOf(committed).stream()
                .filter(candidate -> candidate.operatorId() == request.operatorId()).findFirst()
                .orElseThrow(() -> new ArusException(OPERATOR_NOT_FOUND, "The query has no stateful operator "
                        + request.operatorId()));
        String part = StateReadOptions.check(request, operator);
        if (committed.last() < 0) {
            throw new ArusException(NO_COMMITTED_BATCH, "The query has committed no batch yet: there is no state "
                    + "to read");
        }
        List<Integer> partitions = StateReadOptions.partitions(request, operator);
        if (!request.readChangeFeed()) {
            long batchId = StateReadOptions.batch(request.batchId(), "batchId", committed);
            List<Row> rows = new ArrayList<>();
            Schema schema = null;
            for (int partition : partitions) {
                StateEntries entries = entries(operator, partition, batchId + 1, part);
                schema = rowSchema(entries, false);
                for (StateEntries.Entry entry : entries.entries()) {
                    rows.add(new Row(schema, new Object[] {entry.key(), entry.value(), partition}));
                }
            }
            return new StateRead(batchId, schema, rows);
        }
        long start = StateReadOptions.batch(request.changeStartBatchId(), "changeStartBatchId", committed);
        long end = StateReadOptions.batch(request.changeEndBatchId(), "changeEndBatchId", committed);
        if (start > end) {
            throw new ArusException(INVALID_OPTION_VALUE, "Invalid value for option 'changeStartBatchId': it must "
                    + "be at most changeEndBatchId (" + end + "), was " + start);
        }
        return changes(operator, part, partitions, start, end);
    }

    /** Spark's change feed: per batch and partition, each key the batch put (update) or removed (delete). */
    private StateRead changes(StatefulOperator operator, String part, List<Integer> partitions, long start,
                              long end) {
        List<Row> rows = new ArrayList<>();
        Schema schema = null;
        for (int partition : partitions) {
            StateEntries before = entries(operator, partition, start, part);
            for (long batch = start; batch <= end; batch++) {
                StateEntries after = entries(operator, partition, batch + 1, part);
                schema = rowSchema(after, true);
                for (Change change : diff(before, after)) {
                    rows.add(new Row(schema, new Object[] {batch, change.type(), change.key(), change.value(),
                            partition}));
                }
                before = after;
            }
        }
        Comparator<Row> byBatch = Comparator.comparingLong(row -> (Long) row.get(0));
        rows.sort(byBatch.thenComparingInt(row -> (Integer) row.get(4))
                .thenComparing(row -> (Row) row.get(2), EntryOrder.ROWS));
        return new StateRead(end, schema, rows);
    }

    private record Change(String type, Row key, Row value) {
    }

    private static List<Change> diff(StateEntries before, StateEntries after) {
        Map<Row, Row> old = new LinkedHashMap<>();
        before.entries().forEach(entry -> old.put(entry.key(), entry.value()));
        List<Change> changes = new ArrayList<>();
        for (StateEntries.Entry entry : after.entries()) {
            Row was = old.remove(entry.key());
            if (was == null || !Objects.equals(was, entry.value())) {
                changes.add(new Change("update", entry.key(), entry.value()));
            }
        }
        old.keySet().forEach(key -> changes.add(new Change("delete", key, null)));
        return changes;
    }

    private static Schema rowSchema(StateEntries entries, boolean changeFeed) {
        List<Field> fields = new ArrayList<>();
        if (changeFeed) {
            fields.add(new Field("batch_id", AtomicType.LONG, false));
            fields.add(new Field("change_type", AtomicType.STRING, false));
        }
        fields.add(new Field("key", entries.keyType(), false));
        fields.add(new Field("value", entries.valueType(), true));
        fields.add(new Field("partition_id", AtomicType.INT, false));
        return new Schema(fields);
    }

    private List<StatefulOperator> operatorsOf(CommittedBatches committed) {
        return operators.apply(committed.shufflePartitions().orElse(defaultPartitions)).stream()
                .sorted(Comparator.comparingInt(StatefulOperator::operatorId)).toList();
    }

    private StateEntries entries(StatefulOperator operator, int partition, long version, String part) {
        return retried(() -> operator.readState(store(operator, partition), version, part));
    }

    private StateStore store(StatefulOperator operator, int partition) {
        return StateStore.readOnly(Checkpoint.stateDirectory(root, operator.operatorId(), partition));
    }

    /** {@code read}, tried again when a file it was about to take was deleted under it. */
    private static <T> T retried(Supplier<T> read) {
        for (int attempt = 1; ; attempt++) {
            try {
                return read.get();
            } catch (CheckpointException damaged) {
                if (attempt == ATTEMPTS) {
                    throw damaged;
                }
            }
        }
    }
}
