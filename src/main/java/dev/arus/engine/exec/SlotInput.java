package dev.arus.engine.exec;

/**
 * One task slot's input to a stateful operator in one batch: the operator the slot's stage pushes
 * its rows into, which keeps them (or what it made of them) until the operator's partitions take
 * them. Emptied after every batch; used by one thread at a time.
 */
public interface SlotInput extends Operator {

    /** Forgets what the batch pushed, keeping the buffers for the next. */
    void clear();
}
