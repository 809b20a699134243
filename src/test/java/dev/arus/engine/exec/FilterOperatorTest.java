package dev.arus.engine.exec;

import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streaming filter, batch by batch: only the rows whose condition is true go on, in order, with
 * their values and NULLs as they were, whatever the rows of the batch before held.
 */
class FilterOperatorTest {

    @TempDir
    Path directory;

    private StreamCase run;

    @AfterEach
    void close() {
        run.close();
    }

    @Test
    void keepsTheRowsWhoseConditionIsTrueNeitherFalseNorNullWithTheirNulls() {
        run = new StreamCase(directory, "id INT, tags STRING", false,
                in -> in.selectExpr("id", "tags", "named_struct('t', tags) AS s").filter("length(tags) > 1"),
                w -> w.outputMode("append"));

        List<List<String>> rows = run
                .feed(row(1, "ab"), row(null, "abc"), row(3, null), row(4, "a"), row(5, "xyz"))
                // the kept rows' ids sit where the batch before kept a NULL one: none of it stays
                .feed(row(6, "pq"), row(7, "rs"), row(8, "t"))
                .feed(row(9, "uv"))
                .rows();

        assertThat(rows).containsExactly(
                List.of("[1,ab,[ab]]", "[null,abc,[abc]]", "[5,xyz,[xyz]]"),
                List.of("[6,pq,[pq]]", "[7,rs,[rs]]"),
                List.of("[9,uv,[uv]]"));
    }
}
