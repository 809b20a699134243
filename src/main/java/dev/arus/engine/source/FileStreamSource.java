package dev.arus.engine.source;

import dev.arus.engine.data.Schema;
import dev.arus.engine.format.FileReader;
import dev.arus.engine.streaming.ArusException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Spark's {@code FileStreamSource}: the files that appear in a directory, each read whole in the
 * batch that takes it. Each trigger ({@link #latestOffset}) takes these steps:
 * <ol>
 *   <li>list the directory's files (recursively, but for hidden names starting with {@code .} or
 *       {@code _}, and matching {@code pathGlobFilter}), oldest first by modification time
 *       ({@code latestFirst}: newest first), equal times in Spark's listing order, or take the files a previous listing left over;
 *       under {@code availableNow}, take the listing made when the run started instead;</li>
 *   <li>keep the new ones: not seen, and not older than the latest seen file's time less
 *       {@code maxFileAge};</li>
 *   <li>take as many as the read limit allows ({@code maxFilesPerTrigger} or
 *       {@code maxBytesPerTrigger}, none under {@code once}), keeping the rest for the next
 *       triggers as Spark does ({@code maxCachedFiles}, {@code discardCachedInputRatio}; not under
 *       {@code availableNow}, whose listing stays);</li>
 *   <li>if any, log them as the next batch of the seen-files log ({@link FileStreamSourceLog})
 *       before answering: the offset is that log batch, so a restarted query reads the same
 *       files for a batch and never takes a logged file again.</li>
 * </ol>
 * A batch reads the files of the log batches after its start offset up to its end offset. When
 * the query commits a batch, {@code cleanSource} archives or deletes the files of its last log
 * batch, as Spark does. Called on the query's thread but for the partitions' reads.
 */
final class FileStreamSource implements SupportsTriggerAvailableNow {

    private final Schema schema;
    private final FileStreamSourceOptions options;
    private final FileReader reader;
    private final FileStreamSourceLog log;
    private final SeenFiles seen;
    private long currentLogOffset;
    private List<Candidate> unread;
    private List<Candidate> filesForAvailableNow;

    /** A file found by a listing: its URI, size and modification time in ms. */
    private record Candidate(String path, long size, long timestamp) {
    }

    FileStreamSource(Schema schema, FileStreamSourceOptions options, FileReader reader,
                     FileStreamSourceLog log) {
        this.schema = schema;
        this.options = options;
        this.reader = reader;
        this.log = log;
        this.seen = new SeenFiles(options.effectiveMaxFileAgeMs(), options.fileNameOnly());
        for (FileStreamSourceLog.Entry entry : log.restore()) {
            seen.add(entry.path(), entry.timestamp());
        }
        seen.purge();
        this.currentLogOffset = log.latestBatchId();
    }

    /** Spark's {@code FileStreamSource[file:/..]}. */
    @Override
    public String description() {
        return "FileStreamSource[" + options.path().toUri() + "]";
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** {@code maxFilesPerTrigger} or {@code maxBytesPerTrigger} when given, Spark's {@code getDefaultReadLimit}. */
    @Override
    public ReadLimit defaultReadLimit() {
        if (options.maxFilesPerTrigger() != null) {
            return new ReadLimit.MaxFiles(options.maxFilesPerTrigger());
        }
        return options.maxBytesPerTrigger() != null ? new ReadLimit.MaxBytes(options.maxBytesPerTrigger())
                : ReadLimit.allAvailable();
    }

    /** Lists the directory once: the run reads those files and no later ones, as Spark's. */
    @Override
    public void prepareForTriggerAvailableNow() {
        filesForAvailableNow = listFiles();
    }

    /** Spark's {@code fetchMaxOffset}: the steps in the class comment. */
    @Override
    public Offset latestOffset(Offset start, ReadLimit limit) {
        List<Candidate> fresh;
        if (unread != null && !unread.isEmpty()) {
            fresh = unread;
        } else {
            List<Candidate> listed = filesForAvailableNow != null ? filesForAvailableNow : listFiles();
            fresh = listed.stream().filter(file -> seen.isNew(file.path(), file.timestamp())).toList();
        }
        // Under availableNow the listing is fixed, so nothing is left over for later triggers.
        boolean cache = !options.latestFirst() && filesForAvailableNow == null;
        List<Candidate> taken;
        List<Candidate> left = null;
        ReadLimit.MaxFiles maxFiles = limit.part(ReadLimit.MaxFiles.class);
        ReadLimit.MaxBytes maxBytes = limit.part(ReadLimit.MaxBytes.class);
        if (maxFiles != null) {
            int max = maxFiles.maxFiles();
            taken = fresh.subList(0, Math.min(max, fresh.size()));
            if (cache && fresh.size() - taken.size() >= max * options.discardCachedInputRatio()) {
                left = fresh.subList(taken.size(), fresh.size());
            }
        } else if (maxBytes != null) {
            long max = maxBytes.maxBytes();
            int count = 0;
            long bytes = 0;
            while (count < fresh.size() && (count == 0 || bytes + fresh.get(count).size() <= max)) {
                bytes += fresh.get(count).size();
                count++;
            }
            taken = fresh.subList(0, count);
            long rest = fresh.subList(count, fresh.size()).stream().mapToLong(Candidate::size).sum();
            if (cache && rest >= max * (double) options.discardCachedInputRatio()) {
                left = fresh.subList(count, fresh.size());
            }
        } else {
            taken = fresh;
        }
        unread = left != null && !left.isEmpty() && options.maxCachedFiles() > 0
                ? List.copyOf(left.subList(0, Math.min(left.size(), options.maxCachedFiles()))) : null;
        for (Candidate file : taken) {
            seen.add(file.path(), file.timestamp());
        }
        seen.purge();
        if (!taken.isEmpty()) {
            currentLogOffset++;
            long batch = currentLogOffset;
            log.add(batch, taken.stream()
                    .map(file -> new FileStreamSourceLog.Entry(file.path(), file.timestamp(), batch)).toList());
        }
        return currentLogOffset < 0 ? null : new FileStreamSourceOffset(currentLogOffset);
    }

    @Override
    public List<InputPartition> planInputPartitions(Offset start, Offset end) {
        long from = start == null ? 0 : ((FileStreamSourceOffset) start).logOffset() + 1;
        long to = ((FileStreamSourceOffset) end).logOffset();
        List<InputPartition> partitions = new ArrayList<>();
        for (FileStreamSourceLog.Entry entry : log.get(from, to)) {
            Path file = Path.of(URI.create(entry.path()));
            partitions.add((chunk, consumer) -> reader.read(file, consumer));
        }
        return partitions;
    }

    @Override
    public Offset deserializeOffset(String json) {
        return FileStreamSourceOffset.parse(json);
    }

    @Override
    public Offset reportLatestOffset() {
        return currentLogOffset < 0 ? null : new FileStreamSourceOffset(currentLogOffset);
    }

    /** Spark's {@code commit}: cleans up the files of the end offset's log batch, as {@code cleanSource} says. */
    @Override
    public void commit(Offset end) {
        if (options.cleanSource() == FileStreamSourceOptions.CleanSource.OFF || end == null) {
            return;
        }
        long logOffset = ((FileStreamSourceOffset) end).logOffset();
        for (FileStreamSourceLog.Entry entry : log.get(logOffset, logOffset)) {
            Path file = Path.of(URI.create(entry.path()));
            try {
                if (options.cleanSource() == FileStreamSourceOptions.CleanSource.DELETE) {
                    Files.deleteIfExists(file);
                } else {
                    Path target = options.sourceArchiveDir().resolve(file.getRoot().relativize(file));
                    Files.createDirectories(target.getParent());
                    Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
                }
            } catch (IOException e) {
                // Spark logs a failed clean-up and goes on: the batch is committed whatever happens here
            }
        }
    }

    /**
     * The directory's files, oldest first ({@code latestFirst}: newest first), as Spark's
     * {@code fetchAllFiles} orders them: a stable sort by modification time alone of the listing's
     * order (see {@link #listInto}), so files of equal time stay in listing order either way.
     */
    private List<Candidate> listFiles() {
        Path root = options.path();
        if (!Files.isDirectory(root)) {
            if (Files.isRegularFile(root)) {
                return candidates(List.of(root));
            }
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try {
            listInto(root, files);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | UncheckedIOException e) {
            throw new ArusException("FAILED_READ_FILE.NO_HINT", "[FAILED_READ_FILE.NO_HINT] Cannot list " + root.toUri()
                    + ": " + e.getMessage(), e);
        }
        return candidates(files);
    }

    /**
     * Adds the files under {@code directory} in the listing order of Spark's
     * {@code InMemoryFileIndex} (Hadoop's {@code listLeafFiles}): the directory's own files in the
     * order the file system lists them (Hadoop's local {@code listStatus} takes
     * {@code File.list()}'s order, unsorted, as a directory stream gives it), then the files of its
     * subdirectories, one subdirectory after the other in that same order.
     */
    private void listInto(Path directory, List<Path> files) throws IOException {
        List<Path> directories = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                if (hidden(entry.getFileName().toString())) {
                    continue;
                }
                if (Files.isDirectory(entry)) {
                    directories.add(entry);
                } else if (Files.isRegularFile(entry) && (options.pathGlobFilter() == null
                        || options.pathGlobFilter().matches(entry.getFileName()))) {
                    files.add(entry);
                }
            }
        }
        for (Path subdirectory : directories) {
            try {
                listInto(subdirectory, files);
            } catch (NoSuchFileException e) {
                // gone between the listings: the next listing will not see it either
            }
        }
    }

    private List<Candidate> candidates(List<Path> files) {
        List<Candidate> candidates = new ArrayList<>();
        for (Path file : files) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                candidates.add(new Candidate(file.toUri().toString(), attributes.size(),
                        attributes.lastModifiedTime().toMillis()));
            } catch (IOException e) {
                // gone between the listing and now: the next listing will not see it either
            }
        }
        Comparator<Candidate> order = Comparator.comparingLong(Candidate::timestamp);
        // List.sort is stable: ties keep the listing's order, also when reversed, as Spark's sortBy
        candidates.sort(options.latestFirst() ? order.reversed() : order);
        return candidates;
    }

    /** Spark's listing leaves out names starting with {@code _} or {@code .}, and files being copied. */
    private static boolean hidden(String name) {
        return (name.startsWith("_") && !name.contains("=")) || name.startsWith(".") || name.endsWith("._COPYING_");
    }

    /**
     * The files taken, by path (or name, with {@code fileNameOnly}), Spark's {@code SeenFilesMap}:
     * files older than the latest one's time less the maximum age are forgotten, and a file that
     * old is never new.
     */
    private static final class SeenFiles {
        private final long maxAgeMs;
        private final boolean fileNameOnly;
        private final Map<String, Long> files = new HashMap<>();
        private long latestTimestamp;
        private long lastPurgeTimestamp;

        SeenFiles(long maxAgeMs, boolean fileNameOnly) {
            this.maxAgeMs = maxAgeMs;
            this.fileNameOnly = fileNameOnly;
        }

        private String key(String path) {
            return fileNameOnly ? path.substring(path.lastIndexOf('/') + 1) : path;
        }

        void add(String path, long timestamp) {
            files.put(key(path), timestamp);
            latestTimestamp = Math.max(latestTimestamp, timestamp);
        }

        boolean isNew(String path, long timestamp) {
            return timestamp >= lastPurgeTimestamp && !files.containsKey(key(path));
        }

        void purge() {
            lastPurgeTimestamp = latestTimestamp - maxAgeMs;
            Iterator<Map.Entry<String, Long>> entries = files.entrySet().iterator();
            while (entries.hasNext()) {
                if (entries.next().getValue() < lastPurgeTimestamp) {
                    entries.remove();
                }
            }
        }
    }
}
