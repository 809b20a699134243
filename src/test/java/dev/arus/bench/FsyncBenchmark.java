package dev.arus.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;

/**
 * What one durable write of the event log costs on this disk, by the shape of the write: the
 * latency of a positional write of {@code bench.fsync.bytes} bytes (200: one small event's batch)
 * and the {@code fdatasync} after it, in a temporary directory of {@code java.io.tmpdir}.
 * <ul>
 *   <li>{@code append}: at the file's end, so the sync also writes the inode's new size (a
 *       journal commit on ext4): the log's write before preallocation;</li>
 *   <li>{@code append-index}: as {@code append}, then 56 bytes appended to a second file and that
 *       synced too: two syncs per commit;</li>
 *   <li>{@code preallocated}: into a region already written with zeros and synced, so the sync
 *       writes data only;</li>
 *   <li>{@code hole}: into a region the file's size covers but no block backs (a sparse file),
 *       so the sync allocates blocks;</li>
 *   <li>{@code reserve}: {@code bench.fsync.chunk} bytes of zeros (1 MiB) appended and synced, what
 *       preallocating the next region costs (10 a round).</li>
 * </ul>
 * The modes take turns, {@code bench.fsync.rounds} rounds of 100 writes each, so that each sees
 * the same load. Prints p50, p90, p99 and max per mode and, where {@code /proc/diskstats} has the
 * device {@code bench.fsync.device} (vda), the block layer's writes, flushes and milliseconds
 * writing and flushing per synced write during that mode's turns (the whole device's, so other
 * processes' writes count too): a figure the scheduling of a busy CPU moves less than latency.
 */
public final class FsyncBenchmark {

    private static final int ROUNDS = Integer.getInteger("bench.fsync.rounds", 20);
    private static final int PER_ROUND = 100;
    private static final int BYTES = Integer.getInteger("bench.fsync.bytes", 200);
    private static final int INDEX_ENTRY = 56;
    private static final int CHUNK = Integer.getInteger("bench.fsync.chunk", 1 << 20);
    private static final int RESERVES_PER_ROUND = 10;
    private static final String DEVICE = System.getProperty("bench.fsync.device", "vda");
    private static final String[] MODES = {"append", "append-index", "preallocated", "hole", "reserve"};

    private FsyncBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path directory = BenchFiles.temporaryDirectory("arus-bench-fsync");
        long region = (long) ROUNDS * PER_ROUND * BYTES;
        try (FileChannel append = open(directory.resolve("append.log"));
             FileChannel log = open(directory.resolve("log.log"));
             FileChannel index = open(directory.resolve("log.index"));
             FileChannel preallocated = open(directory.resolve("preallocated.log"));
             FileChannel hole = open(directory.resolve("hole.log"));
             FileChannel reserve = open(directory.resolve("reserve.log"))) {
            writeZeros(preallocated, region);
            preallocated.force(true);
            hole.truncate(0);
            hole.write(ByteBuffer.wrap(new byte[1]), region - 1);
            hole.force(true);
            long[][] nanos = new long[MODES.length][ROUNDS * PER_ROUND];
            ByteBuffer batch = ByteBuffer.allocateDirect(BYTES);
            ByteBuffer entry = ByteBuffer.allocateDirect(INDEX_ENTRY);
            nanos[MODES.length - 1] = new long[ROUNDS * RESERVES_PER_ROUND];
            ByteBuffer zeros = ByteBuffer.allocateDirect(CHUNK);
            long[][] disk = new long[MODES.length][4];
            for (int round = 0; round < ROUNDS; round++) {
                for (int mode = 0; mode < MODES.length; mode++) {
                    int writes = mode == MODES.length - 1 ? RESERVES_PER_ROUND : PER_ROUND;
                    long[] before = diskStats();
                    for (int i = 0; i < writes; i++) {
                        int n = round * writes + i;
                        long position = (long) n * BYTES;
                        long start = System.nanoTime();
                        switch (mode) {
                            case 0 -> writeAndSync(append, batch, position);
                            case 1 -> {
                                writeAndSync(log, batch, position);
                                writeAndSync(index, entry, (long) n * INDEX_ENTRY);
                            }
                            case 2 -> writeAndSync(preallocated, batch, position);
                            case 3 -> writeAndSync(hole, batch, position);
                            default -> writeAndSync(reserve, zeros, (long) n * CHUNK);
                        }
                        nanos[mode][n] = System.nanoTime() - start;
                    }
                    long[] after = diskStats();
                    for (int f = 0; f < 4; f++) {
                        disk[mode][f] += after[f] - before[f];
                    }
                }
            }
            for (int mode = 0; mode < MODES.length; mode++) {
                long[] sorted = nanos[mode].clone();
                Arrays.sort(sorted);
                System.out.println(String.format(Locale.ROOT,
                        "BENCH log-fsync-%s p50 %.2f p90 %.2f p99 %.2f max %.2f ms (%d writes of %d bytes, each synced; %s)",
                        MODES[mode], at(sorted, 0.5), at(sorted, 0.9), at(sorted, 0.99), at(sorted, 1.0),
                        sorted.length, mode == MODES.length - 1 ? CHUNK : BYTES, BenchLoad.now()));
                double ops = sorted.length;
                System.out.println(String.format(Locale.ROOT,
                        "  %s per synced write: %.2f device writes, %.2f flushes, %.3f ms writing, %.3f ms flushing",
                        DEVICE, disk[mode][0] / ops, disk[mode][2] / ops, disk[mode][1] / ops, disk[mode][3] / ops));
            }
        } finally {
            BenchFiles.delete(directory);
        }
    }

    /** The device's writes completed, ms writing, flushes completed, ms flushing; zeros where unknown. */
    private static long[] diskStats() throws IOException {
        Path stats = Path.of("/proc/diskstats");
        if (Files.isReadable(stats)) {
            for (String line : Files.readAllLines(stats)) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 17 && f[2].equals(DEVICE)) {
                    return new long[] {Long.parseLong(f[7]), Long.parseLong(f[10]), Long.parseLong(f[f.length - 2]),
                            Long.parseLong(f[f.length - 1])};
                }
            }
        }
        return new long[4];
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static void writeZeros(FileChannel channel, long bytes) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
        for (long at = 0; at < bytes; ) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
            at += channel.write(zeros, at);
        }
    }

    private static void writeAndSync(FileChannel channel, ByteBuffer bytes, long position) throws IOException {
        bytes.clear();
        bytes.put(0, (byte) position);
        long at = position;
        while (bytes.hasRemaining()) {
            at += channel.write(bytes, at);
        }
        channel.force(false);
    }

    private static double at(long[] sorted, double fraction) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] / 1e6;
    }
}
