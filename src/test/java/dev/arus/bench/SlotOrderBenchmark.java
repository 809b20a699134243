package dev.arus.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What a batch's new keys cost in a large key index's slots by the order they are placed in,
 * with the deduplication benchmark's shape: {@code 2^24} slots of 8 bytes (128 MB) holding 2.5
 * million keys, and 500,000 new keys a round, each placed by linear probing from its home slot
 * (a random one) as {@code GroupIndex} places a new key. The modes take turns, {@code
 * bench.slots.rounds} rounds each (10), each round's slots filled afresh; the figure is the median
 * round's CPU time per new key, the sort's included:
 * <ul>
 *   <li>{@code input-order}: in the order the keys come, the home slots of 64 at a time read
 *       first so that their misses overlap ({@code GroupIndex.touch});</li>
 *   <li>{@code region-order}: sorted first (stably, one counting sort) by the top 9 bits of the
 *       home slot, so that the keys of each 256 KB of slots come together, then read ahead and
 *       placed as {@code input-order};</li>
 *   <li>{@code region-order-unread}: as {@code region-order}, without reading ahead;</li>
 *   <li>{@code region-order-renumbered}: as {@code region-order}, then each new key's slot
 *       written again in the same order, as giving the new keys their ids in input order after
 *       placing them in region order would.</li>
 * </ul>
 * A bound on what placing a batch's keys in home-slot order could gain on this machine, and what
 * it costs, before any of the index's own work.
 */
public final class SlotOrderBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int SLOT_BITS = 24;
    private static final int MASK = (1 << SLOT_BITS) - 1;
    private static final int REGION_BITS = 9;
    private static final int HELD = 2_500_000;
    private static final int NEW_KEYS = 500_000;
    private static final int READ_AHEAD = 64;
    private static final int ROUNDS = Integer.getInteger("bench.slots.rounds", 10);
    private static final long EMPTY = -1;
    private static final String[] MODES = {"input-order", "region-order", "region-order-unread",
        "region-order-renumbered"};

    private final long[] slots = new long[1 << SLOT_BITS];
    private final SplittableRandom random = new SplittableRandom(36);
    // Where the reads ahead leave what they read, so that they are not optimised away.
    private long touched;

    private SlotOrderBenchmark() {
    }

    public static void main(String[] args) {
        SlotOrderBenchmark benchmark = new SlotOrderBenchmark();
        double[][] nanos = new double[MODES.length][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            for (int mode = 0; mode < MODES.length; mode++) {
                nanos[mode][round] = benchmark.round(MODES[mode]);
            }
        }
        for (int mode = 0; mode < MODES.length; mode++) {
            Arrays.sort(nanos[mode]);
            System.out.println(String.format(Locale.ROOT, "BENCH slot-order-%s %.1f ns/key", MODES[mode],
                    nanos[mode][ROUNDS / 2]));
        }
        System.out.println("(read " + benchmark.touched + ")");
    }

    /** One round of {@code mode}: the CPU time per new key of placing a fresh batch into freshly held slots. */
    private double round(String mode) {
        Arrays.fill(slots, EMPTY);
        for (int key = 0; key < HELD; key++) {
            place(random.nextInt(), key);
        }
        int[] hashes = new int[NEW_KEYS];
        for (int i = 0; i < NEW_KEYS; i++) {
            hashes[i] = random.nextInt();
        }
        long start = THREADS.getCurrentThreadCpuTime();
        if (mode.equals("input-order")) {
            placeAll(hashes, true);
        } else {
            int[] sorted = sortByRegion(hashes);
            int[] placed = placeAll(sorted, !mode.equals("region-order-unread"));
            if (mode.equals("region-order-renumbered")) {
                for (int i = 0; i < NEW_KEYS; i++) {
                    slots[placed[i]] = (long) sorted[i] << 32 | HELD + i;
                }
            }
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / (double) NEW_KEYS;
    }

    /** Places the keys of {@code hashes} in their order, reading {@value #READ_AHEAD} home slots ahead or not; returns where each went. */
    private int[] placeAll(int[] hashes, boolean readAhead) {
        int[] placed = new int[hashes.length];
        long seen = 0;
        for (int from = 0; from < hashes.length; from += READ_AHEAD) {
            int to = Math.min(hashes.length, from + READ_AHEAD);
            for (int i = from; readAhead && i < to; i++) {
                seen += slots[hashes[i] & MASK];
            }
            for (int i = from; i < to; i++) {
                placed[i] = place(hashes[i], HELD + i);
            }
        }
        touched += seen;
        return placed;
    }

    private int place(int hash, int key) {
        int slot = hash & MASK;
        while (slots[slot] != EMPTY) {
            slot = (slot + 1) & MASK;
        }
        slots[slot] = (long) hash << 32 | key;
        return slot;
    }

    /** {@code hashes} sorted stably by the top {@value #REGION_BITS} bits of their home slots. */
    private static int[] sortByRegion(int[] hashes) {
        int shift = SLOT_BITS - REGION_BITS;
        int[] starts = new int[(1 << REGION_BITS) + 1];
        for (int hash : hashes) {
            starts[((hash & MASK) >>> shift) + 1]++;
        }
        for (int region = 0; region < 1 << REGION_BITS; region++) {
            starts[region + 1] += starts[region];
        }
        int[] sorted = new int[hashes.length];
        for (int hash : hashes) {
            sorted[starts[(hash & MASK) >>> shift]++] = hash;
        }
        return sorted;
    }
}
