package dev.arus.engine.format;

import dev.arus.engine.data.ArrayType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.data.StructType;
import dev.arus.engine.streaming.StorageWriteException;
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
     * @throws StorageWriteException when the file cannot be written
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
            throw StorageWriteException.of("Cannot write " + file, e);
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

    /** Hands each row's values to parquet-java's record consumer; a NULL is a field left out. */
    private static final class RowWriteSupport extends WriteSupport<Row> {
        private final Schema schema;
        private final MessageType type;
        private RecordConsumer consumer;

        RowWriteSupport(Schema schema, MessageType type) {
            this.schema = schema;
            this.type = type;
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
            writeFields(schema.fields(), row.values());
            consumer.endMessage();
        }

        private void writeFields(List<Field> fields, List<Object> values) {
            for (int i = 0; i < fields.size(); i++) {
                Object value = values.get(i);
                if (value != null) {
                    consumer.startField(fields.get(i).name(), i);
                    writeValue(fields.get(i).type(), value);
                    consumer.endField(fields.get(i).name(), i);
                }
            }
        }

        private void writeValue(DataType type, Object value) {
            if (type instanceof StructType struct) {
                consumer.startGroup();
                writeFields(struct.fields(), ((Row) value).values());
                consumer.endGroup();
            } else if (type instanceof ArrayType array) {
                List<?> items = (List<?>) value;
                consumer.startGroup();
                if (!items.isEmpty()) {
                    consumer.startField("list", 0);
                    for (Object item : items) {
                        consumer.startGroup();
                        if (item != null) {
                            consumer.startField("element", 0);
                            writeValue(array.elementType(), item);
                            consumer.endField("element", 0);
                        }
                        consumer.endGroup();
                    }
                    consumer.endField("list", 0);
                }
                consumer.endGroup();
            } else if (type instanceof MapType map) {
                Map<?, ?> entries = (Map<?, ?>) value;
                consumer.startGroup();
                if (!entries.isEmpty()) {
                    consumer.startField("key_value", 0);
                    for (Map.Entry<?, ?> entry : entries.entrySet()) {
                        consumer.startGroup();
                        consumer.startField("key", 0);
                        writeValue(map.keyType(), entry.getKey());
                        consumer.endField("key", 0);
                        if (entry.getValue() != null) {
                            consumer.startField("value", 1);
                            writeValue(map.valueType(), entry.getValue());
                            consumer.endField("value", 1);
                        }
                        consumer.endGroup();
                    }
                    consumer.endField("key_value", 0);
                }
                consumer.endGroup();
            } else if (type instanceof DecimalType decimal) {
                BigDecimal unscaled = ((BigDecimal) value).setScale(decimal.scale(), RoundingMode.HALF_UP);
                if (decimal.precision() <= 9) {
                    consumer.addInteger(unscaled.unscaledValue().intValueExact());
                } else if (decimal.precision() <= 18) {
                    consumer.addLong(unscaled.unscaledValue().longValueExact());
                } else {
                    consumer.addBinary(Binary.fromConstantByteArray(fixedBytes(unscaled,
                            ParquetSchemas.minBytesForPrecision(decimal.precision()))));
                }
            } else if (value instanceof Boolean b) {
                consumer.addBoolean(b);
            } else if (value instanceof Long l) {
                consumer.addLong(l);
            } else if (value instanceof Number n && !(value instanceof Double) && !(value instanceof Float)) {
                consumer.addInteger(n.intValue());
            } else if (value instanceof Float f) {
                consumer.addFloat(f);
            } else if (value instanceof Double d) {
                consumer.addDouble(d);
            } else if (value instanceof String s) {
                consumer.addBinary(Binary.fromString(s));
            } else if (value instanceof byte[] bytes) {
                consumer.addBinary(Binary.fromConstantByteArray(bytes));
            } else if (value instanceof LocalDate date) {
                consumer.addInteger((int) date.toEpochDay());
            } else if (value instanceof Instant instant) {
                consumer.addLong(Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                        instant.getNano() / 1000));
            } else {
                throw new IllegalStateException("no parquet value for " + value.getClass() + " of " + type);
            }
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
}
