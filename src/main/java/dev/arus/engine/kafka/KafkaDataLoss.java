package dev.arus.engine.kafka;

import dev.arus.engine.streaming.ArusException;

/**
 * What a Kafka source does when records it was to read are gone, as Spark's
 * {@code reportDataLoss}: with {@code failOnDataLoss} (the default) the query fails with Spark's
 * {@code KAFKA_DATA_LOSS} error and its sub-class; without, the loss is logged and reading goes
 * on from what Kafka still has.
 */
final class KafkaDataLoss {

    static final String ERROR_CLASS = "KAFKA_DATA_LOSS";
    private static final System.Logger LOG = System.getLogger(KafkaDataLoss.class.getName());
    private static final String INSTRUCTION = "Some data may have been lost because they are not available in "
            + "Kafka any more;\neither the data was aged out by Kafka or the topic may have been deleted before all "
            + "the data in the\ntopic was processed.\nIf you don't want your streaming query to fail on such cases, "
            + "set the source option failOnDataLoss to false.\nReason:";

    private final boolean failOnDataLoss;

    KafkaDataLoss(boolean failOnDataLoss) {
        this.failOnDataLoss = failOnDataLoss;
    }

    /**
     * Reports a loss of sub-class {@code kind} (Spark's: {@code PARTITIONS_DELETED},
     * {@code START_OFFSET_RESET}, ...) with Spark's {@code reason}.
     *
     * @throws ArusException {@code KAFKA_DATA_LOSS.<kind>} when the source fails on data loss
     */
    void report(String kind, String reason) {
        if (failOnDataLoss) {
            throw new ArusException(ERROR_CLASS + "." + kind, "[" + ERROR_CLASS + "." + kind + "] " + INSTRUCTION
                    + " " + reason + " SQLSTATE: 22000");
        }
        LOG.log(System.Logger.Level.WARNING, reason + " Some data may have been lost; the query goes on as "
                + "failOnDataLoss is false.");
    }
}
