package dev.arus.engine.format.parquet;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.ArusException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes rows to one Parquet file as Spark's {@code ParquetWriteSupport} writes them, with the
 * schema of {@link ParquetSchemas} and Spark's schema in the file's metadata. parquet-java does
 * the encoding, through its local-file API and a plain configuration, so no Hadoop file system
 * or configuration file is involved.
 */
public final class ParquetRowWriter {

    /** The codecs the sink offers, Spark's names; snappy is Spark's default. */
    public static final List<String> CODECS = List.of("snappy", "zstd", "uncompressed", "none");

    private ParquetRowWriter() {
    }

    /** The file-name part Spark gives a codec: {@code .snappy}, {@code .zstd}, none for uncompressed. */
    public static String extension(String codec) {
        CompressionCodecName name = codec(codec);
        return name == CompressionCodecName.UNCOMPRESSED ? "" : "." + codec.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Writes {@code rows} of {@code schema} to {@code file}, replacing it.
     *
     * @throws ArusException {@code FAILED_WRITE_FILE} when the file cannot be written
     */
    public static void write(Path file, Schema schema, List<Row> rows, String codec) {
        MessageType type = ParquetSchemas.messageType(schema);
        try (ParquetWriter<Row> writer = new Builder(new LocalOutputFile(file), schema, type)
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(Codecs.INSTANCE)
                .withCompressionCodec(codec(codec))
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .build()) {
            for (Row row : rows) {
                writer.write(row);
            }
        } catch (IOException e) {
            throw new ArusException("FAILED_WRITE_FILE", "Cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static CompressionCodecName codec(String codec) {
        return switch (codec.toLowerCase(java.util.Locale.ROOT)) {
            case "snappy" -> CompressionCodecName.SNAPPY;
            case "zstd" -> CompressionCodecName.ZSTD;
            case "uncompressed", "none" -> CompressionCodecName.UNCOMPRESSED;
            default -> throw new IllegalArgumentException("codec " + codec);
        };
    }

    private static final class Builder extends ParquetWriter.Builder<Row, Builder> {
        private final Schema schema;
        private final MessageType type;

        Builder(LocalOutputFile file, Schema schema, MessageType type) {
            super(file);
            this.schema = schema;
            this.type = type;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Row> getWriteSupport(Configuration conf) {
            return new RowWriteSupport(schema, type);
        }

        @Override
        protected WriteSupport<Row> getWriteSupport(ParquetConfiguration conf) {
            return new RowWriteSupport(schema, type);
        }
    }

    /**
     * Hands each row's values to parquet-java's record consumer; a NULL is a field left out. The
     * writer of each column is chosen once per file from its type, so a row costs no type tests,
     * and values are read from the row in place.
     */
    private static final class RowWriteSupport extends WriteSupport<Row> {
        private final Schema schema;
        private final MessageType type;
        private final FieldsWriter fields;
        private RecordConsumer consumer;

        RowWriteSupport(Schema schema, MessageType type) {
            this.schema = schema;
            this.type = type;
            this.fields = new FieldsWriter(schema.fields());
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return context();
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return context();
        }

        private WriteContext context() {
            return new WriteContext(type, Map.of(ParquetSchemas.SPARK_ROW_METADATA, ParquetSchemas.sparkJson(schema),
                    "org.apache.spark.version", "4.2.0"));
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Row row) {
            consumer.startMessage();
            fields.write(consumer, row);
            consumer.endMessage();
        }
    }

    /** Writes one non-null value of a column's type. */
    @FunctionalInterface
    private interface ValueWriter {
        void write(RecordConsumer consumer, Object value);
    }

    /** The fields of a row or struct: each non-null one as a field of the group being written. */
    private static final class FieldsWriter {
        private final String[] names;
        private final ValueWriter[] writers;

        FieldsWriter(List<Field> fields) {
            names = new String[fields.size()];
            writers = new ValueWriter[fields.size()];
            for (int i = 0; i < names.length; i++) {
                names[i] = fields.get(i).name();
                writers[i] = writerOf(fields.get(i).type());
            }
        }

        void write(RecordConsumer consumer, Row row) {
            for (int i = 0; i < names.length; i++) {
                Object value = row.get(i);
                if (value != null) {
                    consumer.startField(names[i], i);
                    writers[i].write(consumer, value);
                    consumer.endField(names[i], i);
                }
            }
        }
    }

    /** The writer of values of {@code type}, as Spark's {@code ParquetWriteSupport.makeWriter}. */
    private static ValueWriter writerOf(DataType type) {
        if (type instanceof StructType struct) {
            FieldsWriter fields = new FieldsWriter(struct.fields());
            return (consumer, value) -> {
                consumer.startGroup();
                fields.write(consumer, (Row) value);
                consumer.endGroup();
            };
        } else if (type instanceof ArrayType array) {
            ValueWriter element = writerOf(array.elementType());
            return (consumer, value) -> writeList(consumer, (List<?>) value, element);
        } else if (type instanceof MapType map) {
            ValueWriter key = writerOf(map.keyType());
            ValueWriter entryValue = writerOf(map.valueType());
            return (consumer, value) -> writeMap(consumer, (Map<?, ?>) value, key, entryValue);
        } else if (type instanceof DecimalType decimal) {
            return decimalWriter(decimal);
        } else if (type instanceof AtomicType atomic) {
            return switch (atomic) {
                case BOOLEAN -> (consumer, value) -> consumer.addBoolean((Boolean) value);
                case BYTE, SHORT, INT -> (consumer, value) -> consumer.addInteger(((Number) value).intValue());
                case LONG -> (consumer, value) -> consumer.addLong(((Number) value).longValue());
                case FLOAT -> (consumer, value) -> consumer.addFloat(((Number) value).floatValue());
                case DOUBLE -> (consumer, value) -> consumer.addDouble(((Number) value).doubleValue());
                case STRING -> (consumer, value) -> consumer.addBinary(Binary.fromString((String) value));
                case BINARY -> (consumer, value) -> consumer.addBinary(Binary.fromConstantByteArray((byte[]) value));
                case DATE -> (consumer, value) -> consumer.addInteger((int) ((LocalDate) value).toEpochDay());
                case TIMESTAMP -> (consumer, value) -> {
                    Instant instant = (Instant) value;
                    consumer.addLong(Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                            instant.getNano() / 1000));
                };
                case NULL -> (consumer, value) -> {
                    throw new IllegalStateException("a value in a column of type void");
                };
            };
        }
        return (consumer, value) -> {
            throw new IllegalStateException("no parquet value for " + value.getClass() + " of " + type);
        };
    }

    private static ValueWriter decimalWriter(DecimalType decimal) {
        int scale = decimal.scale();
        if (decimal.precision() <= 9) {
            return (consumer, value) -> consumer.addInteger(unscaled(value, scale).intValueExact());
        } else if (decimal.precision() <= 18) {
            return (consumer, value) -> consumer.addLong(unscaled(value, scale).longValueExact());
        }
        int length = ParquetSchemas.minBytesForPrecision(decimal.precision());
        return (consumer, value) -> consumer.addBinary(Binary.fromConstantByteArray(
                fixedBytes(((BigDecimal) value).setScale(scale, RoundingMode.HALF_UP), length)));
    }

    private static java.math.BigInteger unscaled(Object value, int scale) {
        return ((BigDecimal) value).setScale(scale, RoundingMode.HALF_UP).unscaledValue();
    }

    /** The standard three-level LIST: a group with a repeated {@code list} of {@code element}s. */
    private static void writeList(RecordConsumer consumer, List<?> items, ValueWriter element) {
        consumer.startGroup();
        if (!items.isEmpty()) {
            consumer.startField("list", 0);
            for (Object item : items) {
                consumer.startGroup();
                if (item != null) {
                    consumer.startField("element", 0);
                    element.write(consumer, item);
                    consumer.endField("element", 0);
                }
                consumer.endGroup();
            }
            consumer.endField("list", 0);
        }
        consumer.endGroup();
    }

    /** The standard MAP: a group with a repeated {@code key_value} of {@code key} and optional {@code value}. */
    private static void writeMap(RecordConsumer consumer, Map<?, ?> entries, ValueWriter key, ValueWriter value) {
        consumer.startGroup();
        if (!entries.isEmpty()) {
            consumer.startField("key_value", 0);
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                consumer.startGroup();
                consumer.startField("key", 0);
                key.write(consumer, entry.getKey());
                consumer.endField("key", 0);
                if (entry.getValue() != null) {
                    consumer.startField("value", 1);
                    value.write(consumer, entry.getValue());
                    consumer.endField("value", 1);
                }
                consumer.endGroup();
            }
            consumer.endField("key_value", 0);
        }
        consumer.endGroup();
    }

    /** The unscaled value as big-endian two's complement in exactly {@code length} bytes, sign-extended. */
    private static byte[] fixedBytes(BigDecimal value, int length) {
        byte[] minimal = value.unscaledValue().toByteArray();
        byte[] fixed = new byte[length];
        byte fill = (byte) (minimal[0] < 0 ? -1 : 0);
        java.util.Arrays.fill(fixed, 0, length - minimal.length, fill);
        System.arraycopy(minimal, 0, fixed, length - minimal.length, minimal.length);
        return fixed;
    }
}
