package dev.arus.engine.exec.join;

import dev.arus.engine.state.GroupIndex;

/**
 * The keys of a run of probing rows, indexed, for a join side to scan a segment's rows against
 * ({@link KeySegment}): each key with the chain of the rows the scan found with it, in slot
 * order. Key bits of the probing keys rule out most rows without a look into the index. Reused
 * from run to run; used by one thread at a time.
 */
final class ProbeKeys implements KeyBits.Keys {

    private final int width;
    private GroupIndex keys;
    // The probing rows the index was last made for.
    private int sizedFor;
    private final KeyBits keyBits = new KeyBits();
    // Each probing row's key, and each key's rows found.
    private int[] keyOfProbe = new int[16];
    private final KeyChains found = new KeyChains(16);

    ProbeKeys(int width) {
        this.width = width;
    }

    /** Takes the keys of rows {@code rows[0, count)} of {@code encoded}, the probing ones, each keyed. */
    void collect(EncodedKeys encoded, int[] rows, int count) {
        if (keys == null || count > 2 * sizedFor || 4 * count < sizedFor) {
            keys = new GroupIndex(width, count);
            sizedFor = count;
        } else {
            keys.clear();
        }
        if (keyOfProbe.length < count) {
            keyOfProbe = new int[Math.max(count, keyOfProbe.length * 2)];
        }
        long[] values = encoded.keys();
        for (int p = 0; p < count; p++) {
            keyOfProbe[p] = keys.findOrInsert(values, rows[p] * width, encoded.hash(rows[p]));
        }
        keyBits.renumbered(0);
        keyBits.prepare(this, true);
    }

    /** Before a scan: no key has a row found yet. */
    void clearChains() {
        found.clear(keys.size());
    }

    /**
     * Chains slot {@code slot}, whose key is {@code values[offset, offset + width)} of hash
     * {@code hash}, under its key if a probing row has it; {@code next} links the chains' slots.
     */
    void chain(long[] values, int offset, int hash, int slot, int[] next) {
        if (!keyBits.mayHold(hash)) {
            return;
        }
        int key = keys.find(values, offset, hash);
        if (key < 0) {
            return;
        }
        found.append(key, slot, next);
    }

    /** The first slot the scan found with the key of the {@code p}-th probing row, or -1. */
    int firstOf(int p) {
        return found.first(keyOfProbe[p]);
    }

    @Override
    public int size() {
        return keys.size();
    }

    @Override
    public int hashOf(int key) {
        return keys.hashOf(key);
    }
}
