package dev.arus.engine.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GroupIndexTest {

    @Test
    void numbersNewKeysDenselyInInsertionOrderAndFindsThemAgain() {
        GroupIndex index = new GroupIndex(2);

        assertThat(index.findOrInsert(new long[] {10, 1})).isZero();
        assertThat(index.findOrInsert(new long[] {10, 2})).isEqualTo(1);
        assertThat(index.findOrInsert(new long[] {10, 1})).isZero();

        assertThat(index.size()).isEqualTo(2);
        assertThat(index.find(new long[] {10, 2})).isEqualTo(1);
        assertThat(index.find(new long[] {11, 2})).isEqualTo(-1);
        assertThat(index.key(1, 0)).isEqualTo(10);
        assertThat(index.key(1, 1)).isEqualTo(2);
    }

    @Test
    void singleLongKeysAndProbesOfWidthOneAreTheSameGroups() {
        GroupIndex index = new GroupIndex(1);

        int group = index.findOrInsert(42L);

        assertThat(index.findOrInsert(new long[] {42})).isEqualTo(group);
        assertThat(index.find(new long[] {42})).isEqualTo(group);
    }

    @Test
    void aGroupsHashIsTheHashOfItsKey() {
        GroupIndex index = new GroupIndex(2);
        long[] keys = {7, 1, 7, 2};
        index.findOrInsert(keys, 0, index.hash(keys, 0));
        index.findOrInsert(keys, 2, index.hash(keys, 2));

        assertThat(index.hashOf(1)).isEqualTo(index.hash(new long[] {7, 2}, 0)).isNotEqualTo(index.hashOf(0));
    }

    @Test
    void retainKeepsSurvivorsRenumberedInTheirOldOrder() {
        GroupIndex index = new GroupIndex(1);
        for (long key = 0; key < 5; key++) {
            index.findOrInsert(key * 1_000_000);
        }

        int[] survivors = index.retain(new boolean[] {false, true, false, true, true});

        assertThat(survivors).containsExactly(1, 3, 4);
        assertThat(index.size()).isEqualTo(3);
        assertThat(index.find(new long[] {1_000_000})).isZero();
        assertThat(index.find(new long[] {3_000_000})).isEqualTo(1);
        assertThat(index.find(new long[] {4_000_000})).isEqualTo(2);
        assertThat(index.find(new long[] {0})).isEqualTo(-1);
        assertThat(index.findOrInsert(2_000_000L)).as("a removed key comes back as a new group").isEqualTo(3);
    }

    @Test
    void growsPastItsInitialCapacityWithoutLosingKeys() {
        GroupIndex index = new GroupIndex(3);
        int keys = 100_000;
        for (int i = 0; i < keys; i++) {
            // Window starts are multiples of a large step: the hash must not rely on low bits.
            assertThat(index.findOrInsert(new long[] {i * 8_000_000L, i % 3, 0})).isEqualTo(i);
        }

        assertThat(index.size()).isEqualTo(keys);
        for (int i = 0; i < keys; i++) {
            assertThat(index.find(new long[] {i * 8_000_000L, i % 3, 0})).isEqualTo(i);
        }
        assertThat(index.memoryBytes()).isGreaterThanOrEqualTo(keys * 3L * Long.BYTES);
    }

    @Test
    void anIndexWithMoreSlotsAGroupKeepsThemAndFindsEveryKey() {
        GroupIndex sparse = new GroupIndex(1, 16, 4);
        GroupIndex dense = new GroupIndex(1, 16);
        int keys = 10_000;
        for (int i = 0; i < keys; i++) {
            assertThat(sparse.findOrInsert(i * 8_000_000L)).isEqualTo(dense.findOrInsert(i * 8_000_000L)).isEqualTo(i);
        }

        for (int i = 0; i < keys; i++) {
            assertThat(sparse.find(new long[] {i * 8_000_000L})).isEqualTo(i);
        }
        int[] survivors = sparse.retain(new boolean[keys]);
        assertThat(survivors).isEmpty();
        assertThat(sparse.find(new long[] {0})).isEqualTo(-1);
        // the slots, 8 bytes each, beside the keys: at least 4 a group against 2
        assertThat(sparse.memoryBytes() - dense.memoryBytes()).isGreaterThanOrEqualTo(2L * keys * Long.BYTES);
    }

    @Test
    void clearForgetsEveryGroup() {
        GroupIndex index = new GroupIndex(1);
        index.findOrInsert(7L);

        index.clear();

        assertThat(index.size()).isZero();
        assertThat(index.find(new long[] {7})).isEqualTo(-1);
        assertThat(index.findOrInsert(8L)).isZero();
    }

    /** A block of keys side by side, looked up by offset and hash after touch, finds the same groups. */
    @Test
    void keysLookedUpInABlockAreTheGroupsOfTheSameKeysOneByOne() {
        GroupIndex index = new GroupIndex(2);
        index.findOrInsert(new long[] {1, 10});
        index.findOrInsert(new long[] {2, 20});
        long[] block = {2, 20, 3, 30, 1, 10, 3, 30};
        int[] hashes = new int[4];
        for (int i = 0; i < 4; i++) {
            hashes[i] = index.hash(block, 2 * i);
        }

        index.touch(hashes, 4);

        assertThat(hashes[1]).isEqualTo(hashes[3]).isEqualTo(index.hash(new long[] {3, 30}, 0));
        int[] groups = new int[4];
        for (int i = 0; i < 4; i++) {
            groups[i] = index.findOrInsert(block, 2 * i, hashes[i]);
        }
        assertThat(groups).containsExactly(1, 2, 0, 2);
        assertThat(index.find(new long[] {3, 30})).isEqualTo(2);
        assertThat(index.size()).isEqualTo(3);
    }

    /**
     * An empty slot's content, -1, reads as hash -1 beside id -1: a key whose hash is -1 whose
     * first slot is empty must be read ahead without reading a key at id -1.
     */
    @Test
    void aKeyWhoseHashIsMinusOneIsReadAheadAndAddedLikeAnyOther() {
        GroupIndex index = new GroupIndex(1);
        index.findOrInsert(5L);
        long[] block = {-7_077_809_559_544_780_664L};
        int[] hashes = new int[1];
        GroupIndex.hashAll(1, block, 1, hashes);

        index.touch(hashes, 1);

        assertThat(hashes[0]).isEqualTo(-1);
        assertThat(index.findOrInsert(block, 0, hashes[0])).isEqualTo(1);
        assertThat(index.find(block, 0, hashes[0])).isEqualTo(1);
    }

    /** Keys hashed a column at a time have the hashes each has alone, and are found by them. */
    @Test
    void keysHashedTogetherHaveTheHashEachHasAloneAndAreFoundByIt() {
        for (int width = 1; width <= 2; width++) {
            GroupIndex index = new GroupIndex(width);
            long[] keys = new long[3 * width];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = 1_000_000_007L * i;
            }
            int[] hashes = new int[3];

            GroupIndex.hashAll(width, keys, 3, hashes);

            for (int i = 0; i < 3; i++) {
                assertThat(hashes[i]).isEqualTo(index.hash(keys, i * width));
                assertThat(index.find(keys, i * width, hashes[i])).isEqualTo(-1);
                index.findOrInsert(keys, i * width, hashes[i]);
            }
            assertThat(index.find(keys, 2 * width, hashes[2])).isEqualTo(2);
        }
    }

    /** Past the size where a rehash places groups in the order of their home slots, retain still finds every survivor. */
    @Test
    void retainsManyGroupsAndFindsEachSurvivorUnderItsNewId() {
        GroupIndex index = new GroupIndex(2);
        int keys = 200_000;
        boolean[] keep = new boolean[keys];
        for (int i = 0; i < keys; i++) {
            index.findOrInsert(new long[] {i, i * 1_000_000L});
            keep[i] = i % 3 == 0;
        }

        int[] survivors = index.retain(keep);

        assertThat(index.size()).isEqualTo(survivors.length).isEqualTo((keys + 2) / 3);
        for (int group = 0; group < survivors.length; group++) {
            long old = survivors[group];
            assertThat(old % 3).isZero();
            assertThat(index.find(new long[] {old, old * 1_000_000L})).isEqualTo(group);
        }
        assertThat(index.find(new long[] {1, 1_000_000L})).isEqualTo(-1);
        assertThat(index.findOrInsert(new long[] {1, 1_000_000L})).isEqualTo(survivors.length);
    }

    /**
     * Past the size where a rehash sorts groups by home slot: forty keys whose home is among the
     * last eight slots make a run that wraps to the first slots, and retain finds each survivor,
     * of the run and of the rest, under its new id, and no removed key.
     */
    @Test
    void retainsManyGroupsWhoseRunOfSlotsWrapsPastTheLastSlot() {
        int groups = 100_000;
        int lastSlot = (1 << 18) - 1;
        GroupIndex index = new GroupIndex(2, groups);
        List<long[]> held = new ArrayList<>();
        int[] hash = new int[1];
        for (long candidate = 0; held.size() < 40; candidate++) {
            long[] key = {candidate, -1};
            GroupIndex.hashAll(2, key, 1, hash);
            if ((hash[0] & lastSlot) > lastSlot - 8) {
                held.add(key);
            }
        }
        for (long i = 0; held.size() < groups; i++) {
            held.add(new long[] {i, i * 1_000_000L});
        }
        boolean[] keep = new boolean[groups];
        for (int group = 0; group < groups; group++) {
            assertThat(index.findOrInsert(held.get(group))).isEqualTo(group);
            keep[group] = group % 2 == 1;
        }

        int[] survivors = index.retain(keep);

        assertThat(survivors).hasSize(groups / 2);
        for (int group = 0; group < survivors.length; group++) {
            assertThat(index.find(held.get(survivors[group]))).isEqualTo(group);
        }
        for (int old = 0; old < groups; old += 2) {
            assertThat(index.find(held.get(old))).isEqualTo(-1);
        }
    }

    /**
     * Small indexes, filled and retained over and over, so that runs of occupied slots often wrap
     * past the last slot: every survivor is found under its new id, and no removed key is.
     */
    @Test
    void retainFindsEverySurvivorWhereverItsRunOfSlotsWraps() {
        Random random = new Random(7);
        for (int round = 0; round < 500; round++) {
            GroupIndex index = new GroupIndex(1);
            List<Long> held = new ArrayList<>();
            for (int step = 0; step < 4; step++) {
                while (held.size() < 12) {
                    long key = random.nextInt(1_000);
                    if (index.find(new long[] {key}) < 0) {
                        assertThat(index.findOrInsert(key)).isEqualTo(held.size());
                        held.add(key);
                    }
                }
                boolean[] keep = new boolean[held.size()];
                List<Long> kept = new ArrayList<>();
                for (int group = 0; group < keep.length; group++) {
                    keep[group] = random.nextBoolean();
                    if (keep[group]) {
                        kept.add(held.get(group));
                    } else {
                        assertThat(index.find(new long[] {held.get(group)})).isNotNegative();
                    }
                }
                List<Long> removed = new ArrayList<>(held);
                removed.removeAll(kept);

                index.retain(keep);

                for (int group = 0; group < kept.size(); group++) {
                    assertThat(index.find(new long[] {kept.get(group)})).isEqualTo(group);
                }
                for (long key : removed) {
                    assertThat(index.find(new long[] {key})).isEqualTo(-1);
                }
                held = kept;
            }
        }
    }
}
