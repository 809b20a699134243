package dev.arus.engine.runtime;

import dev.arus.engine.checkpoint.CommittedBatches;
import dev.arus.engine.exec.StatefulOperator;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.streaming.QueryStateReader;
import dev.arus.engine.streaming.StateReadRequest;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The checks Spark's {@code statestore} source makes of its options before it reads, with its
 * error classes: which options go together, which store or join side an operator has, and which
 * batches and partitions exist.
 */
final class StateReadOptions {

    private StateReadOptions() {
    }

    /**
     * Checks {@code request} against {@code operator}; returns the join side ({@code left} or
     * {@code right}) or store to read of an operator read by side, or {@code null} for one read whole.
     */
    static String check(StateReadRequest request, StatefulOperator operator) {
        if (request.readChangeFeed()) {
            if (request.batchId() != null) {
                throw conflict("batchId", "readChangeFeed");
            }
            if (request.joinSide() != null) {
                throw conflict("joinSide", "readChangeFeed");
            }
            if (request.changeStartBatchId() == null) {
                throw new ArusException(QueryStateReader.REQUIRED_OPTION_UNSPECIFIED, "'changeStartBatchId' must be specified "
                        + "with readChangeFeed");
            }
        } else if (request.changeStartBatchId() != null || request.changeEndBatchId() != null) {
            throw invalid(request.changeStartBatchId() != null ? "changeStartBatchId" : "changeEndBatchId",
                    "it is only read with readChangeFeed=true");
        }
        if (request.joinSide() != null && request.storeName() != null) {
            throw conflict("joinSide", "storeName");
        }
        if (request.storeName() != null && !operator.storeNames().contains(request.storeName())) {
            throw invalid("storeName", "operator " + operator.operatorId() + " (" + operator.name() + ") has the "
                    + "stores " + operator.storeNames() + ", not '" + request.storeName() + "'");
        }
        if (!operator.readBySide()) {
            if (request.joinSide() != null) {
                throw invalid("joinSide", "operator " + operator.operatorId() + " (" + operator.name() + ") is no "
                        + "stream-stream join");
            }
            return null;
        }
        if (request.storeName() != null) {
            return request.storeName();
        }
        String side = request.joinSide() == null ? null : request.joinSide().toLowerCase(Locale.ROOT);
        if (!"left".equals(side) && !"right".equals(side)) {
            throw invalid("joinSide", "a stream-stream join's state is read a side (left or right) or a store at a "
                    + "time, was " + (request.joinSide() == null ? "neither" : "'" + request.joinSide() + "'"));
        }
        return side;
    }

    /** The partitions to read: the one asked for, or all. */
    static List<Integer> partitions(StateReadRequest request, StatefulOperator operator) {
        Integer partition = request.partition();
        if (partition == null) {
            return IntStream.range(0, operator.numPartitions()).boxed().toList();
        }
        if (partition < 0 || partition >= operator.numPartitions()) {
            throw invalid("partition", "the operator has partitions 0 to " + (operator.numPartitions() - 1)
                    + ", not " + partition);
        }
        return List.of(partition);
    }

    /** The batch {@code option} names: a committed one, the last committed by default. */
    static long batch(Long batchId, String option, CommittedBatches committed) {
        if (batchId == null) {
            return committed.last();
        }
        if (batchId < 0 || batchId > committed.last()) {
            throw invalid(option, "the last committed batch is " + committed.last() + ", asked for " + batchId);
        }
        return batchId;
    }

    private static ArusException conflict(String one, String other) {
        return new ArusException(QueryStateReader.CONFLICT_OPTIONS, "A state source cannot take '" + one
                + "' and '" + other + "' together");
    }

    private static ArusException invalid(String option, String why) {
        return new ArusException(QueryStateReader.INVALID_OPTION_VALUE, "Invalid value for option '" + option
                + "': " + why);
    }
}
