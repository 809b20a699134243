package dev.arus.engine.kafka;

import dev.arus.engine.streaming.InvalidOptionException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.ClientDnsLookup;
import org.apache.kafka.clients.ClientUtils;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The broker check: what a Kafka source or sink asks the brokers when a run of its query starts,
 * each answer awaited at most the session's connect timeout, so that a query over an unreachable
 * cluster or into a missing topic is refused while its creator waits, naming the option at fault.
 * Spark checks nothing and finds out at the first batch. The steps:
 * <ol>
 * <li>the cluster is described: the brokers at {@code kafka.bootstrap.servers} answer, else
 * {@code KAFKA_UNAVAILABLE} on that option;</li>
 * <li>for a sink's {@code topic} option, the topic is described; when it does not exist, a
 * broker's {@code auto.create.topics.enable} is read, and unless it is {@code true} (the first
 * write creates the topic) the topic is refused with {@code KAFKA_TOPIC_NOT_FOUND}. A broker that
 * does not tell (no right to read its configuration) lets the topic pass: its first batch tells.</li>
 * </ol>
 * A source asks only the first: Spark's source reads a subscribed topic that does not exist yet as
 * one without records.
 */
final class KafkaBrokerCheck implements AutoCloseable {

    static final String TOPIC_NOT_FOUND = "KAFKA_TOPIC_NOT_FOUND";
    private static final String AUTO_CREATE = "auto.create.topics.enable";

    private final Admin admin;
    private final Map<String, String> params;
    private final Duration timeout;

    private KafkaBrokerCheck(Admin admin, Map<String, String> params, Duration timeout) {
        this.admin = admin;
        this.params = params;
        this.timeout = timeout;
    }

    /**
     * An admin client of the user's {@code params} whose every call ends within {@code timeout}.
     *
     * @throws InvalidOptionException when the client refuses the settings: on
     *                                {@code kafka.bootstrap.servers} a server that is not
     *                                {@code host:port} or whose host does not resolve
     */
    static KafkaBrokerCheck open(Map<String, String> params, Duration timeout) {
        String servers = KafkaClients.servers(params);
        try {
            ClientUtils.parseAndValidateAddresses(Arrays.stream(servers.split(",")).map(String::trim).toList(),
                    params.getOrDefault(CommonClientConfigs.CLIENT_DNS_LOOKUP_CONFIG,
                            ClientDnsLookup.USE_ALL_DNS_IPS.toString()));
        } catch (ConfigException | IllegalArgumentException unusable) {
            throw new InvalidOptionException(KafkaParams.PREFIX + KafkaParams.BOOTSTRAP_SERVERS, "The Kafka client "
                    + "cannot use the servers " + servers + ": " + unusable.getMessage(), unusable);
        }
        Properties config = new Properties();
        config.putAll(params);
        String millis = Long.toString(timeout.toMillis());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        try {
            return new KafkaBrokerCheck(Admin.create(config), params, timeout);
        } catch (KafkaException invalid) {
            Throwable cause = invalid.getCause() != null ? invalid.getCause() : invalid;
            throw new InvalidOptionException(null, "The Kafka client refuses the settings "
                    + KafkaParams.redacted(params) + ": " + cause.getMessage(), invalid);
        }
    }

    /**
     * Step 1: the brokers answer.
     *
     * @return the brokers of the cluster
     * @throws InvalidOptionException {@code KAFKA_UNAVAILABLE} on {@code kafka.bootstrap.servers}
     */
    Collection<Node> reachable() {
        try {
            return await(admin.describeCluster(new DescribeClusterOptions().timeoutMs(callMillis())).nodes());
        } catch (KafkaException unreachable) {
            throw unavailable("reach the Kafka brokers", unreachable);
        }
    }

    /**
     * Step 2, after step 1: {@code topic} exists, or {@code brokers} create it on first write.
     *
     * @param option the option that names the topic
     * @throws InvalidOptionException {@code KAFKA_TOPIC_NOT_FOUND} on {@code option}, or
     *                                {@code KAFKA_UNAVAILABLE} when the brokers stop answering
     */
    void topicExists(String topic, String option, Collection<Node> brokers) {
        try {
            await(admin.describeTopics(List.of(topic), new DescribeTopicsOptions().timeoutMs(callMillis()))
                    .allTopicNames());
        } catch (InvalidTopicException invalid) {
            throw new InvalidOptionException(option, "'" + topic + "' is not a valid Kafka topic name: "
                    + invalid.getMessage(), invalid);
        } catch (UnknownTopicOrPartitionException missing) {
            if (!createsTopics(brokers)) {
                throw new InvalidOptionException(TOPIC_NOT_FOUND, option, topicNotFound(topic, params)
                        + " Create the topic first, or write to one that exists.", missing);
            }
        } catch (KafkaException unreachable) {
            throw unavailable("describe the topic '" + topic + "' at the Kafka brokers", unreachable);
        }
    }

    /** The words of {@code KAFKA_TOPIC_NOT_FOUND}, at the check and at a batch's write. */
    static String topicNotFound(String topic, Map<String, String> params) {
        return "[" + TOPIC_NOT_FOUND + "] The Kafka topic '" + topic + "' does not exist at the brokers at "
                + KafkaClients.servers(params) + ", and they do not create topics on first write ("
                + AUTO_CREATE + ").";
    }

    /**
     * Whether the brokers may create a topic on its first write: unless a broker says its
     * {@code auto.create.topics.enable} is false, they may.
     */
    private boolean createsTopics(Collection<Node> brokers) {
        if (brokers.isEmpty()) {
            return true;
        }
        ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, brokers.iterator().next().idString());
        try {
            Config config = await(admin.describeConfigs(List.of(broker),
                    new DescribeConfigsOptions().timeoutMs(callMillis())).values().get(broker));
            ConfigEntry entry = config.get(AUTO_CREATE);
            return entry == null || Boolean.parseBoolean(entry.value());
        } catch (KafkaException unknown) {
            return true;
        }
    }

    /** {@code KAFKA_UNAVAILABLE} on {@code kafka.bootstrap.servers}: the check could not {@code what}. */
    private InvalidOptionException unavailable(String what, KafkaException cause) {
        return new InvalidOptionException(KafkaClients.UNAVAILABLE, KafkaParams.PREFIX + KafkaParams.BOOTSTRAP_SERVERS,
                "[" + KafkaClients.UNAVAILABLE + "] Cannot " + what + " at " + KafkaClients.servers(params)
                        + " within " + millis() + " ms: " + cause.getClass().getSimpleName() + ": "
                        + cause.getMessage(), cause);
    }

    /** The admin client, for a sink that reads more before its first batch. */
    Admin admin() {
        return admin;
    }

    private long millis() {
        return timeout.toMillis();
    }

    /** The timeout of one admin call, as the client takes it. */
    private int callMillis() {
        return (int) Math.min(Integer.MAX_VALUE, millis());
    }

    /** The future's value, waited for at most the timeout; its failure as a {@link KafkaException}. */
    private <T> T await(KafkaFuture<T> future) {
        try {
            return future.get(millis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException failed) {
            throw failed.getCause() instanceof KafkaException kafka ? kafka : new KafkaException(failed.getCause());
        } catch (java.util.concurrent.TimeoutException late) {
            throw new org.apache.kafka.common.errors.TimeoutException("the brokers did not answer", late);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new KafkaException(interrupted);
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ZERO);
    }
}
