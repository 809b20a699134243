package dev.arus.engine.exec.aggregate;

import dev.arus.engine.data.ArrayVector;
import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.DataType;
import dev.arus.engine.state.StateBuffer;
import java.io.DataInput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Spark's {@code collect_list(x)} or {@code collect_set(x)}: the non-NULL values of a group in
 * arrival order, for a set only the first of equal values. Each group's values live in a vector
 * of their own that doubles as it fills, so adding a value allocates nothing most of the time; a
 * set also remembers its values as objects to find repeats.
 */
final class CollectAccumulator extends SingleInputAccumulator {

    private static final int FIRST_ROOM = 4;

    private final DataType elementType;
    private final boolean distinct;
    private ColumnVector[] lists = new ColumnVector[16];
    private int[] sizes = new int[16];
    private Set<Object>[] members;
    private long elements;

    CollectAccumulator(DataType elementType, boolean distinct) {
        this.elementType = elementType;
        this.distinct = distinct;
        this.members = distinct ? newSets(16) : null;
    }

    @SuppressWarnings("unchecked")
    private static Set<Object>[] newSets(int groups) {
        return new Set[groups];
    }

    @Override
    void ensureGroups(int groups) {
        if (groups > lists.length) {
            int capacity = Math.max(groups, lists.length * 2);
            lists = Arrays.copyOf(lists, capacity);
            sizes = Arrays.copyOf(sizes, capacity);
            if (distinct) {
                members = Arrays.copyOf(members, capacity);
            }
        }
    }

    @Override
    void update(int[] groupIds, ColumnVector input, int size) {
        for (int i = 0; i < size; i++) {
            int group = groupIds[i];
            if (group >= 0 && !input.isNull(i)) {
                add(group, input, i);
            }
        }
    }

    private void add(int group, ColumnVector source, int row) {
        if (distinct && !membersOf(group).add(memberKey(source, row))) {
            return;
        }
        ColumnVector list = lists[group];
        int size = sizes[group];
        if (list == null) {
            list = ColumnVector.allocate(elementType, FIRST_ROOM);
            lists[group] = list;
        } else if (size == list.capacity()) {
            list.ensureCapacity(size * 2);
        }
        source.copyRow(row, list, size);
        sizes[group] = size + 1;
        elements++;
    }

    private Set<Object> membersOf(int group) {
        Set<Object> set = members[group];
        if (set == null) {
            set = new HashSet<>();
            members[group] = set;
        }
        return set;
    }

    /** A value as a key that is equal for equal values: binary by its bytes, not its array. */
    private static Object memberKey(ColumnVector source, int row) {
        Object value = source.getObject(row);
        return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
    }

    @Override
    void merge(int group, Accumulator partial, int partialGroup) {
        CollectAccumulator other = (CollectAccumulator) partial;
        ColumnVector list = other.lists[partialGroup];
        for (int i = 0; i < other.sizes[partialGroup]; i++) {
            add(group, list, i);
        }
    }

    @Override
    void writeResult(int group, ColumnVector output, int row) {
        ArrayVector arrays = (ArrayVector) output;
        int size = sizes[group];
        int start = arrays.appendRow(row, size);
        for (int i = 0; i < size; i++) {
            lists[group].copyRow(i, arrays.elements(), start + i);
        }
    }

    @Override
    void retain(int[] survivors, int count) {
        elements = 0;
        for (int i = 0; i < count; i++) {
            int survivor = survivors[i];
            lists[i] = lists[survivor];
            sizes[i] = sizes[survivor];
            if (distinct) {
                members[i] = members[survivor];
            }
            elements += sizes[i];
        }
        // a group that moved down is also still in its old slot: forget it there
        Arrays.fill(lists, count, lists.length, null);
        Arrays.fill(sizes, count, sizes.length, 0);
        if (distinct) {
            Arrays.fill(members, count, members.length, null);
        }
    }

    @Override
    long memoryBytes() {
        return lists.length * 12L + elements * (distinct ? 48L : 16L);
    }

    @Override
    void write(int group, StateBuffer out) {
        out.writeInt(sizes[group]);
        for (int i = 0; i < sizes[group]; i++) {
            StateValues.writeValue(lists[group], i, out);
        }
    }

    @Override
    void read(int group, DataInput in) throws IOException {
        int size = in.readInt();
        ColumnVector list = ColumnVector.allocate(elementType, Math.max(size, FIRST_ROOM));
        Set<Object> set = distinct ? new HashSet<>() : null;
        for (int i = 0; i < size; i++) {
            StateValues.readValue(in, list, i);
            if (distinct) {
                set.add(memberKey(list, i));
            }
        }
        elements += size - sizes[group];
        lists[group] = list;
        sizes[group] = size;
        if (distinct) {
            members[group] = set;
        }
    }
}
