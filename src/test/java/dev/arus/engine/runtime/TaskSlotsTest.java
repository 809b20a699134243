package dev.arus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class TaskSlotsTest {

    @Test
    void slotSRunsTasksSPlusMultiplesOfTheSlotsInUseInOrder() {
        try (TaskSlots slots = new TaskSlots(3)) {
            List<List<Integer>> bySlot = List.of(syncList(), syncList(), syncList());

            slots.run(8, (slot, task) -> bySlot.get(slot).add(task));

            assertThat(bySlot.get(0)).containsExactly(0, 3, 6);
            assertThat(bySlot.get(1)).containsExactly(1, 4, 7);
            assertThat(bySlot.get(2)).containsExactly(2, 5);
        }
    }

    @Test
    void runsSlotZeroOnTheCallingThreadAndTheOthersOnTaskThreads() {
        try (TaskSlots slots = new TaskSlots(2)) {
            Set<String> threads = ConcurrentHashMap.newKeySet();
            List<String> slotZero = syncList();

            slots.run(2, (slot, task) -> {
                threads.add(Thread.currentThread().getName());
                if (slot == 0) {
                    slotZero.add(Thread.currentThread().getName());
                }
            });

            assertThat(slotZero).containsExactly(Thread.currentThread().getName());
            assertThat(threads).hasSize(2).anyMatch(name -> name.startsWith("arus-task-"));
        }
    }

    @Test
    void aStageOfOneTaskNeverLeavesTheCallingThread() {
        try (TaskSlots slots = new TaskSlots(4)) {
            List<String> threads = syncList();

            slots.run(1, (slot, task) -> threads.add(Thread.currentThread().getName()));

            assertThat(threads).containsExactly(Thread.currentThread().getName());
        }
    }

    @Test
    void aFailedTaskFailsTheStageAfterEverySlotEnded() {
        try (TaskSlots slots = new TaskSlots(2)) {
            List<Integer> ran = syncList();

            assertThatThrownBy(() -> slots.run(6, (slot, task) -> {
                ran.add(task);
                if (task == 1) {
                    throw new IllegalStateException("task 1 failed");
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("task 1 failed");
            assertThat(ran).contains(0, 2, 4, 1);
        }
    }

    @Test
    void aClosedPoolRunsEverySlotOnTheCallingThread() {
        TaskSlots slots = new TaskSlots(3);
        slots.close();
        List<Integer> ran = syncList();

        slots.run(5, (slot, task) -> ran.add(task));

        assertThat(ran).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
    }

    private static <T> List<T> syncList() {
        return Collections.synchronizedList(new ArrayList<>());
    }
}
