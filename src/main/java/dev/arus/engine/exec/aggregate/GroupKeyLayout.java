package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.HashFunction;
import dev.arus.engine.data.LongVector;
import dev.arus.engine.data.StructVector;
import dev.arus.engine.exec.BatchContext;
import dev.arus.engine.exec.KeyHashes;
import dev.arus.engine.expr.EvaluationException;
import dev.arus.engine.expr.window.GroupingKey;
import dev.arus.engine.state.GroupIndex;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * How the grouping keys of an aggregation (or the keys of a deduplication) become one tuple of
 * longs: the time fields first (a window's start, or a session's start and end, if any), then
 * each other key's encoded value, then, when a key can be NULL, a bit mask of the NULL keys.
 * Evaluates the keys of a chunk and encodes one row at a time into a reused probe.
 */
public final class GroupKeyLayout {

    private final GroupingKey[] keys;
    // the key position of the window or session, or -1; and how many time fields it takes
    private final int timePosition;
    private final int timeWidth;
    private final GroupingKey.WindowKey window;
    private final GroupingKey.SessionKey session;
    private final SessionGaps gaps;
    private final int[] valuePositions;
    // For each key position, the index of its value key (into encoders and the NULL mask), or -1
    // for the window or session.
    private final int[] valueIndexes;
    private final KeyEncoder[] encoders;
    private final boolean tracksNulls;
    private final int width;
    private final int watermarkKeyPosition;
    private final int watermarkField;
    private final long[] probe;

    private final ColumnVector[] valueVectors;
    private LongVector times;
    // The latest window start found and the times it covers, [from, from + slide): consecutive
    // rows mostly fall in it, which spares a division per row.
    private long cachedStartFrom = Long.MAX_VALUE;
    private long cachedStartUntil = Long.MIN_VALUE;

    public GroupKeyLayout(List<GroupingKey> keys, int watermarkKeyPosition) {
        this.keys = keys.toArray(GroupingKey[]::new);
        this.watermarkKeyPosition = watermarkKeyPosition;
        int timeAt = -1;
        int values = 0;
        boolean nullable = false;
        for (int k = 0; k < this.keys.length; k++) {
            if (this.keys[k] instanceof GroupingKey.ValueKey value) {
                values++;
                nullable |= value.expression().nullable();
            } else {
                timeAt = k;
            }
        }
        this.timePosition = timeAt;
        this.window = timeAt >= 0 && this.keys[timeAt] instanceof GroupingKey.WindowKey w ? w : null;
        this.session = timeAt >= 0 && this.keys[timeAt] instanceof GroupingKey.SessionKey s ? s : null;
        this.gaps = session == null ? null : new SessionGaps(session.gap());
        this.timeWidth = window != null ? 1 : session != null ? 2 : 0;
        this.valuePositions = new int[values];
        this.valueIndexes = new int[this.keys.length];
        this.encoders = new KeyEncoder[values];
        int v = 0;
        for (int k = 0; k < this.keys.length; k++) {
            if (this.keys[k] instanceof GroupingKey.ValueKey value) {
                valuePositions[v] = k;
                valueIndexes[k] = v;
                encoders[v++] = new KeyEncoder(value.expression().dataType());
            } else {
                valueIndexes[k] = -1;
            }
        }
        this.tracksNulls = nullable;
        this.width = Math.max(1, timeWidth + values + (nullable ? 1 : 0));
        this.probe = new long[width];
        this.valueVectors = new ColumnVector[values];
        this.watermarkField = watermarkKeyPosition < 0 || watermarkKeyPosition == timePosition
                ? 0 : fieldOfValue(valueIndexes[watermarkKeyPosition]);
    }

    public int width() {
        return width;
    }

    /** Whether the only key is a window, the case with a fast path of its own. */
    boolean isWindowOnly() {
        return window != null && keys.length == 1;
    }

    GroupingKey.WindowKey window() {
        return window;
    }

    /** The window's time column in the chunk last given to {@link #evaluateKeys}. */
    LongVector times() {
        return times;
    }

    public int keyCount() {
        return keys.length;
    }

    public long[] probe() {
        return probe;
    }

    /** A row falls into this many windows at most: one unless windows slide. */
    int windowsPerRow() {
        if (window == null) {
            return 1;
        }
        return (int) ((window.sizeMicros() + window.slideMicros() - 1) / window.slideMicros());
    }

    public boolean hasWatermarkKey() {
        return watermarkKeyPosition >= 0;
    }

    public void evaluateKeys(ColumnarBatch chunk, BatchContext context) {
        if (window != null) {
            times = (LongVector) window.timeColumn().evaluate(chunk, context.evaluation());
        } else if (session != null) {
            times = (LongVector) session.timeColumn().evaluate(chunk, context.evaluation());
            gaps.evaluate(chunk, context.evaluation());
        }
        for (int v = 0; v < valueVectors.length; v++) {
            GroupingKey.ValueKey key = (GroupingKey.ValueKey) keys[valuePositions[v]];
            valueVectors[v] = key.expression().evaluate(chunk, context.evaluation());
        }
    }

    /**
     * Marks the rows of the chunk last given to {@link #evaluateKeys}, of {@code size} rows, whose
     * key inputs (time, gap, values) repeat the row before: such a row's key is the row before's.
     */
    public void markRepeats(KeyRepeats repeats, int size) {
        repeats.start(size);
        if (window != null || session != null) {
            repeats.and(times);
        }
        if (gaps != null) {
            gaps.markRepeats(repeats);
        }
        for (ColumnVector values : valueVectors) {
            repeats.and(values);
        }
    }

    /**
     * Encodes row {@code row}'s key for its {@code window}-th window into the probe; false when
     * the row has no such window (a NULL event time, a sliding window that does not contain it,
     * or a session gap that is not positive).
     */
    public boolean encode(int row, int windowIndex) {
        int field = 0;
        if (session != null) {
            long gap = times.isNull(row) ? 0 : gaps.micros(row);
            if (gap <= 0) {
                return false;
            }
            long time = times.values()[row];
            probe[field++] = time;
            probe[field++] = sessionEnd(time, gap);
        } else if (window != null) {
            if (times.isNull(row)) {
                return false;
            }
            long time = times.values()[row];
            if (time < cachedStartFrom || time >= cachedStartUntil) {
                cachedStartFrom = window.latestWindowStart(time);
                cachedStartUntil = cachedStartFrom + window.slideMicros();
            }
            long start = cachedStartFrom - windowIndex * window.slideMicros();
            if (start + window.sizeMicros() <= time) {
                return false;
            }
            probe[field++] = start;
        }
        long nullMask = 0;
        for (int v = 0; v < valueVectors.length; v++) {
            ColumnVector vector = valueVectors[v];
            if (vector.isNull(row)) {
                nullMask |= 1L << v;
                probe[field++] = 0;
            } else {
                probe[field++] = encoders[v].encode(vector, row);
            }
        }
        if (tracksNulls) {
            probe[field] = nullMask;
        } else if (field == 0) {
            probe[0] = 0;
        }
        return true;
    }

    /**
     * Encodes the keys of rows {@code rows[0, count)} into {@code out}, one after another, {@link
     * #width} longs each, as {@link #encode} puts each into the probe, but a key column at a time:
     * for keys of values only (a deduplication's), where no row is left out.
     */
    public void encodeAll(int[] rows, int count, long[] out) {
        if (timeWidth > 0) {
            throw new IllegalStateException("a window or session key is encoded row by row");
        }
        for (int v = 0; v < encoders.length; v++) {
            encoders[v].encodeAll(valueVectors[v], rows, count, out, v, width);
        }
        if (encoders.length == 0 || tracksNulls) {
            int maskField = width - 1;
            for (int i = 0, at = maskField; i < count; i++, at += width) {
                out[at] = 0;
            }
            for (int v = 0; v < valueVectors.length; v++) {
                ColumnVector vector = valueVectors[v];
                if (vector.hasNulls()) {
                    for (int i = 0, at = maskField; i < count; i++, at += width) {
                        out[at] |= vector.isNull(rows[i]) ? 1L << v : 0;
                    }
                }
            }
        }
    }

    /** {@code time + gap}, which overflows as Spark's timestamp + interval does in ANSI mode. */
    private static long sessionEnd(long time, long gap) {
        try {
            return Math.addExact(time, gap);
        } catch (ArithmeticException overflow) {
            throw EvaluationException.overflow("long overflow", null);
        }
    }

    /**
     * Puts group {@code group} of {@code source}'s groups (keyed by {@code from}, a layout of the
     * same keys with dictionaries of its own) into the probe, as this layout encodes it. This
     * layout may leave out {@code from}'s session, keeping the keys a session belongs to.
     */
    void probeFrom(GroupKeyLayout from, GroupIndex source, int group) {
        int field = 0;
        for (; field < timeWidth; field++) {
            probe[field] = source.key(group, field);
        }
        for (int v = 0; v < encoders.length; v++, field++) {
            long value = source.key(group, from.fieldOfValue(v));
            probe[field] = from.isNullKey(source, group, v) ? value : encoders[v].translate(value, from.encoders[v]);
        }
        if (tracksNulls) {
            probe[field] = source.key(group, from.width - 1);
        } else if (field == 0) {
            probe[0] = 0;
        }
    }

    /**
     * The state partition, of {@code partitions}, of group {@code group}: where Spark's hash
     * partitioning puts the key ({@link KeyHashes}), its parts folded in the grouping's order, a
     * window as its struct of start and end. A session is left out, as Spark partitions a session
     * window's aggregation by the other keys alone.
     */
    int partitionOf(GroupIndex groups, int group, int partitions) {
        if (partitions == 1) {
            return 0;
        }
        long hash = KeyHashes.SEED;
        for (int k = 0; k < keys.length; k++) {
            if (k == timePosition) {
                if (window != null) {
                    long start = groups.key(group, 0);
                    hash = HashFunction.MURMUR3.hashLong(start, hash);
                    hash = HashFunction.MURMUR3.hashLong(start + window.sizeMicros(), hash);
                }
            } else {
                int v = valueIndexes[k];
                if (!isNullKey(groups, group, v)) {
                    hash = encoders[v].fold(groups.key(group, fieldOfValue(v)), hash);
                }
            }
        }
        return KeyHashes.partitionOf((int) hash, partitions);
    }

    /** The probe's closing time: its window's or session's end, or the watermark key's value. */
    long closingTime() {
        if (watermarkKeyPosition != timePosition) {
            return probe[watermarkField];
        }
        return session != null ? probe[1] : probe[0] + window.sizeMicros();
    }

    public long closingTime(GroupIndex groups, int group) {
        if (watermarkKeyPosition != timePosition) {
            return groups.key(group, watermarkField);
        }
        return session != null ? groups.key(group, 1) : groups.key(group, 0) + window.sizeMicros();
    }

    /** The probe field of value key {@code v}: after the time fields. */
    private int fieldOfValue(int v) {
        return timeWidth + v;
    }

    /** Writes key {@code position} of a group to an output column. */
    public void decodeKey(GroupIndex groups, int group, int position, ColumnVector output, int row) {
        if (position == timePosition) {
            long start = groups.key(group, 0);
            writeTimeRange(output, row, start, session != null ? groups.key(group, 1) : start + window.sizeMicros());
            return;
        }
        int v = valueIndexes[position];
        if (isNullKey(groups, group, v)) {
            output.setNull(row);
        } else {
            encoders[v].decode(groups.key(group, fieldOfValue(v)), output, row);
        }
    }

    /** Writes a window or session {@code [start, end)} as its {@code {start, end}} struct. */
    static void writeTimeRange(ColumnVector output, int row, long start, long end) {
        StructVector struct = (StructVector) output;
        struct.setNotNull(row);
        writeLong(struct.child(0), row, start);
        writeLong(struct.child(1), row, end);
    }

    private static void writeLong(ColumnVector vector, int row, long value) {
        vector.setNotNull(row);
        ((LongVector) vector).values()[row] = value;
    }

    private boolean isNullKey(GroupIndex groups, int group, int v) {
        return tracksNulls && (groups.key(group, width - 1) & (1L << v)) != 0;
    }

    /**
     * Writes a group's key for a state file: the NULL mask (when keys can be NULL), the time
     * fields, then each non-NULL value key; strings and binary values as text, since dictionary
     * ids are per run.
     */
    public void writeKey(GroupIndex groups, int group, StateBuffer out) {
        long mask = tracksNulls ? groups.key(group, width - 1) : 0;
        if (tracksNulls) {
            out.writeLong(mask);
        }
        int field = 0;
        for (; field < timeWidth; field++) {
            out.writeLong(groups.key(group, field));
        }
        for (int v = 0; v < encoders.length; v++) {
            long value = groups.key(group, field++);
            if ((mask & (1L << v)) != 0) {
                continue;
            }
            if (encoders[v].usesDictionary()) {
                out.writeString(encoders[v].string(value));
            } else {
                out.writeLong(value);
            }
        }
    }

    /** Reads a key written by {@link #writeKey} into the probe. */
    public void readKey(DataInput in) throws IOException {
        long mask = tracksNulls ? in.readLong() : 0;
        int field = 0;
        for (; field < timeWidth; field++) {
            probe[field] = in.readLong();
        }
        for (int v = 0; v < encoders.length; v++) {
            if ((mask & (1L << v)) != 0) {
                probe[field++] = 0;
            } else if (encoders[v].usesDictionary()) {
                probe[field++] = encoders[v].encodeString(StateBuffer.readString(in));
            } else {
                probe[field++] = in.readLong();
            }
        }
        if (tracksNulls) {
            probe[field] = mask;
        } else if (field == 0) {
            probe[0] = 0;
        }
    }

    /**
     * Reads {@code count} keys written by {@link #writeKey}, the removals of a delta, and says which
     * groups of {@code groups} stay: all but those keys.
     */
    public boolean[] keepAllBut(DataInput in, int count, GroupIndex groups) throws IOException {
        boolean[] keep = new boolean[groups.size()];
        Arrays.fill(keep, true);
        for (int i = 0; i < count; i++) {
            readKey(in);
            int group = groups.find(probe);
            if (group >= 0) {
                keep[group] = false;
            }
        }
        return keep;
    }

    /** Orders groups by their keys in key order, NULLs first, as Spark sorts ascending. */
    public int compareGroups(GroupIndex groups, int a, int b) {
        for (int position = 0; position < keys.length; position++) {
            int order = compareKey(groups, a, b, position);
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    /** Orders groups by key {@code position} alone: a window or session by its start. */
    int compareKey(GroupIndex groups, int a, int b, int position) {
        if (position == timePosition) {
            return Long.compare(groups.key(a, 0), groups.key(b, 0));
        }
        int v = valueIndexes[position];
        boolean nullA = isNullKey(groups, a, v);
        boolean nullB = isNullKey(groups, b, v);
        if (nullA || nullB) {
            return Boolean.compare(!nullA, !nullB);
        }
        int field = fieldOfValue(v);
        return encoders[v].compare(groups.key(a, field), groups.key(b, field));
    }
}
