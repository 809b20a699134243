package dev.arus.engine.exec.dedup;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;

/**
 * The keys held, by when they close: buckets of {@code 2^20} µs (about a second) of closing time,
 * each holding its keys' ids and the latest closing time among them. Eviction takes a bucket whose
 * latest time the watermark reaches whole, without reading its keys, where a scan by id reads every
 * key of each block of ids the watermark reaches ({@link EarliestClosings}); only a bucket that the
 * watermark falls inside has its keys' times read. Invariant: each key held is in the bucket of its
 * closing time, once, and leaves it when evicted. The id arrays of buckets evicted are kept for the
 * buckets to come: a second's ids take megabytes, and an array that large dropped every batch
 * starts a concurrent collection of the heap every other batch. Used by one thread at a time.
 */
final class ClosingBuckets {

    private static final int BUCKET_BITS = 20;
    /**
     * Buckets added to lately, looked at before the map, each in the place its number's low bits
     * give: a batch's keys fall in a few neighbouring seconds, mixed, and a search among them
     * would mispredict a branch a key.
     */
    private static final int RECENT = 4;

    private final TreeMap<Long, Bucket> buckets = new TreeMap<>();
    private final Bucket[] recent = new Bucket[RECENT];
    private final ArrayDeque<int[]> spareKeys = new ArrayDeque<>();

    /** The keys of one bucket: {@code keys[0, size)}, closing at {@code latest} at the latest. */
    private static final class Bucket {
        final long number;
        int[] keys;
        int size;
        long latest = Long.MIN_VALUE;

        Bucket(long number, int[] keys) {
            this.number = number;
            this.keys = keys;
        }
    }

    /** Notes that key {@code key}, now held and in no bucket, closes at {@code closes}. */
    void add(int key, long closes) {
        Bucket bucket = bucketOf(closes >> BUCKET_BITS);
        if (bucket.size == bucket.keys.length) {
            bucket.keys = Arrays.copyOf(bucket.keys, bucket.size * 2);
        }
        bucket.keys[bucket.size++] = key;
        bucket.latest = Math.max(bucket.latest, closes);
    }

    private Bucket bucketOf(long number) {
        Bucket bucket = recent[(int) number & RECENT - 1];
        if (bucket == null || bucket.number != number) {
            bucket = buckets.get(number);
            if (bucket == null) {
                bucket = new Bucket(number, spareKeys.isEmpty() ? new int[16] : spareKeys.pop());
                buckets.put(number, bucket);
            }
            recent[(int) number & RECENT - 1] = bucket;
        }
        return bucket;
    }

    /**
     * Marks in {@code evicted} the keys that close at or before {@code time} ({@code closingTime}
     * gives a key's) and takes them out of their buckets; returns how many.
     */
    long evict(long time, boolean[] evicted, IntToLongFunction closingTime) {
        long evictedNow = 0;
        Iterator<Bucket> reached = buckets.headMap(time >> BUCKET_BITS, true).values().iterator();
        while (reached.hasNext()) {
            Bucket bucket = reached.next();
            if (bucket.latest <= time) {
                for (int i = 0; i < bucket.size; i++) {
                    evicted[bucket.keys[i]] = true;
                }
                evictedNow += bucket.size;
                bucket.size = 0;
            } else {
                evictedNow += evictSome(bucket, time, evicted, closingTime);
            }
            if (bucket.size == 0) {
                reached.remove();
                Arrays.fill(recent, null);
                keep(bucket.keys);
            }
        }
        return evictedNow;
    }

    /** Evicts the keys of {@code bucket} that close at or before {@code time}, keeping the others in it. */
    private static long evictSome(Bucket bucket, long time, boolean[] evicted, IntToLongFunction closingTime) {
        int kept = 0;
        long latest = Long.MIN_VALUE;
        for (int i = 0; i < bucket.size; i++) {
            int key = bucket.keys[i];
            long closes = closingTime.applyAsLong(key);
            if (closes <= time) {
                evicted[key] = true;
            } else {
                bucket.keys[kept++] = key;
                latest = Math.max(latest, closes);
            }
        }
        long evictedNow = bucket.size - kept;
        bucket.size = kept;
        bucket.latest = latest;
        return evictedNow;
    }

    /** Keeps the ids array of a bucket no longer held for a bucket to come, as many as {@link #RECENT}. */
    private void keep(int[] keys) {
        if (spareKeys.size() < RECENT) {
            spareKeys.push(keys);
        }
    }

    /** Approximate heap bytes held by the id arrays, the spare ones included. */
    long memoryBytes() {
        long ids = 0;
        for (Bucket bucket : buckets.values()) {
            ids += bucket.keys.length;
        }
        for (int[] keys : spareKeys) {
            ids += keys.length;
        }
        return ids * Integer.BYTES;
    }

    /** Forgets every key, before the keys held are noted again. */
    void clear() {
        for (Bucket bucket : buckets.values()) {
            keep(bucket.keys);
        }
        buckets.clear();
        Arrays.fill(recent, null);
    }
}
