package dev.arus.engine.log;

import static dev.arus.engine.log.LogRows.append;
import static dev.arus.engine.log.LogRows.batch;
import static dev.arus.engine.log.LogRows.read;
import static dev.arus.engine.log.LogRows.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.ManualClock;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The event log on a real filesystem: appends, reads, reopening, segments, retention, producers. */
class EventLogTest {

    private static final String ORDERS = "order_id STRING, amount DOUBLE, quantity INT, paid BOOLEAN, "
            + "event_time TIMESTAMP, customer BIGINT, note BINARY";
    private static final long T0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock(T0);
    private EventLog log;

    @AfterEach
    void close() {
        if (log != null) {
            log.close();
        }
    }

    private EventLog open(long segmentBytes) {
        if (log != null) {
            log.close();
        }
        log = EventLog.open(directory, clock, segmentBytes);
        return log;
    }

    private static List<Object> order(int i) {
        return Arrays.asList("o-" + i, i * 1.5, i % 7, i % 2 == 0, Instant.ofEpochSecond(1_700_000_000L + i),
                i % 3 == 0 ? null : (long) i * 1000, i % 5 == 0 ? null : new byte[] {(byte) i, 7});
    }

    private static List<List<Object>> orders(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(EventLogTest::order).toList();
    }

    /** What reading gives for {@code rows} appended at {@code clock}'s time: byte arrays as text, then the ingest time. */
    private static List<List<Object>> asRead(List<List<Object>> rows, long ingestMillis) {
        return rows.stream().map(row -> {
            List<Object> values = new ArrayList<>();
            row.forEach(value -> values.add(value instanceof byte[] bytes ? Arrays.toString(bytes) : value));
            values.add(Instant.ofEpochMilli(ingestMillis));
            return values;
        }).toList();
    }

    private LogStream create(String name, int partitions, String keyField, Retention retention) {
        return log.create(StreamDefinition.of(name, ORDERS, partitions, keyField, retention));
    }

    @Test
    void appendsGetConsecutiveOffsetsAndReadBackEveryTypeAndNull() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 1, null, null);
        AppendResult first = append(stream, batch(stream.definition().schema(), orders(0, 3)));
        clock.advanceMillis(5);
        AppendResult second = append(stream, batch(stream.definition().schema(), orders(3, 10_000)));

        assertThat(first.ranges()).containsExactly(new AppendResult.Range(0, 0, 3));
        assertThat(second.ranges()).containsExactly(new AppendResult.Range(0, 3, 10_000));
        assertThat(stream.durableEnds()).containsExactly(10_003);
        List<List<Object>> expected = new ArrayList<>(asRead(orders(0, 3), T0));
        expected.addAll(asRead(orders(3, 10_000), T0 + 5));
        assertThat(readAll(stream, 0)).isEqualTo(expected);
        // A range starting and ending inside batches, spanning chunk boundaries.
        assertThat(read(stream, 0, 2, 9_001)).isEqualTo(expected.subList(2, 9_001));
        assertThat(stream.readSchema().names()).endsWith("note", "ingest_time");
    }

    @Test
    void decimalsDatesFloatsAndNarrowIntegersReadBackAsWritten() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = log.create(StreamDefinition.of("sales", "price DECIMAL(10,2), total DECIMAL(30,4),"
                + " day DATE, ratio FLOAT, tiny TINYINT, small SMALLINT", 1, null, null));
        List<List<Object>> rows = IntStream.range(0, 5_000).mapToObj(i -> Arrays.<Object>asList(
                i % 4 == 0 ? null : BigDecimal.valueOf(i * 101L - 20_000, 2),
                i % 3 == 0 ? null : new BigDecimal("1234567890123456789012.5678").multiply(BigDecimal.valueOf(i - 7)),
                i % 5 == 0 ? null : LocalDate.of(2026, 12, 1).plusDays(i - 2_500),
                i % 6 == 0 ? null : i / 8f - 100,
                i % 7 == 0 ? null : (byte) (i % 256 - 128),
                i % 9 == 0 ? null : (short) (i * 13 - 30_000))).toList();
        append(stream, batch(stream.definition().schema(), rows));

        assertThat(readAll(stream, 0)).isEqualTo(asRead(rows, T0));
        BitSet dayOnly = new BitSet();
        dayOnly.set(2);
        ColumnarBatch chunk = ColumnarBatch.allocate(stream.readSchema(), ColumnarBatch.CHUNK_SIZE);
        List<Object> days = new ArrayList<>();
        stream.read(0, 10, 4_990, dayOnly, chunk, read -> {
            for (int r = 0; r < read.size(); r++) {
                days.add(read.column(2).getObject(r));
            }
        });
        assertThat(days).isEqualTo(rows.subList(10, 4_990).stream().map(row -> row.get(2)).toList());
    }

    @Test
    void structColumnsReadBackWithTheirFieldsAndNullsAcrossChunks() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = log.create(StreamDefinition.of("windows", "window STRUCT<start: TIMESTAMP, end: TIMESTAMP>,"
                + " label STRUCT<name: STRING, price: DECIMAL(30,2), inner: STRUCT<code: BINARY, n: INT>>, total BIGINT",
                1, null, null));
        Schema schema = stream.definition().schema();
        StructType window = (StructType) schema.field(0).type();
        StructType label = (StructType) schema.field(1).type();
        StructType inner = (StructType) label.fields().get(2).type();
        List<List<Object>> rows = IntStream.range(0, 9_000).mapToObj(i -> Arrays.<Object>asList(
                i % 11 == 0 ? null : new Row(new Schema(window.fields()), new Object[] {
                        Instant.ofEpochSecond(1_700_000_000L + i), i % 13 == 0 ? null : Instant.ofEpochSecond(i)}),
                i % 7 == 0 ? null : new Row(new Schema(label.fields()), new Object[] {
                        i % 5 == 0 ? null : "name-" + i, i % 3 == 0 ? null : BigDecimal.valueOf(i * 7L, 2),
                        i % 4 == 0 ? null : new Row(new Schema(inner.fields()), new Object[] {
                                new byte[] {(byte) i}, i % 6 == 0 ? null : i})}),
                (long) i)).toList();
        append(stream, batch(schema, rows.subList(0, 4_000)));
        append(stream, batch(schema, rows.subList(4_000, rows.size())));

        List<List<Object>> read = read(stream, 0, 3, 8_990).stream().map(row -> row.subList(0, 3)).toList();
        assertThat(read).hasSize(8_987);
        for (int r = 0; r < read.size(); r++) {
            List<Object> written = rows.get(r + 3);
            assertThat(read.get(r).get(0)).as("window of row %d", r + 3).isEqualTo(written.get(0));
            assertThat(read.get(r).get(1)).as("label of row %d", r + 3).isEqualTo(written.get(1));
            assertThat(read.get(r).get(2)).isEqualTo(written.get(2));
        }
        // A reader of the last column alone skips both structs, fields and all.
        BitSet totalOnly = new BitSet();
        totalOnly.set(2);
        ColumnarBatch chunk = ColumnarBatch.allocate(stream.readSchema(), ColumnarBatch.CHUNK_SIZE);
        List<Object> totals = new ArrayList<>();
        stream.read(0, 100, 8_100, totalOnly, chunk, batch -> {
            for (int r = 0; r < batch.size(); r++) {
                assertThat(batch.column(0).isNull(r)).isTrue();
                totals.add(batch.column(2).getObject(r));
            }
        });
        assertThat(totals).isEqualTo(rows.subList(100, 8_100).stream().map(row -> row.get(2)).toList());
    }

    @Test
    void aReaderOfSomeColumnsGetsThoseAndNullForTheOthers() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 1, null, null);
        append(stream, batch(stream.definition().schema(), orders(0, 5_000)));
        append(stream, batch(stream.definition().schema(), orders(5_000, 6_000)));
        BitSet idAndTime = new BitSet();
        idAndTime.set(0);
        idAndTime.set(4);
        idAndTime.set(6);
        List<List<Object>> some = new ArrayList<>();
        ColumnarBatch chunk = ColumnarBatch.allocate(stream.readSchema(), ColumnarBatch.CHUNK_SIZE);
        stream.read(0, 3_000, 10_500, idAndTime, chunk, read -> {
            for (int r = 0; r < read.size(); r++) {
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < read.schema().size() - 1; c++) {
                    Object value = read.column(c).getObject(r);
                    row.add(value instanceof byte[] bytes ? Arrays.toString(bytes) : value);
                }
                some.add(row);
            }
        });
        List<List<Object>> all = LogRows.read(stream, 0, 3_000, 10_500);
        assertThat(some).hasSize(all.size());
        for (int r = 0; r < all.size(); r++) {
            List<Object> full = all.get(r);
            assertThat(some.get(r)).as("row %d", r).isEqualTo(Arrays.asList(full.get(0), null, null, null,
                    full.get(4), null, full.get(6)));
        }
    }

    @Test
    void aKeyFieldSendsEqualKeysToOnePartitionAndNoKeyFieldTakesPartitionsInTurn() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream keyed = create("keyed", 4, "order_id", null);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(order(i % 20));
        }
        AppendResult result = append(keyed, batch(keyed.definition().schema(), rows));
        assertThat(result.count()).isEqualTo(200);
        Set<Object> seen = new HashSet<>();
        for (int p = 0; p < 4; p++) {
            List<Object> keys = readAll(keyed, p).stream().map(row -> row.get(0)).distinct().toList();
            keys.forEach(key -> assertThat(seen.add(key)).as("key %s in one partition only", key).isTrue());
        }
        assertThat(seen).hasSize(20);

        LogStream turns = create("turns", 3, null, null);
        for (int request = 0; request < 6; request++) {
            AppendResult one = append(turns, batch(turns.definition().schema(), orders(request * 10, 10)));
            assertThat(one.ranges()).as("a request without key field is one batch in one partition").hasSize(1);
        }
        assertThat(turns.durableEnds()).containsExactly(20, 20, 20);
    }

    @Test
    void reopeningRecoversEveryStreamAndAppendsContinueAfterTheLastOffset() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 2, "order_id", new Retention(Duration.ofHours(1), 1 << 20, false));
        append(stream, batch(stream.definition().schema(), orders(0, 500)));
        List<List<Object>> before0 = readAll(stream, 0);
        List<List<Object>> before1 = readAll(stream, 1);

        LogStream reopened = open(EventLog.DEFAULT_SEGMENT_BYTES).stream("orders");
        assertThat(reopened.definition()).isEqualTo(stream.definition());
        assertThat(readAll(reopened, 0)).isEqualTo(before0);
        assertThat(readAll(reopened, 1)).isEqualTo(before1);
        long[] ends = reopened.durableEnds();
        AppendResult more = append(reopened, batch(reopened.definition().schema(), orders(500, 100)));
        for (AppendResult.Range range : more.ranges()) {
            assertThat(range.firstOffset()).isEqualTo(ends[range.partition()]);
        }
    }

    /** A FileChannel closes for every thread when one using it is interrupted: the segment opens its files again. */
    @Test
    void anInterruptedReaderReadsKeepingItsInterruptAndLeavesTheStreamReadableAndWritable() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 1, null, null);
        append(stream, batch(stream.definition().schema(), orders(0, 10)));

        Thread.currentThread().interrupt();
        try {
            assertThat(readAll(stream, 0)).isEqualTo(asRead(orders(0, 10), T0));
        } finally {
            assertThat(Thread.interrupted()).as("the read left the interrupt set").isTrue();
        }

        append(stream, batch(stream.definition().schema(), orders(10, 5)));
        assertThat(readAll(stream, 0)).isEqualTo(asRead(orders(0, 15), T0));
    }

    @Test
    void fullSegmentsRollAndAreOpenedFromTheirIndexOrRebuiltWhenItIsWrong() throws Exception {
        open(4096);
        LogStream stream = create("orders", 1, null, null);
        for (int i = 0; i < 40; i++) {
            append(stream, batch(stream.definition().schema(), orders(i * 50, 50)));
        }
        List<List<Object>> all = readAll(stream, 0);
        Path partition = directory.resolve("orders").resolve("0");
        List<Path> indexes;
        try (Stream<Path> files = Files.list(partition)) {
            indexes = files.filter(f -> f.toString().endsWith(".index")).sorted().toList();
        }
        assertThat(indexes).as("several segments").hasSizeGreaterThan(3);
        assertThat(indexes.get(0).getFileName().toString()).isEqualTo("00000000000000000000.index");

        // A lost index, and one that lies, are both rebuilt from the log.
        Files.delete(indexes.get(0));
        byte[] wrong = Files.readAllBytes(indexes.get(1));
        wrong[0] ^= 1;
        Files.write(indexes.get(1), wrong);
        LogStream reopened = open(4096).stream("orders");
        assertThat(readAll(reopened, 0)).isEqualTo(all);
        assertThat(read(reopened, 0, 777, 1_234)).isEqualTo(all.subList(777, 1_234));
        assertThat(Files.size(indexes.get(0))).isPositive();
    }

    @Test
    void aProducerThatWritesTheSameSequenceAgainIsNotStoredTwiceEvenAfterReopening() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 2, "order_id", null);
        UUID query = UUID.randomUUID();
        ColumnarBatch rows = batch(stream.definition().schema(), orders(0, 30));
        assertThat(append(stream, rows, new Producer(query, 0)).count()).isEqualTo(30);
        assertThat(append(stream, rows, new Producer(query, 0)).ranges()).isEmpty();
        long[] ends = stream.durableEnds();

        LogStream reopened = open(EventLog.DEFAULT_SEGMENT_BYTES).stream("orders");
        assertThat(append(reopened, rows, new Producer(query, 0)).ranges()).isEmpty();
        assertThat(reopened.durableEnds()).isEqualTo(ends);
        assertThat(append(reopened, rows, new Producer(query, 1)).count()).isEqualTo(30);
        assertThat(append(reopened, rows, new Producer(UUID.randomUUID(), 0)).count()).isEqualTo(30);
    }

    @Test
    void aReadersLagIsTheRecordsItHasNotReadAndWhenTheOldestOfThemCameIn() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 2, "order_id", null);
        append(stream, batch(stream.definition().schema(), orders(0, 10)));
        clock.advanceMillis(1_000);
        append(stream, batch(stream.definition().schema(), orders(10, 10)));
        long[] ends = stream.durableEnds();

        assertThat(stream.lag(new long[] {0, 0})).isEqualTo(new LogStream.Lag(20, T0 * 1000));
        LogStream.Lag partly = stream.lag(ends.clone());
        assertThat(partly).isEqualTo(new LogStream.Lag(0, -1));
        long[] secondOnly = {ends[0] - 1, ends[1]};
        assertThat(stream.lag(secondOnly)).isEqualTo(new LogStream.Lag(1, (T0 + 1_000) * 1000));
    }

    @Test
    void concurrentAppendsAreAllDurableWithDisjointOffsets() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 3, null, null);
        List<CompletableFuture<AppendResult>> pending = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            pending.add(stream.append(batch(stream.definition().schema(), orders(i * 7, 7))));
        }
        Set<String> offsets = new HashSet<>();
        for (CompletableFuture<AppendResult> done : pending) {
            for (AppendResult.Range range : done.join().ranges()) {
                for (int i = 0; i < range.count(); i++) {
                    assertThat(offsets.add(range.partition() + "/" + (range.firstOffset() + i))).isTrue();
                }
            }
        }
        assertThat(offsets).hasSize(1400);
        assertThat(Arrays.stream(stream.durableEnds()).sum()).isEqualTo(1400);
    }

    /** A lone append is written, synced and published by the thread that appends it, before append returns. */
    @Test
    void aLoneAppendIsDurableWhenAppendReturns() throws Exception {
        log = EventLog.open(directory, clock, EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 1, null, null);
        List<Thread> notified = new ArrayList<>();
        stream.addDurableListener(() -> notified.add(Thread.currentThread()));

        CompletableFuture<AppendResult> appended = stream.append(batch(stream.definition().schema(), orders(0, 3)));

        assertThat(appended).isDone();
        assertThat(appended.get().count()).isEqualTo(3L);
        assertThat(stream.durableEnds()).containsExactly(3L);
        assertThat(notified).containsExactly(Thread.currentThread());
    }

    /**
     * Appends that come while a group is syncing wait for the next group and share its sync: the
     * first group, written by the thread that appended it (none was being written), is held just
     * before its sync until 50 more appends are queued from another thread.
     */
    @Test
    void appendsQueuedWhileAGroupSyncsShareOneSync() throws Exception {
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch queued = new CountDownLatch(1);
        HookedClock beforeSync = new HookedClock(clock);
        beforeSync.beforeNextNanoTime(() -> {
            holding.countDown();
            try {
                queued.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        log = EventLog.open(directory, beforeSync, EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 2, null, null);
        CompletableFuture<AppendResult> first = CompletableFuture.supplyAsync(
                () -> stream.append(batch(stream.definition().schema(), orders(0, 5)))).thenCompose(done -> done);
        assertThat(holding.await(10, TimeUnit.SECONDS)).as("the first group reached its sync").isTrue();

        List<CompletableFuture<AppendResult>> later = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            later.add(stream.append(batch(stream.definition().schema(), orders(i * 5, 5))));
        }
        queued.countDown();

        first.get(10, TimeUnit.SECONDS);
        CompletableFuture.allOf(later.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        assertThat(Arrays.stream(stream.durableEnds()).sum()).isEqualTo(255);
        assertThat(stream.groupCommits()).as("the first group's sync, then one for the 50 queued").isEqualTo(2);
    }

    @Test
    void aGroupWhoseSyncFailsIsNeverReadableIsAnsweredAndTheCommitterGoesOn() throws Exception {
        // The committer reads the clock's nanoTime once a group is written, just before it syncs;
        // there this clock closes partition 1's files, so that its sync fails after partition 0's
        // has succeeded, as an fsync error on one file would.
        HookedClock beforeSync = new HookedClock(clock);
        log = EventLog.open(directory, beforeSync, EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 2, "order_id", null);
        append(stream, batch(stream.definition().schema(), orders(0, 20)));
        long[] before = stream.durableEnds();
        List<List<Object>> partitionZero = readAll(stream, 0);
        assertThat(before).as("the first group went to both partitions").doesNotContain(0L);

        beforeSync.beforeNextNanoTime(() -> stream.partition(1).close());
        CompletableFuture<AppendResult> failed = stream.append(batch(stream.definition().schema(), orders(0, 20)));
        assertThatThrownBy(() -> failed.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(LogException.class);
        assertThat(beforeSync.pendingAction()).as("partition 1 was closed before the syncs").isNull();

        assertThat(stream.durableEnds()).as("no record of the failed group is readable").containsExactly(before);
        assertThat(readAll(stream, 0)).isEqualTo(partitionZero);
        Set<Object> keysOfPartitionZero = new HashSet<>(partitionZero.stream().map(row -> row.get(0)).toList());
        List<List<Object>> toPartitionZero = orders(0, 20).stream()
                .filter(row -> keysOfPartitionZero.contains(row.get(0))).toList();
        assertThat(append(stream, batch(stream.definition().schema(), toPartitionZero)).ranges())
                .as("the next records take the failed group's offsets")
                .containsExactly(new AppendResult.Range(0, before[0], toPartitionZero.size()));
    }

    @Test
    void retentionDeletesWholeOldSegmentsButNotWhatAnActiveReaderHasNotRead() {
        open(4096);
        LogStream stream = create("orders", 1, null, new Retention(Duration.ofMinutes(10), 0, true));
        for (int i = 0; i < 20; i++) {
            append(stream, batch(stream.definition().schema(), orders(i * 50, 50)));
        }
        long end = stream.durableEnds()[0];
        UUID reader = UUID.randomUUID();
        stream.register(reader, "revenue", new long[] {0});

        clock.advance(Duration.ofMinutes(11));
        assertThat(log.enforceRetention()).as("the reader has read nothing").isZero();

        stream.committed(reader, new long[] {500});
        int deleted = log.enforceRetention();
        assertThat(deleted).isPositive();
        long earliest = stream.earliestOffsets()[0];
        assertThat(earliest).isPositive().isLessThanOrEqualTo(500);
        assertThat(readAll(stream, 0)).hasSize((int) (end - earliest));

        stream.unregister(reader);
        log.enforceRetention();
        assertThat(stream.earliestOffsets()[0]).as("the active segment stays").isLessThan(end);
        assertThat(stream.durableEnds()[0]).isEqualTo(end);
    }

    @Test
    void retentionBySizeKeepsTheNewestSegmentsAndAReaderBehindItLosesData() {
        open(4096);
        LogStream stream = create("orders", 1, null, new Retention(null, 16_384, false));
        UUID reader = UUID.randomUUID();
        stream.register(reader, "slow", new long[] {0});
        for (int i = 0; i < 40; i++) {
            append(stream, batch(stream.definition().schema(), orders(i * 50, 50)));
        }
        assertThat(log.enforceRetention()).isPositive();
        assertThat(stream.sizeBytes()).isLessThanOrEqualTo(16_384 + 8_192);
        assertThatThrownBy(() -> read(stream, 0, 0, 10))
                .isInstanceOf(LogException.class)
                .hasMessageContaining("[DATA_LOST]")
                .hasMessageContaining("earliest kept is " + stream.earliestOffsets()[0]);
    }

    @Test
    void aStreamThatAQueryReadsCannotBeDeletedAndADeletedOneIsGoneFromDisk() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        LogStream stream = create("orders", 1, null, null);
        UUID reader = UUID.randomUUID();
        stream.register(reader, "revenue", new long[] {0});
        assertThatThrownBy(() -> log.delete("orders"))
                .isInstanceOf(LogException.class)
                .hasMessageContaining("STREAM_IN_USE")
                .hasMessageContaining("revenue");
        stream.unregister(reader);
        log.delete("orders");
        assertThat(directory.resolve("orders")).doesNotExist();
        assertThat(open(EventLog.DEFAULT_SEGMENT_BYTES).find("orders")).isEmpty();
        assertThatThrownBy(() -> log.stream("orders")).hasMessageContaining("[STREAM_NOT_FOUND]");
    }

    private static <E extends ArusException> Consumer<E> ofClass(String errorClass) {
        return e -> assertThat(e.errorClass()).isEqualTo(errorClass);
    }

    @Test
    void definitionsAreChecked() {
        open(EventLog.DEFAULT_SEGMENT_BYTES);
        create("orders", 1, null, null);
        assertThatThrownBy(() -> create("orders", 1, null, null)).hasMessageContaining("STREAM_ALREADY_EXISTS");
        assertThatThrownBy(() -> StreamDefinition.of("a/b", "x INT", 1, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("INVALID_STREAM_NAME"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "x ARRAY<INT>", 1, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("UNSUPPORTED_STREAM_COLUMN_TYPE"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "x STRUCT<a: INT, b: MAP<STRING, INT>>", 1, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("UNSUPPORTED_STREAM_COLUMN_TYPE"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "x INTERVAL DAY", 1, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("UNSUPPORTED_STREAM_COLUMN_TYPE"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "ingest_time TIMESTAMP", 1, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("INVALID_STREAM_SCHEMA"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "x INT", 0, null, null))
                .isInstanceOfSatisfying(AnalysisException.class, ofClass("INVALID_STREAM_PARTITIONS"));
        assertThatThrownBy(() -> StreamDefinition.of("s", "x INT", 2, "y", null))
                .hasMessageContaining("The key field 'y'");
        assertThatThrownBy(() -> StreamDefinition.of("s", "x INT,", 1, null, null))
                .isInstanceOf(ArusException.class);
    }
}
