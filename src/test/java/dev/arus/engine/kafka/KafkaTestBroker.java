package dev.arus.engine.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * One real KRaft broker in the test JVM, started on first use and shared by the Kafka tests
 * (each uses topics of its own), with helpers to create topics, write records and read them back.
 */
public final class KafkaTestBroker {

    private static EmbeddedKafkaKraftBroker broker;

    private KafkaTestBroker() {
    }

    public static synchronized EmbeddedKafkaKraftBroker broker() {
        if (broker == null) {
            broker = start();
            Runtime.getRuntime().addShutdownHook(new Thread(broker::destroy));
        }
        return broker;
    }

    /**
     * A broker of its own, for a test that stops and starts it; the caller destroys it. Its
     * listener keeps its port when its server is started again.
     */
    public static EmbeddedKafkaKraftBroker start() {
        for (String noisy : List.of("org.apache.kafka", "kafka", "state.change.logger", "org.springframework.kafka")) {
            ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(noisy))
                    .setLevel(ch.qos.logback.classic.Level.WARN);
        }
        EmbeddedKafkaKraftBroker started = new EmbeddedKafkaKraftBroker(1, 1);
        started.brokerProperty("auto.create.topics.enable", "false");
        started.brokerProperty("transaction.state.log.replication.factor", "1");
        started.brokerProperty("transaction.state.log.min.isr", "1");
        started.afterPropertiesSet();
        return started;
    }

    public static String servers() {
        return broker().getBrokersAsString();
    }

    /**
     * Creates the topic and waits until the broker leads each of its partitions: a produce sent
     * as soon as the creation is answered can meet a broker not yet leading, and an idempotent
     * producer's retry of it was then refused as out of sequence until it timed out.
     */
    public static void createTopic(String name, int partitions) {
        broker().addTopics(new NewTopic(name, partitions, (short) 1));
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerConfig("read_uncommitted"))) {
            List<TopicPartition> all = new ArrayList<>();
            for (int partition = 0; partition < partitions; partition++) {
                all.add(new TopicPartition(name, partition));
            }
            // Answered by each partition's leader alone, retried by the client until it leads.
            consumer.endOffsets(all, Duration.ofSeconds(60));
        }
    }

    /**
     * Deletes the topic and waits until the broker's metadata no longer lists it: the deletion is
     * answered once the controller has it, and a client asking the broker at once could still see
     * the topic (a query's next trigger then found its partitions and no loss).
     */
    public static void deleteTopic(String name) {
        broker().doWithAdmin(admin -> {
            try {
                admin.deleteTopics(List.of(name)).all().get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        });
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerConfig("read_uncommitted"))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (consumer.listTopics(Duration.ofSeconds(10)).containsKey(name)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("The broker still lists the deleted topic " + name);
                }
            }
        }
    }

    public static KafkaProducer<byte[], byte[]> producer() {
        return producer(servers());
    }

    public static KafkaProducer<byte[], byte[]> producer(String servers) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        return new KafkaProducer<>(config);
    }

    /** Writes the records and waits until every one is acknowledged. */
    public static void send(List<ProducerRecord<byte[], byte[]>> records) {
        send(servers(), records);
    }

    /** Writes the records to the brokers at {@code servers} and waits until every one is acknowledged. */
    public static void send(String servers, List<ProducerRecord<byte[], byte[]>> records) {
        try (KafkaProducer<byte[], byte[]> producer = producer(servers)) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            records.forEach(record -> sent.add(producer.send(record)));
            for (java.util.concurrent.Future<?> ack : sent) {
                ack.get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every record of {@code topic}'s partitions up to their current end, with {@code isolation}. */
    public static List<ConsumerRecord<byte[], byte[]>> readAll(String topic, String isolation) {
        List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerConfig(isolation))) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(all::add);
            }
        }
        return all;
    }

    private static Properties consumerConfig(String isolation) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers());
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return config;
    }
}
