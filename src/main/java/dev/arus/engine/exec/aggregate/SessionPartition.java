package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.exec.KeyedDelta;
import dev.arus.engine.exec.StateStats;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import dev.arus.engine.streaming.OutputMode;
import java.io.DataInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One state partition of a session-window aggregation, as Spark's session restore, merge and
 * save execs keep it: for each key (the grouping values besides the session) the sessions
 * stored, ordered by start, with their aggregates. A slot's partial groups are the sessions
 * {@code [time, time + gap)} of its rows; a late one, ending by the previous batch's watermark,
 * is only counted (distinct), even when its time falls inside a stored session. The others merge
 * with their key's stored sessions as Spark's {@code MergingSessionsIterator} merges them: taken
 * by start, a session joins the one before it when it starts at or before that one's end, which
 * then ends at the later end and takes its aggregates; so one row can chain sessions of earlier
 * batches into one. Then append mode emits and evicts the sessions this batch's watermark closes
 * (their end at or before it), and complete mode emits every session and evicts none.
 *
 * <p>The figures are Spark's: a batch updates every session of each key it touched (unchanged
 * ones too, since Spark puts the key's whole list back) and removes the stored sessions that
 * merged into another and those evicted. {@link #commit} hands a durable store a delta: the
 * removed sessions (key and start), then the changed ones with their aggregates.
 */
final class SessionPartition extends AggregatingPartition {

    private static final int LOOKAHEAD = 64;

    private final boolean append;
    private final int sessionPosition;
    private final int keyCount;
    private final boolean sessionCarriesWatermark;
    // the whole key, session included, counts late sessions; the rest keys the stored sessions
    private final GroupKeyLayout keysWithSession;
    private final GroupKeyLayout keysWithoutSession;
    private final Accumulator[] accumulators;
    private final SessionTable sessions;
    private final GroupIndex lateGroups;
    private final SessionArrivals arrivals = new SessionArrivals();
    // a block of arriving keys, looked up together
    private final long[] blockKeys;
    private final int[] blockHashes = new int[LOOKAHEAD];
    private final int[] blockGroups = new int[LOOKAHEAD];
    private final KeyedDelta delta = new KeyedDelta();
    // stored sessions of the last version that merged into another this batch
    private long mergedAway;
    // the session ids the accumulators have room for
    private int capacity;

    SessionPartition(AggregationSpec spec, OutputMode mode) {
        this.append = mode == OutputMode.APPEND;
        this.sessionPosition = spec.sessionPosition();
        this.keyCount = spec.keys().size();
        int watermarkKey = spec.watermarkKeyPosition();
        this.sessionCarriesWatermark = watermarkKey == sessionPosition;
        this.keysWithSession = new GroupKeyLayout(spec.keys(), -1);
        List<GroupingKey> others = new ArrayList<>(spec.keys());
        others.remove(sessionPosition);
        this.keysWithoutSession = new GroupKeyLayout(others,
                watermarkKey < 0 || sessionCarriesWatermark ? -1 : valuePosition(watermarkKey));
        this.accumulators = Accumulator.forCalls(spec.aggregates());
        this.sessions = new SessionTable(keysWithoutSession.width());
        this.blockKeys = new long[LOOKAHEAD * keysWithoutSession.width()];
        this.lateGroups = new GroupIndex(keysWithSession.width());
        ensureCapacity(16);
    }

    /** The position among the keys without the session of key {@code position}, not the session. */
    private int valuePosition(int position) {
        return position < sessionPosition ? position : position - 1;
    }

    @Override
    public long rows() {
        return sessions.size();
    }

    @Override
    int merge(PartialAggregation partial, int partition, long stamp) {
        int before = sessions.size();
        gatherArrivals(partial, partition);
        arrivals.sort();
        for (int from = 0; from < arrivals.size(); ) {
            int key = arrivals.key(arrivals.sorted(from));
            int until = from + 1;
            while (until < arrivals.size() && arrivals.key(arrivals.sorted(until)) == key) {
                until++;
            }
            mergeKey(key, from, until, partial, stamp);
            from = until;
        }
        return sessions.size() - before;
    }

    /**
     * Counts the late partial groups of state partition {@code partition} and puts the others
     * into {@link #arrivals}, each under its key, added if new.
     */
    private void gatherArrivals(PartialAggregation partial, int partition) {
        GroupIndex groups = partial.groups();
        int[] members = partial.membersOf(partition);
        int count = partial.memberCount(partition);
        arrivals.clear();
        // Keys merge in the order of their ranks, which numbers new sessions, and so orders the
        // state files' entries, as when a key without sessions was dropped at once.
        long mergeBegan = sessions.nextRank();
        int width = keysWithoutSession.width();
        for (int from = 0; from < count; from += LOOKAHEAD) {
            int blocked = 0;
            for (int i = from; i < Math.min(count, from + LOOKAHEAD); i++) {
                int group = members[i];
                if (partial.isLate(group)) {
                    keysWithSession.probeFrom(partial.layout(), groups, group);
                    lateGroups.findOrInsert(keysWithSession.probe());
                    continue;
                }
                keysWithoutSession.probeFrom(partial.layout(), groups, group);
                System.arraycopy(keysWithoutSession.probe(), 0, blockKeys, blocked * width, width);
                blockHashes[blocked] = sessions.keys().hash(blockKeys, blocked * width);
                blockGroups[blocked++] = group;
            }
            // A new key's slot in an index of many keys is a cache miss: read together first, the
            // misses of a block overlap.
            sessions.keys().touch(blockHashes, blocked);
            for (int b = 0; b < blocked; b++) {
                int group = blockGroups[b];
                int key = sessions.key(blockKeys, b * width, blockHashes[b]);
                arrivals.add(key, sessions.arrivingRank(key, mergeBegan), groups.key(group, 0), groups.key(group, 1),
                        group);
            }
        }
    }

    /**
     * Merges the sorted arrivals {@code [from, until)}, all of {@code key}, with the key's stored
     * sessions, rebuilding its list; at equal starts the stored session comes first, so that a
     * stored session is only ever merged into one that starts before it.
     */
    private void mergeKey(int key, int from, int until, PartialAggregation partial, long stamp) {
        int stored = sessions.head(key);
        int rank = from;
        int current = SessionTable.NONE;
        int last = SessionTable.NONE;
        while (stored != SessionTable.NONE || rank < until) {
            int arrival = rank < until ? arrivals.sorted(rank) : -1;
            if (stored != SessionTable.NONE && (arrival < 0 || sessions.start(stored) <= arrivals.start(arrival))) {
                int session = stored;
                stored = sessions.next(session);
                if (current != SessionTable.NONE && sessions.start(session) <= sessions.end(current)) {
                    absorb(current, session, stamp);
                    continue;
                }
                current = session;
            } else {
                rank++;
                int group = arrivals.partialGroup(arrival);
                if (current == SessionTable.NONE || arrivals.start(arrival) > sessions.end(current)) {
                    current = sessions.add(key, arrivals.start(arrival), arrivals.end(arrival), stamp);
                    ensureCapacity(current + 1);
                    mergePartial(current, partial, group);
                } else {
                    sessions.extend(current, arrivals.end(arrival), stamp);
                    mergePartial(current, partial, group);
                    continue;
                }
            }
            if (last == SessionTable.NONE) {
                sessions.setHead(key, current);
            } else {
                sessions.setNext(last, current);
            }
            last = current;
        }
        sessions.setNext(last, SessionTable.NONE);
        sessions.touch(key, stamp);
    }

    private void mergePartial(int session, PartialAggregation partial, int group) {
        for (int a = 0; a < accumulators.length; a++) {
            accumulators[a].merge(session, partial.accumulator(a), group);
        }
    }

    /** Merges a stored session, already unlinked, into {@code into}. */
    private void absorb(int into, int session, long stamp) {
        sessions.extend(into, sessions.end(session), stamp);
        for (Accumulator accumulator : accumulators) {
            accumulator.merge(into, accumulator, session);
        }
        if (sessions.born(session) < stamp) {
            mergedAway++;
            recordRemoval(session);
        }
        sessions.remove(session);
    }

    /** Notes a session of the last committed version for the delta, before it goes. */
    private void recordRemoval(int session) {
        if (durable()) {
            StateBuffer removal = delta.removal();
            keysWithoutSession.writeKey(sessions.keys(), sessions.owner(session), removal);
            removal.writeLong(sessions.start(session));
        }
    }

    @Override
    ColumnarBatch emit(long stamp, long evictBefore, Schema outputSchema) {
        long updated = 0;
        for (int key = 0; key < sessions.keys().size(); key++) {
            if (sessions.touched(key) == stamp) {
                for (int s = sessions.head(key); s != SessionTable.NONE; s = sessions.next(s)) {
                    updated++;
                }
            }
        }
        List<Integer> emitted = new ArrayList<>();
        List<Integer> closed = new ArrayList<>();
        for (int session = 0; session < sessions.idLimit(); session++) {
            if (!sessions.isLive(session)) {
                continue;
            }
            if (!append) {
                emitted.add(session);
            } else if (closingTime(session) <= evictBefore) {
                emitted.add(session);
                closed.add(session);
            }
        }
        ColumnarBatch output = materialize(emitted, outputSchema);
        for (int session : closed) {
            if (sessions.born(session) < stamp) {
                recordRemoval(session);
            }
            sessions.removeAt(sessions.owner(session), sessions.start(session));
        }
        // Evicted sessions and keys stay, marked, until they outnumber the live ones: a compaction
        // rebuilds the key index, too much to do every batch.
        if (sessions.idLimit() > 2 * sessions.size()) {
            compact();
        }
        long memory = sessions.memoryBytes() + Arrays.stream(accumulators).mapToLong(Accumulator::memoryBytes).sum();
        finished(new StateStats(sessions.size(), updated, mergedAway + closed.size(), lateGroups.size(), memory));
        lateGroups.clear();
        mergedAway = 0;
        return output;
    }

    /** When the session closes: its end, or the watermark key's value, or never without a watermark key. */
    private long closingTime(int session) {
        if (sessionCarriesWatermark) {
            return sessions.end(session);
        }
        return keysWithoutSession.hasWatermarkKey()
                ? keysWithoutSession.closingTime(sessions.keys(), sessions.owner(session)) : Long.MAX_VALUE;
    }

    @Override
    Held held(Schema outputSchema) {
        List<Integer> live = new ArrayList<>();
        for (int session = 0; session < sessions.idLimit(); session++) {
            if (sessions.isLive(session)) {
                live.add(session);
            }
        }
        Integer[] order = sorted(live);
        return new Held(materialize(order, outputSchema), order);
    }

    @Override
    Accumulator[] accumulators() {
        return accumulators;
    }

    private Integer[] sorted(List<Integer> sessionIds) {
        Integer[] order = sessionIds.toArray(Integer[]::new);
        Arrays.sort(order, this::compareSessions);
        return order;
    }

    private ColumnarBatch materialize(List<Integer> emitted, Schema outputSchema) {
        return materialize(sorted(emitted), outputSchema);
    }

    private ColumnarBatch materialize(Integer[] order, Schema outputSchema) {
        ColumnarBatch output = ColumnarBatch.allocate(outputSchema, Math.max(order.length, 1));
        GroupIndex keys = sessions.keys();
        for (int row = 0; row < order.length; row++) {
            int session = order[row];
            for (int position = 0; position < keyCount; position++) {
                if (position == sessionPosition) {
                    GroupKeyLayout.writeTimeRange(output.column(position), row, sessions.start(session),
                            sessions.end(session));
                } else {
                    keysWithoutSession.decodeKey(keys, sessions.owner(session), valuePosition(position),
                            output.column(position), row);
                }
            }
            for (int a = 0; a < accumulators.length; a++) {
                accumulators[a].writeResult(session, output.column(keyCount + a), row);
            }
        }
        output.setSize(order.length);
        return output;
    }

    /** Orders sessions by the keys in key order, the session by its start, as Spark sorts ascending. */
    private int compareSessions(int a, int b) {
        for (int position = 0; position < keyCount; position++) {
            int order = position == sessionPosition
                    ? Long.compare(sessions.start(a), sessions.start(b))
                    : keysWithoutSession.compareKey(sessions.keys(), sessions.owner(a), sessions.owner(b),
                            valuePosition(position));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private void compact() {
        int[] survivors = sessions.compact();
        for (Accumulator accumulator : accumulators) {
            accumulator.retain(survivors, survivors.length);
        }
    }

    private void ensureCapacity(int needed) {
        if (needed > capacity) {
            capacity = Math.max(needed, capacity * 2);
            for (Accumulator accumulator : accumulators) {
                accumulator.ensureGroups(capacity);
            }
        }
    }

    @Override
    protected void clear() {
        sessions.clear();
        for (Accumulator accumulator : accumulators) {
            accumulator.clear();
        }
        delta.clear();
        forgetBatch();
    }

    @Override
    protected void loaded() {
        if (sessions.idLimit() > sessions.size()) {
            compact();
        }
    }

    /** The sessions removed since the last commit, then those the batch stamped {@code stamp} changed. */
    @Override
    protected void writeDelta(StateBuffer out, long stamp) {
        delta.write(out, sessions.idLimit(), session -> sessions.isLive(session) && sessions.changed(session) == stamp,
                this::writeSession);
    }

    @Override
    protected void writeSnapshot(StateBuffer out) {
        KeyedDelta.writeSnapshot(out, sessions.idLimit(), sessions::isLive, this::writeSession);
    }

    @Override
    protected void forgetBatch() {
        lateGroups.clear();
        mergedAway = 0;
    }

    private void writeSession(int session, StateBuffer out) {
        keysWithoutSession.writeKey(sessions.keys(), sessions.owner(session), out);
        out.writeLong(sessions.start(session));
        out.writeLong(sessions.end(session));
        for (Accumulator accumulator : accumulators) {
            accumulator.write(session, out);
        }
    }

    @Override
    protected void readDelta(DataInput in) throws IOException {
        KeyedDelta.read(in, this::readRemovals, this::readSession);
    }

    private void readRemovals(DataInput in, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            keysWithoutSession.readKey(in);
            long start = in.readLong();
            int key = sessions.keys().find(keysWithoutSession.probe());
            if (key >= 0) {
                sessions.removeAt(key, start);
            }
        }
    }

    private void readSession(DataInput in) throws IOException {
        keysWithoutSession.readKey(in);
        int key = sessions.key(keysWithoutSession.probe());
        long start = in.readLong();
        long end = in.readLong();
        int session = sessions.find(key, start);
        if (session == SessionTable.NONE) {
            session = sessions.add(key, start, end, 0);
            sessions.insert(key, session);
            ensureCapacity(session + 1);
        } else {
            sessions.extend(session, end, 0);
        }
        for (Accumulator accumulator : accumulators) {
            accumulator.read(session, in);
        }
    }
}
