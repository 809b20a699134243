package dev.arus.engine.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.data.Row;
import dev.arus.engine.expr.sql.DataTypeParser;
import dev.arus.engine.streaming.InvalidOptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code timestampFormat} of the json and csv sources, read the same way by both: Spark's pattern, or the cast's forms when absent. */
class TimestampFormatTest {

    private static final String SCHEMA = "id INT, at TIMESTAMP, _corrupt_record STRING";

    @TempDir
    Path directory;

    private List<String> read(FileFormat format, String text, Map<String, String> options) throws IOException {
        Path file = Files.writeString(directory.resolve("in." + format.formatName()), text);
        List<String> rows = new ArrayList<>();
        format.reader(DataTypeParser.parseSchema(SCHEMA), options, ZoneId.of("Europe/Paris"))
                .read(file, chunk -> chunk.toRows().stream().map(Row::toString).forEach(rows::add));
        return rows;
    }

    private static Map<String, String> format(String pattern) {
        Map<String, String> options = new HashMap<>();
        options.put("timestampFormat", pattern);
        return options;
    }

    @Test
    void jsonReadsTimestampsByThePatternInTheSessionZoneAndNothingElse() throws IOException {
        assertThat(read(FileFormat.JSON, """
                {"id": 1, "at": "16/10/2026 15:30"}
                {"id": 2, "at": "2026-10-16T15:30:00"}
                {"id": 3, "at": 1760621400}
                """, format("dd/MM/yyyy HH:mm"))).containsExactly(
                "[1,2026-10-16T13:30:00Z,null]",
                "[2,null,{\"id\": 2, \"at\": \"2026-10-16T15:30:00\"}]",
                "[3,2025-10-16T13:30:00Z,null]");
    }

    @Test
    void jsonWithoutAFormatReadsTimestampsAsTheCastDoes() throws IOException {
        assertThat(read(FileFormat.JSON, """
                {"id": 1, "at": "2026-10-16 15:30:00"}
                {"id": 2, "at": "2026-10-16T13:30:00Z"}
                {"id": 3, "at": "16/10/2026 15:30"}
                """, Map.of())).containsExactly(
                "[1,2026-10-16T13:30:00Z,null]",
                "[2,2026-10-16T13:30:00Z,null]",
                "[3,null,{\"id\": 3, \"at\": \"16/10/2026 15:30\"}]");
    }

    @Test
    void csvReadsTimestampsByTheSamePattern() throws IOException {
        assertThat(read(FileFormat.CSV, "1,16/10/2026 15:30\n2,2026-10-16T15:30:00\n",
                format("dd/MM/yyyy HH:mm"))).containsExactly(
                "[1,2026-10-16T13:30:00Z,null]",
                "[2,null,2,2026-10-16T15:30:00]");
        assertThat(read(FileFormat.CSV, "1,2026-10-16 15:30:00\n", Map.of()))
                .containsExactly("[1,2026-10-16T13:30:00Z,null]");
    }

    @Test
    void anInvalidPatternIsRefusedByEitherFormat() {
        for (FileFormat format : List.of(FileFormat.JSON, FileFormat.CSV)) {
            assertThatThrownBy(() -> format.reader(DataTypeParser.parseSchema(SCHEMA), format("yyyy-MM-dd bb HH"),
                    ZoneId.of("UTC")))
                    .isInstanceOf(InvalidOptionException.class)
                    .hasFieldOrPropertyWithValue("errorClass", "INVALID_DATETIME_PATTERN")
                    .hasMessageStartingWith("Unrecognized datetime pattern: yyyy-MM-dd bb HH");
        }
    }
}
