package dev.arus.bench;

import dev.arus.engine.state.GroupIndex;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What {@code GroupIndex} costs a new key beyond the cache miss of its slot: its read-ahead
 * insert (a block's slots touched, then each key looked up and added, as deduplication and the
 * stream-stream join do) beside the bare loop of {@link SlotOrderBenchmark} (a random home slot
 * read ahead, then the first empty slot from it written), and beside the bare loop that also
 * stores each new key's longs at its id as the index does, in the operators' two shapes:
 * <ul>
 *   <li>{@code dedup}: {@code 2^24} slots holding 2.5 million keys of two longs, 500,000 new keys
 *       a round in blocks of 128;</li>
 *   <li>{@code join}: {@code 2^22} slots holding 700,000 keys of one long, 90,000 new keys a round
 *       in blocks of 64.</li>
 * </ul>
 * Each round fills the slots afresh with the held keys, then times the new keys' inserts: both
 * loops encode and hash a block of keys into a small buffer as the operators do, so that the
 * figures differ by the index's own work. The loops take turns,
 * {@code bench.index.rounds} rounds (10); the figure is the median round's CPU time per new key.
 */
public final class GroupIndexInsertBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int ROUNDS = Integer.getInteger("bench.index.rounds", 10);
    private static final long EMPTY = -1;

    /** One operator's shape: the slots, the keys held, the keys added a round, and the block read ahead. */
    private record Shape(String name, int slotBits, int width, int held, int added, int block) {
    }

    private static final Shape[] SHAPES = {
        new Shape("dedup", 24, 2, 2_500_000, 500_000, 128),
        new Shape("join", 22, 1, 700_000, 90_000, 64),
    };

    private final SplittableRandom random = new SplittableRandom(36);
    // Where the reads ahead leave what they read, so that they are not optimised away.
    private long touched;

    private GroupIndexInsertBenchmark() {
    }

    public static void main(String[] args) {
        GroupIndexInsertBenchmark benchmark = new GroupIndexInsertBenchmark();
        for (Shape shape : SHAPES) {
            GroupIndex index = new GroupIndex(shape.width(), 1 << (shape.slotBits() - 2), 4);
            long[] slots = new long[1 << shape.slotBits()];
            long[] keys = new long[(shape.held() + shape.added()) * shape.width()];
            double[] indexed = new double[ROUNDS];
            double[] bare = new double[ROUNDS];
            double[] bareStoring = new double[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                indexed[round] = benchmark.indexRound(shape, index);
                bare[round] = benchmark.bareRound(shape, slots, null);
                bareStoring[round] = benchmark.bareRound(shape, slots, keys);
            }
            System.out.println(String.format(Locale.ROOT,
                    "BENCH group-index-insert-%s %.1f ns/key (bare loop %.1f, storing the keys %.1f)",
                    shape.name(), median(indexed), median(bare), median(bareStoring)));
        }
        System.out.println("(read " + benchmark.touched + ")");
    }

    private static double median(double[] rounds) {
        Arrays.sort(rounds);
        return rounds[rounds.length / 2];
    }

    /** One round of {@code GroupIndex}'s read-ahead insert: CPU time per new key. */
    private double indexRound(Shape shape, GroupIndex index) {
        index.clear();
        Blocks blocks = new Blocks(shape, random.nextLong());
        for (int from = 0; from < shape.held(); from += shape.block()) {
            int count = blocks.next(from, shape.held());
            for (int i = 0; i < count; i++) {
                index.findOrInsert(blocks.keys, i * shape.width(), blocks.hashes[i]);
            }
        }
        long ids = 0;
        long start = THREADS.getCurrentThreadCpuTime();
        for (int from = 0; from < shape.added(); from += shape.block()) {
            int count = blocks.next(from, shape.added());
            index.touch(blocks.hashes, count);
            for (int i = 0; i < count; i++) {
                ids += index.findOrInsert(blocks.keys, i * shape.width(), blocks.hashes[i]);
            }
        }
        double nanos = (THREADS.getCurrentThreadCpuTime() - start) / (double) shape.added();
        touched += ids;
        return nanos;
    }

    /**
     * One round of the bare loop in {@code slots}, each new key also stored in {@code keys} at its
     * id unless null (as the index stores it): CPU time per new key.
     */
    private double bareRound(Shape shape, long[] slots, long[] keys) {
        int mask = slots.length - 1;
        Arrays.fill(slots, EMPTY);
        Blocks blocks = new Blocks(shape, random.nextLong());
        for (int from = 0; from < shape.held(); from += shape.block()) {
            int count = blocks.next(from, shape.held());
            for (int i = 0; i < count; i++) {
                place(slots, mask, blocks.hashes[i], from + i);
            }
        }
        long seen = 0;
        long start = THREADS.getCurrentThreadCpuTime();
        for (int from = 0; from < shape.added(); from += shape.block()) {
            int count = blocks.next(from, shape.added());
            for (int i = 0; i < count; i++) {
                seen += slots[blocks.hashes[i] & mask];
            }
            for (int i = 0; i < count; i++) {
                int key = shape.held() + from + i;
                place(slots, mask, blocks.hashes[i], key);
                for (int field = 0; keys != null && field < shape.width(); field++) {
                    keys[key * shape.width() + field] = blocks.keys[i * shape.width() + field];
                }
            }
        }
        double nanos = (THREADS.getCurrentThreadCpuTime() - start) / (double) shape.added();
        touched += seen;
        return nanos;
    }

    /**
     * A block of distinct keys at a time, encoded into a small buffer and hashed as the operators
     * do: key {@code k}'s first long is {@code k}, its second the round's salt.
     */
    private static final class Blocks {
        private final int width;
        private final long salt;
        private final long[] keys;
        private final int[] hashes;
        private long next;

        Blocks(Shape shape, long salt) {
            this.width = shape.width();
            this.salt = salt;
            this.keys = new long[shape.block() * width];
            this.hashes = new int[shape.block()];
        }

        /** Encodes and hashes the keys {@code [from, min(end, from + block))}; returns how many. */
        int next(int from, int end) {
            int count = Math.min(end - from, hashes.length);
            for (int i = 0; i < count; i++) {
                keys[i * width] = next++ ^ salt;
                for (int field = 1; field < width; field++) {
                    keys[i * width + field] = salt;
                }
            }
            GroupIndex.hashAll(width, keys, count, hashes);
            return count;
        }
    }

    private static void place(long[] slots, int mask, int hash, int key) {
        int slot = hash & mask;
        while (slots[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        slots[slot] = (long) hash << 32 | key;
    }
}
