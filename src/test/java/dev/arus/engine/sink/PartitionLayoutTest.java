package dev.arus.engine.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.AtomicType;
import dev.arus.engine.data.DataType;
import dev.arus.engine.data.DecimalType;
import dev.arus.engine.data.Field;
import dev.arus.engine.data.MapType;
import dev.arus.engine.data.Row;
import dev.arus.engine.data.Schema;
import dev.arus.engine.streaming.AnalysisException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionLayoutTest {

    private static final Schema SCHEMA = Schema.of(new Field("category", AtomicType.STRING, true),
            new Field("day", AtomicType.DATE, true), new Field("at", AtomicType.TIMESTAMP, true),
            new Field("price", new DecimalType(5, 2), true), new Field("n", AtomicType.LONG, true));

    private static PartitionLayout layout(String... columns) {
        return PartitionLayout.of(List.of(columns), SCHEMA, ZoneOffset.UTC);
    }

    private static Row row(Object... values) {
        return new Row(SCHEMA, values);
    }

    @Test
    void escapesTheCharactersSparkEscapesInHexAndLeavesTheRest() {
        assertThat(PartitionLayout.escapePathName("a/b:c=d%e f")).isEqualTo("a%2Fb%3Ac%3Dd%25e f");
        assertThat(PartitionLayout.escapePathName("\"#'*?\\{[]^\u007F\n\u0001")).isEqualTo(
                "%22%23%27%2A%3F%5C%7B%5B%5D%5E%7F%0A%01");
        assertThat(PartitionLayout.escapePathName("plain-ü_~!$&()+,;<>|}")).isEqualTo("plain-ü_~!$&()+,;<>|}");
    }

    @Test
    void namesADirectoryPerColumnWithTheValueCastToStringAsSpark() {
        PartitionLayout layout = layout("day", "at", "price");
        Row row = row("books", LocalDate.parse("2026-12-01"), Instant.parse("2026-12-01T10:15:30.500Z"),
                new BigDecimal("3.50"), 7L);
        assertThat(layout.directoryOf(row)).isEqualTo("day=2026-12-01/at=2026-12-01 10%3A15%3A30.5/price=3.50/");
        assertThat(layout.dataRow(row).values()).containsExactly("books", 7L);
        assertThat(layout.dataSchema().names()).containsExactly("category", "n");
    }

    @Test
    void writesNullAndTheEmptyStringAsHivesDefaultPartition() {
        PartitionLayout layout = layout("category", "n");
        assertThat(layout.directoryOf(row(null, null, null, null, null)))
                .isEqualTo("category=__HIVE_DEFAULT_PARTITION__/n=__HIVE_DEFAULT_PARTITION__/");
        assertThat(layout.directoryOf(row("", null, null, null, 1L)))
                .isEqualTo("category=__HIVE_DEFAULT_PARTITION__/n=1/");
    }

    @Test
    void namesTheColumnAsTheSchemaSpellsItWhateverTheCaseGiven() {
        assertThat(layout("CATEGORY").directoryOf(row("toys", null, null, null, 1L))).isEqualTo("category=toys/");
    }

    @Test
    void refusesAColumnNotInTheOutputWithSparksMessage() {
        assertThatThrownBy(() -> layout("region"))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("_LEGACY_ERROR_TEMP_1155"))
                .hasMessage("Partition column `region` not found in schema "
                        + "struct<category:string,day:date,at:timestamp,price:decimal(5,2),n:bigint>.");
    }

    @Test
    void refusesPartitioningByEveryColumn() {
        assertThatThrownBy(() -> layout("n", "price", "at", "day", "category"))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("ALL_PARTITION_COLUMNS_NOT_ALLOWED"))
                .hasMessage("[ALL_PARTITION_COLUMNS_NOT_ALLOWED] Cannot use all columns for partition columns. "
                        + "SQLSTATE: KD005");
    }

    @Test
    void refusesAColumnNamedTwice() {
        assertThatThrownBy(() -> layout("category", "Category"))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("COLUMN_ALREADY_EXISTS"))
                .hasMessageStartingWith("[COLUMN_ALREADY_EXISTS] The column `category` already exists.");
    }

    @Test
    void refusesAMapColumnAsSparkRefusesNonAtomicTypes() {
        DataType map = new MapType(AtomicType.STRING, AtomicType.LONG, true);
        Schema schema = Schema.of(new Field("tags", map, true), new Field("n", AtomicType.LONG, true));
        assertThatThrownBy(() -> PartitionLayout.of(List.of("tags"), schema, ZoneOffset.UTC))
                .isInstanceOfSatisfying(AnalysisException.class,
                        e -> assertThat(e.errorClass()).isEqualTo("INVALID_PARTITION_COLUMN_DATA_TYPE"))
                .hasMessage("[INVALID_PARTITION_COLUMN_DATA_TYPE] Cannot use \"MAP<STRING, BIGINT>\" for partition "
                        + "column. SQLSTATE: 0A000");
    }

    @Test
    void leavesRowsWholeWithoutPartitionColumns() {
        Row row = row("a", null, null, null, 1L);
        assertThat(layout().directoryOf(row)).isEmpty();
        assertThat(layout().dataRow(row)).isSameAs(row);
    }
}
