package dev.arus.engine.format;

import dev.arus.engine.data.ColumnVector;
import dev.arus.engine.data.ColumnarBatch;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.ArusException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads Parquet files into rows of a given schema as Spark's Parquet source does with a user
 * schema ({@link ParquetColumns} says which columns and which types): row group by row group,
 * through parquet-java's local-file API and {@link Codecs}, so no Hadoop file system or
 * configuration is made. Stateless: every file is opened, projected and read on its own, so one
 * reader serves every thread.
 */
public final class ParquetRowReader implements FileReader {

    private final Schema schema;

    public ParquetRowReader(Schema schema) {
        this.schema = schema;
    }

    /**
     * @throws ArusException {@code FAILED_READ_FILE.PARQUET_COLUMN_DATA_TYPE_MISMATCH} when a
     *         column cannot be read as its type, {@code FAILED_READ_FILE.FILE_NOT_EXIST}, or
     *         {@code FAILED_READ_FILE.NO_HINT} when the file is not Parquet or cannot be read
     */
    @Override
    public void read(Path file, Consumer<ColumnarBatch> consumer) {
        try (ParquetFileReader reader = new ParquetFileReader(new LocalInputFile(file), options())) {
            MessageType fileSchema = reader.getFooter().getFileMetaData().getSchema();
            Rows rows = new Rows(schema, consumer);
            int[] matches = ParquetColumns.match(schema.fields(), fileSchema);
            List<ParquetColumns.Projected> columns = ParquetColumns.fields(schema.fields(), fileSchema, List.of(),
                    matches, rows);
            if (columns.isEmpty()) {
                rows.nulls(reader.getRecordCount());
                rows.flush();
                return;
            }
            rows.children(columns);
            MessageType requested = new MessageType(fileSchema.getName(),
                    columns.stream().map(ParquetColumns.Projected::requested).toList());
            reader.setRequestedSchema(requested);
            MessageColumnIO io = new ColumnIOFactory(reader.getFooter().getFileMetaData().getCreatedBy())
                    .getColumnIO(requested, fileSchema, true);
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                RecordReader<Void> records = io.getRecordReader(pages, rows);
                for (long row = 0, count = pages.getRowCount(); row < count; row++) {
                    records.read();
                }
            }
            rows.flush();
        } catch (ParquetColumns.MismatchException e) {
            throw new ArusException("FAILED_READ_FILE.PARQUET_COLUMN_DATA_TYPE_MISMATCH",
                    "[FAILED_READ_FILE.PARQUET_COLUMN_DATA_TYPE_MISMATCH] Encountered error while reading file "
                    + file.toUri() + ". Data type mismatches when reading Parquet column " + e.column
                    + ". Expected Spark type " + e.expectedType + ", actual Parquet type " + e.actualType
                    + ". SQLSTATE: KD001", e);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new ArusException("FAILED_READ_FILE.FILE_NOT_EXIST", "[FAILED_READ_FILE.FILE_NOT_EXIST] Encountered "
                    + "error while reading file " + file.toUri() + ". File does not exist. It is possible the "
                    + "underlying files have been updated. SQLSTATE: KD001", e);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ArusException arus) {
                throw arus;
            }
            throw new ArusException("FAILED_READ_FILE.NO_HINT", "[FAILED_READ_FILE.NO_HINT] Encountered error while "
                    + "reading file " + file.toUri() + ".  SQLSTATE: KD001", e);
        }
    }

    /** parquet-java's defaults on a plain configuration, with {@link Codecs}: no Hadoop codec factory. */
    private static ParquetReadOptions options() {
        return ParquetReadOptions.builder(new PlainParquetConfiguration()).withCodecFactory(Codecs.INSTANCE).build();
    }

    /**
     * The rows read so far into a chunk of {@link ColumnarBatch#CHUNK_SIZE}, handed on when full:
     * the root of the converters, each record's values set into its row when it ends.
     */
    private static final class Rows extends RecordMaterializer<Void> implements ParquetColumns.Slots {
        private final Schema schema;
        private final Consumer<ColumnarBatch> consumer;
        private final ParquetColumns.StructConverter root;
        private ColumnarBatch chunk;
        private int size;

        Rows(Schema schema, Consumer<ColumnarBatch> consumer) {
            this.schema = schema;
            this.consumer = consumer;
            this.root = new ParquetColumns.StructConverter(schema.size(), this::add);
            this.chunk = ColumnarBatch.allocate(schema, ColumnarBatch.CHUNK_SIZE);
        }

        void children(List<ParquetColumns.Projected> columns) {
            root.children(columns);
        }

        @Override
        public Object[] values() {
            return root.values();
        }

        private void add(Object[] values) {
            for (int c = 0; c < values.length; c++) {
                chunk.column(c).setObject(size, values[c]);
            }
            if (++size == ColumnarBatch.CHUNK_SIZE) {
                flush();
            }
        }

        void nulls(long count) {
            Object[] none = new Object[schema.size()];
            for (long row = 0; row < count; row++) {
                add(none);
            }
        }

        void flush() {
            if (size > 0) {
                chunk.setSize(size);
                consumer.accept(chunk);
                chunk = ColumnarBatch.allocate(schema, ColumnarBatch.CHUNK_SIZE);
                size = 0;
            }
        }

        @Override
        public Void getCurrentRecord() {
            return null;
        }

        @Override
        public GroupConverter getRootConverter() {
            return root;
        }
    }
}
