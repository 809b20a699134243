package dev.arus.engine.kafka;

import dev.arus.engine.data.Schema;
import dev.arus.engine.source.Source;
import dev.arus.engine.source.SourceContext;
import dev.arus.engine.source.SourceProvider;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The {@code kafka} source format: {@link KafkaSource}, with Spark's options. Describing one (its
 * schema) checks the options without a broker; creating one, when a query starts, makes the
 * {@linkplain KafkaBrokerCheck broker check}, so that a query over an unreachable cluster is
 * refused within the connect timeout, on its {@code kafka.bootstrap.servers} option.
 */
public final class KafkaSourceProvider implements SourceProvider {

    public static final String FORMAT = "kafka";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public List<String> options() {
        return KafkaSourceOptions.NAMES;
    }

    /**
     * As Spark lets a restarted query change them: where a new query starts, how much a batch
     * reads, what data loss does, the group id prefix and the client's settings. Never which
     * topics, nor whether rows carry headers. The client's settings (passwords among them) are
     * therefore not part of the checkpoint's identity, so they are not written into it.
     */
    @Override
    public Set<String> changeableOptions() {
        return Set.of(KafkaParams.OPTION, KafkaSourceOptions.STARTING_OFFSETS, KafkaSourceOptions.MAX_OFFSETS_PER_TRIGGER,
                KafkaSourceOptions.MIN_OFFSETS_PER_TRIGGER, KafkaSourceOptions.MAX_TRIGGER_DELAY,
                KafkaSourceOptions.FAIL_ON_DATA_LOSS, KafkaSourceOptions.GROUP_ID_PREFIX,
                KafkaSourceOptions.POLL_TIMEOUT);
    }

    @Override
    public Schema schema(SourceContext context) {
        return KafkaRecords.schema(KafkaSourceOptions.parse(context.options()).includeHeaders());
    }

    /** Checks that the brokers answer within the connect timeout, then makes the source. */
    @Override
    public Source create(SourceContext context) {
        KafkaSourceOptions options = KafkaSourceOptions.parse(context.options());
        try (KafkaBrokerCheck check = KafkaBrokerCheck.open(options.kafkaParams(), context.connectTimeout())) {
            check.reachable();
        }
        String groupId = options.groupIdPrefix() + "-" + UUID.randomUUID() + "-" + context.query().id().hashCode();
        return new KafkaSource(options, context.clock(), context.checkpointMetadata(), groupId);
    }
}
