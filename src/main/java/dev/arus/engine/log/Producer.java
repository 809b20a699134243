package dev.arus.engine.log;

import java.util.UUID;

/**
 * Who wrote a record batch and the how-many-th of its batches it is, Kafka's idempotent producer
 * in small: a query writing into a stream is a producer whose sequence is its batch id, so that
 * a batch it writes again after a crash is recognised, per partition, and not stored twice.
 */
public record Producer(UUID id, long sequence) {

    public Producer {
        if (id.getMostSignificantBits() == 0 && id.getLeastSignificantBits() == 0) {
            throw new IllegalArgumentException("the nil UUID means no producer");
        }
        if (sequence < 0) {
            throw new IllegalArgumentException("a producer's sequence is not negative, was " + sequence);
        }
    }
}
