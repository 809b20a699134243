package dev.arus.engine.streaming;

import dev.arus.engine.streaming.StreamingQueryProgress.SinkProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.SourceProgress;
import dev.arus.engine.streaming.StreamingQueryProgress.StateOperatorProgress;
import dev.arus.engine.time.IsoInstants;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Progress reports as bytes, and back to equal records. The texts and ids that repeat from one
 * report to the next (the query's name and ids, the sources' and sink's descriptions, the names
 * of figures) are written as indexes into this object's dictionary, which only grows, up to
 * {@value #MAX_ENTRIES} entries; event times as their milliseconds; an offset equal to the one
 * before it in the report as one byte; figures as variable-length integers. A report of the
 * chapter's query takes about 150 bytes, against 1.3 KB as records. Not thread-safe; a
 * {@link Dictionary} taken from it reads every report written before, from any thread.
 */
final class ProgressBytes {

    /** How many texts and ids the dictionary holds at most; further ones are written out in each report. */
    static final int MAX_ENTRIES = 256;

    private static final int NULL = 0;
    private static final int INLINE = 1;
    private static final int ENTRY = 2;
    private static final int SAME_AS_PREVIOUS = 3;
    private static final int INSTANT = 4;
    private static final int INLINE_ID = 5;

    /** How many of a report's first entries are remembered by their place in it ({@link #writeEntry}). */
    private static final int REMEMBERED = 32;

    private final Map<Object, Integer> indexes = new HashMap<>();
    private Object[] entries = new Object[16];
    private int count;
    // The entries the last reports wrote at each place, with their indexes: a query's reports
    // write the very same names and ids in the same order, found here without hashing them.
    private final Object[] lastAtPlace = new Object[REMEMBERED];
    private final int[] lastIndexAtPlace = new int[REMEMBERED];
    private int place;

    // The report being written: reused from one report to the next.
    private byte[] buffer = new byte[256];
    private int length;
    private String previousValue;

    /** The entries written so far; those of a later report do not change them. */
    Dictionary dictionary() {
        return new Dictionary(entries, count);
    }

    byte[] encode(StreamingQueryProgress report) {
        length = 0;
        previousValue = null;
        place = 0;
        writeEntry(report.id());
        writeEntry(report.runId());
        writeEntry(report.name());
        Instant timestamp = report.timestamp();
        writeUnsigned(timestamp == null ? 0 : timestamp.getNano() + 1L);
        if (timestamp != null) {
            writeSigned(timestamp.getEpochSecond());
        }
        writeSigned(report.batchId());
        writeSigned(report.batchDuration());
        writeSigned(report.batchDurationNanos());
        writeFigures(report.durationMs());
        writeEventTime(report.eventTime());
        writeUnsigned(report.stateOperators().size());
        for (StateOperatorProgress state : report.stateOperators()) {
            writeEntry(state.operatorName());
            for (long figure : new long[] {state.numRowsTotal(), state.numRowsUpdated(), state.allUpdatesTimeMs(),
                    state.numRowsRemoved(), state.allRemovalsTimeMs(), state.commitTimeMs(), state.memoryUsedBytes(),
                    state.numRowsDroppedByWatermark(), state.numShufflePartitions(), state.numStateStoreInstances()}) {
                writeSigned(figure);
            }
            writeFigures(state.customMetrics());
        }
        writeUnsigned(report.sources().size());
        for (SourceProgress source : report.sources()) {
            writeEntry(source.description());
            writeValue(source.startOffset());
            writeValue(source.endOffset());
            writeValue(source.latestOffset());
            writeSigned(source.numInputRows());
            writeDouble(source.inputRowsPerSecond());
            writeDouble(source.processedRowsPerSecond());
            writeTexts(source.metrics());
        }
        SinkProgress sink = report.sink();
        writeUnsigned(sink == null ? 0 : 1);
        if (sink != null) {
            writeEntry(sink.description());
            writeSigned(sink.numOutputRows());
            writeTexts(sink.metrics());
        }
        return Arrays.copyOf(buffer, length);
    }

    private void writeFigures(Map<String, Long> figures) {
        writeUnsigned(figures.size());
        figures.forEach((name, figure) -> {
            writeEntry(name);
            writeUnsigned(figure == null ? 0 : 1);
            if (figure != null) {
                writeSigned(figure);
            }
        });
    }

    /** Event times kept as milliseconds as those (the runtime's), others as texts (a report made elsewhere). */
    private void writeEventTime(Map<String, String> eventTime) {
        if (eventTime instanceof EventTimes times) {
            writeUnsigned(times.size() + 1);
            for (int i = 0; i < times.size(); i++) {
                writeEntry(times.name(i));
                writeSigned(times.millis(i));
            }
        } else {
            writeUnsigned(0);
            writeTexts(eventTime);
        }
    }

    private void writeTexts(Map<String, String> texts) {
        writeUnsigned(texts.size());
        texts.forEach((name, text) -> {
            writeEntry(name);
            writeValue(text);
        });
    }

    /** A text or id that repeats from report to report: an entry of the dictionary while it has room. */
    private void writeEntry(Object value) {
        int at = place++;
        if (value == null) {
            writeUnsigned(NULL);
            return;
        }
        if (at < REMEMBERED && lastAtPlace[at] == value) {
            writeUnsigned(ENTRY);
            writeUnsigned(lastIndexAtPlace[at]);
            return;
        }
        Integer index = indexes.get(value);
        if (index == null && count < MAX_ENTRIES) {
            index = count;
            if (count == entries.length) {
                entries = Arrays.copyOf(entries, count * 2);
            }
            entries[count++] = value;
            indexes.put(value, index);
        }
        if (index != null) {
            if (at < REMEMBERED) {
                lastAtPlace[at] = value;
                lastIndexAtPlace[at] = index;
            }
            writeUnsigned(ENTRY);
            writeUnsigned(index);
        } else if (value instanceof UUID id) {
            writeUnsigned(INLINE_ID);
            writeSigned(id.getMostSignificantBits());
            writeSigned(id.getLeastSignificantBits());
        } else {
            writeUnsigned(INLINE);
            writeUtf8((String) value);
        }
    }

    /** A text that changes from report to report: an offset, an event time, a source's or sink's figure. */
    private void writeValue(String text) {
        if (text == null) {
            writeUnsigned(NULL);
        } else if (text.equals(previousValue)) {
            writeUnsigned(SAME_AS_PREVIOUS);
        } else {
            long millis = instantMillis(text);
            if (millis != Long.MIN_VALUE) {
                writeUnsigned(INSTANT);
                writeSigned(millis);
            } else {
                writeUnsigned(INLINE);
                writeUtf8(text);
            }
        }
        previousValue = text;
    }

    /** The milliseconds of {@code text} when it is an instant as {@link IsoInstants} writes it; else Long.MIN_VALUE. */
    private static long instantMillis(String text) {
        if (text.length() != 24 || text.charAt(10) != 'T' || text.charAt(23) != 'Z') {
            return Long.MIN_VALUE;
        }
        try {
            long millis = IsoInstants.parse(text).toEpochMilli();
            // The shared text: event times were written by it, so this rarely writes one again.
            return IsoInstants.ofMillisShared(millis).equals(text) ? millis : Long.MIN_VALUE;
        } catch (DateTimeException | ArithmeticException notOne) {
            return Long.MIN_VALUE;
        }
    }

    private void writeUtf8(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        writeUnsigned(utf8.length);
        ensure(utf8.length);
        System.arraycopy(utf8, 0, buffer, length, utf8.length);
        length += utf8.length;
    }

    private void writeDouble(double value) {
        long bits = Double.doubleToRawLongBits(value);
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            buffer[length++] = (byte) (bits >>> shift);
        }
    }

    private void writeSigned(long value) {
        writeUnsigned((value << 1) ^ (value >> 63));
    }

    private void writeUnsigned(long value) {
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            buffer[length++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        buffer[length++] = (byte) value;
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }

    /** The entries of the reports written before it was taken: reads those reports back. Immutable. */
    static final class Dictionary {

        private final Object[] entries;
        private final int count;

        private Dictionary(Object[] entries, int count) {
            this.entries = entries;
            this.count = count;
        }

        StreamingQueryProgress decode(byte[] bytes) {
            return new Reader(bytes).report();
        }

        /** One report's bytes, read in the order {@link #encode} wrote them. */
        private final class Reader {

            private final byte[] bytes;
            private int position;
            private String previousValue;

            Reader(byte[] bytes) {
                this.bytes = bytes;
            }

            StreamingQueryProgress report() {
                UUID id = (UUID) readEntry();
                UUID runId = (UUID) readEntry();
                String name = (String) readEntry();
                long nanoPlusOne = readUnsigned();
                Instant timestamp = nanoPlusOne == 0 ? null : Instant.ofEpochSecond(readSigned(), nanoPlusOne - 1);
                long batchId = readSigned();
                long batchDuration = readSigned();
                long batchDurationNanos = readSigned();
                Map<String, Long> durationMs = readFigures();
                Map<String, String> eventTime = readEventTime();
                List<StateOperatorProgress> stateOperators = new ArrayList<>();
                for (long i = readUnsigned(); i > 0; i--) {
                    stateOperators.add(new StateOperatorProgress((String) readEntry(), readSigned(), readSigned(),
                            readSigned(), readSigned(), readSigned(), readSigned(), readSigned(), readSigned(),
                            readSigned(), readSigned(), readFigures()));
                }
                List<SourceProgress> sources = new ArrayList<>();
                for (long i = readUnsigned(); i > 0; i--) {
                    sources.add(new SourceProgress((String) readEntry(), readValue(), readValue(), readValue(),
                            readSigned(), readDouble(), readDouble(), readTexts()));
                }
                SinkProgress sink = readUnsigned() == 0 ? null
                        : new SinkProgress((String) readEntry(), readSigned(), readTexts());
                return new StreamingQueryProgress(id, runId, name, timestamp, batchId, batchDuration, durationMs,
                        eventTime, stateOperators, sources, sink, batchDurationNanos);
            }

            private Map<String, Long> readFigures() {
                Map<String, Long> figures = new LinkedHashMap<>();
                for (long i = readUnsigned(); i > 0; i--) {
                    String name = (String) readEntry();
                    figures.put(name, readUnsigned() == 0 ? null : readSigned());
                }
                return figures;
            }

            private Map<String, String> readEventTime() {
                int size = (int) readUnsigned() - 1;
                if (size < 0) {
                    return readTexts();
                }
                String[] names = new String[size];
                long[] millis = new long[size];
                for (int i = 0; i < size; i++) {
                    names[i] = (String) readEntry();
                    millis[i] = readSigned();
                }
                return EventTimes.ofMillis(names, millis);
            }

            private Map<String, String> readTexts() {
                Map<String, String> texts = new LinkedHashMap<>();
                for (long i = readUnsigned(); i > 0; i--) {
                    String name = (String) readEntry();
                    texts.put(name, readValue());
                }
                return texts;
            }

            private Object readEntry() {
                return switch ((int) readUnsigned()) {
                    case NULL -> null;
                    case ENTRY -> entry((int) readUnsigned());
                    case INLINE_ID -> new UUID(readSigned(), readSigned());
                    default -> readUtf8();
                };
            }

            private Object entry(int index) {
                if (index >= count) {
                    throw new IllegalStateException("A progress report names entry " + index + " of " + count);
                }
                return entries[index];
            }

            private String readValue() {
                String text = switch ((int) readUnsigned()) {
                    case NULL -> null;
                    case SAME_AS_PREVIOUS -> previousValue;
                    case INSTANT -> IsoInstants.ofMillisShared(readSigned());
                    default -> readUtf8();
                };
                previousValue = text;
                return text;
            }

            private String readUtf8() {
                int size = (int) readUnsigned();
                String text = new String(bytes, position, size, StandardCharsets.UTF_8);
                position += size;
                return text;
            }

            private double readDouble() {
                long bits = 0;
                for (int i = 0; i < 8; i++) {
                    bits = (bits << 8) | (bytes[position++] & 0xFF);
                }
                return Double.longBitsToDouble(bits);
            }

            private long readSigned() {
                long zigzag = readUnsigned();
                return (zigzag >>> 1) ^ -(zigzag & 1);
            }

            private long readUnsigned() {
                long value = 0;
                for (int shift = 0; ; shift += 7) {
                    byte b = bytes[position++];
                    value |= (long) (b & 0x7F) << shift;
                    if (b >= 0) {
                        return value;
                    }
                }
            }
        }
    }
}
