package dev.arus.engine.exec;

import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * Comparisons of a long with a constant, which write the kept positions themselves, keep the
     * rows SQL keeps: never one whose operand is NULL, with the binder's coercions; the other
     * forms (a NULL constant, {@code NOT <=>}, the constant on the left) go the general way.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
        "n = 3 | 3",
        "n <> 3 | 1,4,5",
        "n != 3 | 1,4,5",
        "n < 2 | 1,5",
        "n <= 2 | 1,4,5",
        "n > 2 | 3",
        "n >= 2 | 3,4",
        "n <=> 3 | 3",
        "NOT (n < 2) | 3,4",
        "NOT (n >= 2) | 1,5",
        "NOT (n <=> 3) | 1,2,4,5",
        "n > 1.5 | 3,4",
        "n % 2 = 1 | 1,3",
        "id > 2 | 3,4,5",
        "id >= 1 | 1,2,3,4,5",
        "n > 100 | none",
        "n = NULL | none",
        "2 < n | 3",
        "2 >= n | 1,4,5",
        "NOT (2 < n) | 1,4,5",
        "0 = n % 2 | 4",
        "timestamp_seconds(n) >= TIMESTAMP '1970-01-01 00:00:02' | 3,4",
    })
    void keepsTheRowsAComparisonWithAConstantKeeps(String condition, String ids) {
        run = new StreamCase(directory, "id INT, n BIGINT", false,
                in -> in.filter(condition).selectExpr("id"), w -> w.outputMode("append"));

        List<String> kept = run.feed(row(1, 1L), row(2, null), row(3, 3L), row(4, 2L), row(5, -7L)).rows()
                .stream().flatMap(List::stream).toList();

        assertThat(kept).containsExactlyElementsOf(ids == null ? List.of()
                : Arrays.stream(ids.split(",")).map(id -> "[" + id + "]").toList());
    }
}
