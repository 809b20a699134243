package dev.arus.engine.kafka;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where the columns of a Kafka record are in a query's output, checked as Spark's
 * {@code KafkaWriter.validateQuery} checks them: {@code value} required, string or binary;
 * {@code key} string or binary, {@code topic} string (required unless the {@code topic} option is
 * given), {@code headers} an array of {@code {key string, value binary}} and {@code partition}
 * an int, each optional (-1 when absent). Other columns are ignored, as Spark ignores them.
 */
record KafkaSinkColumns(int topic, int key, int value, int headers, int partition) {

    /** Spark wraps its writer's messages in this class. */
    static final String ERROR_CLASS = "_LEGACY_ERROR_TEMP_3080";

    static KafkaSinkColumns of(Schema schema, boolean topicOption) {
        int topic = topicOption ? -1 : find(schema, "topic", List.of(AtomicType.STRING), "topic option required when "
                + "no 'topic' attribute is present. Use the topic option for setting a topic.");
        int key = find(schema, "key", List.of(AtomicType.STRING, AtomicType.BINARY), null);
        int value = find(schema, "value", List.of(AtomicType.STRING, AtomicType.BINARY),
                "Required attribute 'value' not found");
        int headers = find(schema, "headers", List.of(KafkaRecords.HEADERS), null);
        int partition = find(schema, "partition", List.of(AtomicType.INT), null);
        return new KafkaSinkColumns(topic, key, value, headers, partition);
    }

    /** The column named exactly {@code name}, as Spark finds it, or -1 when optional and absent. */
    private static int find(Schema schema, String name, List<DataType> types, String missing) {
        for (int c = 0; c < schema.size(); c++) {
            Field field = schema.field(c);
            if (field.name().equals(name)) {
                if (types.stream().noneMatch(type -> sameType(type, field.type()))) {
                    throw invalid(name + " attribute unsupported type " + field.type().simpleString() + ". " + name
                            + " must be a(n) " + types.stream().map(DataType::simpleString)
                            .collect(Collectors.joining(" or ")));
                }
                return c;
            }
        }
        if (missing != null) {
            throw invalid(missing);
        }
        return -1;
    }

    /** Spark's {@code sameType}: nullability of elements and fields does not matter. */
    private static boolean sameType(DataType expected, DataType actual) {
        return expected.simpleString().equals(actual.simpleString());
    }

    private static AnalysisException invalid(String message) {
        return new AnalysisException(ERROR_CLASS, "[" + ERROR_CLASS + "] " + message);
    }
}
