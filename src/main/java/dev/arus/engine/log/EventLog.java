package dev.arus.engine.log;

import dev.arus.engine.files.AtomicFiles;
import dev.arus.engine.files.FlatJson;
import dev.arus.engine.time.Clock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The embedded event log: named, durable, append-only streams under one directory, partitioned
 * and addressed by offsets as a Kafka topic is, so that a checkpointed query replays a stream
 * exactly. A stream lives in {@code <directory>/<name>/}: its definition in {@code stream.json}
 * (written atomically), its partitions in {@code <partition>/}. One group commit at a time writes
 * every stream, answering each append once it is durable. Opening the log recovers every partition,
 * cutting the torn tail a crash left; a stream damaged beyond that stays out until deleted.
 * Thread-safe.
 */
public final class EventLog implements AutoCloseable {

    /** A new segment is started once the active one holds this much. */
    public static final long DEFAULT_SEGMENT_BYTES = 64L << 20;

    private static final String DEFINITION = "stream.json";

    private final Path directory;
    private final Clock clock;
    private final long segmentBytes;
    private final GroupCommitter committer;
    private final Map<String, LogStream> streams = new TreeMap<>();
    private final Map<String, LogException> damaged = new TreeMap<>();

    private EventLog(Path directory, Clock clock, long segmentBytes) {
        this.directory = directory;
        this.clock = clock;
        this.segmentBytes = segmentBytes;
        this.committer = new GroupCommitter(clock, "arus-log-committer");
    }

    /**
     * The log in {@code directory}, created when missing, with every stream recovered. A stream
     * whose files are damaged beyond a torn tail is left out and listed in {@link #damaged()}:
     * the others open and work.
     *
     * @throws LogException when the directory cannot be read or created
     */
    public static EventLog open(Path directory, Clock clock, long segmentBytes) {
        EventLog log = new EventLog(directory, clock, segmentBytes);
        try {
            Files.createDirectories(directory);
            try (Stream<Path> entries = Files.list(directory)) {
                for (Path stream : entries.filter(p -> Files.exists(p.resolve(DEFINITION))).sorted().toList()) {
                    try {
                        StreamDefinition definition = readDefinition(stream.resolve(DEFINITION));
                        log.streams.put(definition.name(), log.open(stream, definition));
                    } catch (LogException damage) {
                        log.damaged.put(stream.getFileName().toString(), damage);
                    }
                }
            }
        } catch (IOException e) {
            log.close();
            throw LogException.io("Cannot open the event log in " + directory, e);
        } catch (RuntimeException failure) {
            log.close();
            throw failure;
        }
        return log;
    }

    public Path directory() {
        return directory;
    }

    private LogStream open(Path streamDirectory, StreamDefinition definition) {
        PartitionLog[] partitions = new PartitionLog[definition.partitions()];
        try {
            for (int p = 0; p < partitions.length; p++) {
                partitions[p] = PartitionLog.open(streamDirectory.resolve(Integer.toString(p)), segmentBytes);
            }
        } catch (LogException damage) {
            Arrays.stream(partitions).filter(Objects::nonNull).forEach(PartitionLog::close);
            throw damage;
        }
        return new LogStream(definition, partitions, committer);
    }

    /** The streams found damaged when the log was opened, by name, each with what is wrong; delete them to go on. */
    public synchronized Map<String, LogException> damaged() {
        return new TreeMap<>(damaged);
    }

    /**
     * Creates a stream.
     *
     * @throws LogException {@code STREAM_ALREADY_EXISTS}
     */
    public synchronized LogStream create(StreamDefinition definition) {
        if (streams.containsKey(definition.name()) || damaged.containsKey(definition.name())) {
            throw new LogException(LogException.STREAM_ALREADY_EXISTS, "[" + LogException.STREAM_ALREADY_EXISTS
                    + "] A stream named '" + definition.name() + "' already exists");
        }
        Path streamDirectory = directory.resolve(definition.name());
        AtomicFiles.createDirectories(streamDirectory);
        byte[] json = (FlatJson.write(describe(definition)) + "\n").getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(streamDirectory.resolve(DEFINITION), json, json.length);
        LogStream stream = open(streamDirectory, definition);
        streams.put(definition.name(), stream);
        return stream;
    }

    public synchronized Optional<LogStream> find(String name) {
        return Optional.ofNullable(streams.get(name));
    }

    /**
     * The stream named {@code name}.
     *
     * @throws LogException {@code STREAM_NOT_FOUND}
     */
    public synchronized LogStream stream(String name) {
        LogException damage = damaged.get(name);
        if (damage != null) {
            throw new LogException(damage.errorClass(), damage.getMessage(), damage);
        }
        return find(name).orElseThrow(() -> new LogException(LogException.STREAM_NOT_FOUND,
                "[" + LogException.STREAM_NOT_FOUND + "] No stream named '" + name + "'"));
    }

    /** Every stream, by name. */
    public synchronized List<LogStream> streams() {
        return new ArrayList<>(streams.values());
    }

    /**
     * Deletes a stream and its records; a damaged one too.
     *
     * @throws LogException {@code STREAM_NOT_FOUND}, or {@code STREAM_IN_USE} while a query reads
     *         or writes it
     */
    public synchronized void delete(String name) {
        if (damaged.remove(name) != null) {
            deleteTree(directory.resolve(name));
            return;
        }
        LogStream stream = stream(name);
        List<String> readers = stream.readers().values().stream().map(LogStream.Reader::label).distinct().toList();
        List<String> writers = stream.writers().values().stream().distinct().toList();
        if (!readers.isEmpty() || !writers.isEmpty()) {
            List<String> uses = new ArrayList<>();
            if (!readers.isEmpty()) {
                uses.add("read by active queries " + readers);
            }
            if (!writers.isEmpty()) {
                uses.add("written by active queries " + writers);
            }
            throw new LogException(LogException.STREAM_IN_USE, "[" + LogException.STREAM_IN_USE + "] Stream '" + name
                    + "' is " + String.join(" and ", uses) + "; stop them first");
        }
        streams.remove(name);
        stream.close();
        deleteTree(directory.resolve(name));
    }

    /** Deletes what each stream's retention lets go, as of the clock's now; returns the segments deleted. */
    public int enforceRetention() {
        long now = clock.millis() * 1000;
        return streams().stream().mapToInt(stream -> stream.enforceRetention(now)).sum();
    }

    /** Finishes the appends already made, then closes every file. */
    @Override
    public synchronized void close() {
        committer.close();
        streams.values().forEach(LogStream::close);
    }

    private static Map<String, Object> describe(StreamDefinition definition) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", definition.name());
        json.put("schema", definition.schemaDdl());
        json.put("partitions", definition.partitions());
        if (definition.keyField() != null) {
            json.put("keyField", definition.keyField());
        }
        Retention retention = definition.retention();
        if (retention.maxAge() != null) {
            json.put("maxAgeMs", retention.maxAge().toMillis());
        }
        json.put("maxBytes", retention.maxBytes());
        json.put("keepUnread", Boolean.toString(retention.keepUnread()));
        return json;
    }

    private static StreamDefinition readDefinition(Path file) throws IOException {
        try {
            Map<String, Object> json = FlatJson.parse(Files.readString(file).trim());
            Object maxAge = json.get("maxAgeMs");
            Retention retention = new Retention(maxAge == null ? null : Duration.ofMillis((Long) maxAge),
                    (Long) json.get("maxBytes"), Boolean.parseBoolean(String.valueOf(json.get("keepUnread"))));
            return StreamDefinition.of((String) json.get("name"), (String) json.get("schema"),
                    Math.toIntExact((Long) json.get("partitions")), (String) json.get("keyField"), retention);
        } catch (RuntimeException unreadable) {
            throw LogException.damaged(file, "it is not a stream definition: " + unreadable.getMessage());
        }
    }

    private static void deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failed) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw LogException.writing("Cannot delete " + root, e);
        }
    }
}
