package dev.arus.engine.source;

import dev.arus.engine.files.CompactibleFileLog;
import dev.arus.engine.files.FlatJson;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.time.Clock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files a file source has taken, by the batch of its own log that took them, Spark's
 * {@code FileStreamSourceLog}: in the checkpoint's {@code sources/<n>/}, one file per log batch
 * holding one line per file, {@code {"path":"file:///..","timestamp":<modified ms>,"batchId":<n>}},
 * compacted every 10 batches and cleaned up as {@link CompactibleFileLog} does. A source without
 * a checkpoint keeps it in memory. Log batch ids are the source's offsets, not the query's
 * batch ids: a trigger that finds no new file adds none.
 */
final class FileStreamSourceLog {

    /** A file the source took: its URI, its modification time in ms, and the log batch that took it. */
    record Entry(String path, long timestamp, long batchId) {

        String json() {
            Map<String, Object> values = new LinkedHashMap<>();
            values.put("path", path);
            values.put("timestamp", timestamp);
            values.put("batchId", batchId);
            return FlatJson.write(values);
        }

        static Entry parse(String line) {
            Map<String, Object> values = FlatJson.parse(line);
            if (!(values.get("path") instanceof String path) || !(values.get("timestamp") instanceof Long timestamp)
                    || !(values.get("batchId") instanceof Long batchId)) {
                throw new ArusException("FILE_SOURCE_LOG_CORRUPTED", "[FILE_SOURCE_LOG_CORRUPTED] Not an entry of "
                        + "the file source's log: " + line);
            }
            return new Entry(path, timestamp, batchId);
        }
    }

    private final CompactibleFileLog log;
    private final TreeMap<Long, List<Entry>> memory = new TreeMap<>();

    /** @param directory the checkpoint's {@code sources/<n>}; {@code null} keeps the log in memory */
    FileStreamSourceLog(Path directory, Clock clock) {
        this.log = directory == null ? null : new CompactibleFileLog("FILE_SOURCE_LOG_CORRUPTED",
                "The file source's log", directory, clock, CompactibleFileLog.DEFAULT_COMPACT_INTERVAL,
                CompactibleFileLog.DEFAULT_CLEANUP_DELAY, CompactibleFileLog.DEFAULT_MIN_BATCHES_TO_RETAIN);
    }

    /** The latest log batch, or -1. */
    long latestBatchId() {
        if (log == null) {
            return memory.isEmpty() ? -1 : memory.lastKey();
        }
        return log.latestBatchId();
    }

    /** Logs the files of log batch {@code batchId}, durably before it returns. */
    void add(long batchId, List<Entry> entries) {
        if (log == null) {
            memory.put(batchId, List.copyOf(entries));
            return;
        }
        log.add(batchId, entries.stream().map(Entry::json).toList());
    }

    /** The files of log batches {@code from} to {@code to}, both included, in the order they were logged. */
    List<Entry> get(long from, long to) {
        List<Entry> entries = new ArrayList<>();
        for (long batch = Math.max(0, from); batch <= to; batch++) {
            if (log == null) {
                entries.addAll(memory.getOrDefault(batch, List.of()));
                continue;
            }
            long file = batch;
            if (!Files.exists(log.pathOf(batch))) {
                // an expired batch file: its entries are in the compaction after it
                int interval = log.compactInterval();
                file = (batch / interval + 1) * interval - 1;
            }
            for (String line : log.entries(file)) {
                Entry entry = Entry.parse(line);
                if (entry.batchId() == batch) {
                    entries.add(entry);
                }
            }
        }
        return entries;
    }

    /** Every file still logged, Spark's {@code FileStreamSourceLog.restore}. */
    List<Entry> restore() {
        if (log == null) {
            return memory.values().stream().flatMap(List::stream).toList();
        }
        return log.allEntries().stream().map(Entry::parse).toList();
    }
}
