package dev.arus.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.data.Row;
import dev.arus.engine.expr.sql.DataTypeParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON lines parsed where they lie in the file's bytes read as the same lines' text would be. */
class JsonFileReaderTest {

    @TempDir
    Path directory;

    @Test
    void readsLinesOfUtf8WithAnyLineEndAndTheExactTextOfNonStringValues() throws IOException {
        Path file = directory.resolve("lines.json");
        Files.write(file, ("{\"id\": 1, \"name\": \"zoë\", \"extra\": {\"a\": [1, 2]}}\r\n"
                + "   \t \n"
                + "{\"name\": {\"nested\": \"ü\"}, \"id\": 2}\r"
                + "{\"id\": \"three\", \"name\": 3.50}\n"
                + "{\"id\": 4, \"name\": \"ünterminated\n"
                + "{\"id\": 5, \"name\": [true, null]}").getBytes(StandardCharsets.UTF_8));
        List<String> rows = new ArrayList<>();

        FileFormat.JSON.reader(DataTypeParser.parseSchema("id INT, name STRING, _corrupt_record STRING"), Map.of(),
                ZoneId.of("UTC")).read(file, chunk -> chunk.toRows().stream().map(Row::toString).forEach(rows::add));

        assertThat(rows).containsExactly(
                "[1,zoë,null]",
                "[2,{\"nested\": \"ü\"},null]",
                "[null,3.50,{\"id\": \"three\", \"name\": 3.50}]",
                "[null,null,{\"id\": 4, \"name\": \"ünterminated]",
                "[5,[true, null],null]");
    }
}
