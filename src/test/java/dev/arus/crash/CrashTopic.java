package dev.arus.crash;

import dev.arus.engine.kafka.KafkaTestBroker;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The topic the Kafka crash queries read, written once per test JVM on the shared test broker
 * before any query reads it: {@link #RECORDS} JSON records over {@link #PARTITIONS} partitions,
 * record {@code i} on partition {@code i % 4}, so that a batch of {@link #RECORDS_PER_BATCH}
 * records takes the same ten from each partition in every run. Its event times run one second
 * per batch and up to 3 s late, as the rate queries' do.
 */
final class CrashTopic {

    static final String NAME = "crash-events";
    static final int PARTITIONS = 4;
    static final int RECORDS_PER_BATCH = 40;
    /** Enough for every batch up to the crash tests' last and a few beyond. */
    static final int RECORDS = 130 * RECORDS_PER_BATCH;
    static final long START_SECONDS = 1_792_157_400L;

    private static boolean written;

    private CrashTopic() {
    }

    /** The brokers the topic is on, writing it first if this JVM has not yet. */
    static synchronized String servers() {
        if (!written) {
            KafkaTestBroker.createTopic(NAME, PARTITIONS);
            List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
            for (int i = 0; i < RECORDS; i++) {
                String json = "{\"id\":" + i + ",\"key\":" + key(i) + ",\"event_time\":" + eventSeconds(i) + "}";
                records.add(new ProducerRecord<>(NAME, i % PARTITIONS, null, json.getBytes(StandardCharsets.UTF_8)));
            }
            KafkaTestBroker.send(records);
            written = true;
        }
        return KafkaTestBroker.servers();
    }

    static int key(int record) {
        return record % 3;
    }

    /** Seconds since the epoch: one second per batch, 0 to 3 s late. */
    static long eventSeconds(int record) {
        return START_SECONDS + record / RECORDS_PER_BATCH - record % 4;
    }
}
