package dev.arus.engine.exec;

import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.testing.StreamCase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explode} in a streaming select, batch by batch: each input row becomes one row per
 * element (column {@code col}, or the alias) or map entry ({@code key} and {@code value}), the
 * other items repeated beside it; NULL and empty collections give no row, as in Spark.
 */
class GenerateOperatorTest {

    @TempDir
    Path directory;

    private final List<AutoCloseable> cases = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable run : cases) {
            run.close();
        }
    }

    private StreamCase query(Function<StreamFrame, StreamFrame> query) {
        StreamCase run = new StreamCase(directory.resolve("case-" + cases.size()), "id INT, tags STRING", false,
                query, w -> w.outputMode("append"));
        cases.add(run);
        return run;
    }

    @Test
    void explodesEachRowsArrayIntoOneRowPerElementInEveryBatch() {
        List<StreamCase.Batch> batches = query(in -> in.selectExpr("id", "explode(split(tags, ','))",
                "upper(tags) AS t"))
                .feed(row(1, "a,b"), row(2, null), row(3, "c"))
                .feed(row(4, "x,y,z"))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[1,a,A,B]", "[1,b,A,B]", "[3,c,C]"),
                List.of("[4,x,X,Y,Z]", "[4,y,X,Y,Z]", "[4,z,X,Y,Z]"));
    }

    /**
     * A batch's rows outgrow the operator's first buffers many times, and its output spans more
     * than one full chunk: every element still comes out once, in order.
     */
    @Test
    void explodesMoreElementsThanAFullChunkHolds() {
        String tags = String.join(",", Collections.nCopies(3_000, "t"));
        List<String> rows = query(in -> in.selectExpr("id", "explode(split(tags, ','))"))
                .feed(row(1, "a"), row(2, tags), row(3, tags))
                .batches().get(0).rows();

        assertThat(rows).hasSize(6_001);
        assertThat(rows.get(0)).isEqualTo("[1,a]");
        assertThat(rows.subList(1, 3_001)).containsOnly("[2,t]");
        assertThat(rows.subList(3_001, 6_001)).containsOnly("[3,t]");
    }

    /** The input stream as a frame, to define queries on without running them. */
    private StreamFrame input() {
        StreamFrame[] input = new StreamFrame[1];
        query(in -> input[0] = in);
        return input[0];
    }

    @Test
    void namesTheColumnsAsSparkDoes() {
        StreamFrame frame = input();
        assertThat(frame.selectExpr("explode(split(tags, ',')) AS tag", "id").columns()).containsExactly("tag", "id");
        assertThat(frame.selectExpr("id", "explode(split(tags, ','))").columns()).containsExactly("id", "col");
        assertThat(frame.selectExpr("explode(map(id, tags))").columns()).containsExactly("key", "value");
    }

    @Test
    void explodesMapsIntoKeysAndValues() {
        List<StreamCase.Batch> batches = query(in -> in.selectExpr("explode(map(id, tags, id + 10, 'ten'))"))
                .feed(row(1, "one"), row(2, null))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[1,one]", "[11,ten]", "[2,null]", "[12,ten]"));
    }

    @Test
    void refusesTwoGeneratorsAndNestedOnesAsSparkDoes() {
        StreamFrame frame = input();
        assertThatThrownBy(() -> frame.selectExpr("explode(split(tags, ','))", "explode(array(id))"))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("UNSUPPORTED_GENERATOR.MULTI_GENERATOR"));
        assertThatThrownBy(() -> frame.selectExpr("upper(explode(split(tags, ',')))"))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS"));
        assertThatThrownBy(() -> frame.selectExpr("explode(tags)"))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE"));
    }

    /** The outer forms keep a row of NULLs for a NULL collection; the pos forms number the elements from 0. */
    @Test
    void outerAndPositionalFormsAsSparkGivesThem() {
        List<StreamCase.Batch> batches = query(in -> in.selectExpr("id", "explode_outer(split(tags, ','))"))
                .feed(row(1, "a,b"), row(2, null))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[1,a]", "[1,b]", "[2,null]"));

        batches = query(in -> in.selectExpr("posexplode(split(tags, ','))", "id"))
                .feed(row(1, "a,b"), row(2, null), row(3, "c"))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[0,a,1]", "[1,b,1]", "[0,c,3]"));

        batches = query(in -> in.selectExpr("id", "posexplode_outer(map(id, tags))"))
                .feed(row(1, "one"))
                .feed(row(2, null))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(
                List.of("[1,0,1,one]"), List.of("[2,0,2,null]"));

        StreamFrame frame = input();
        assertThat(frame.selectExpr("id", "posexplode(split(tags, ','))").columns()).containsExactly("id", "pos",
                "col");
        assertThat(frame.selectExpr("posexplode_outer(map(id, tags))").schema().fields())
                .extracting(field -> field.name() + ":" + field.nullable())
                .containsExactly("pos:true", "key:true", "value:true");
        assertThatThrownBy(() -> frame.selectExpr("posexplode(split(tags, ',')) AS tag"))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("UDTF_ALIAS_NUMBER_MISMATCH"))
                .hasMessageContaining("Expected 2 aliases");
    }
    /**
     * {@code array()} is an {@code ARRAY<VOID>}: beside an {@code ARRAY<BIGINT>} in a CASE it widens
     * to that type, as in Spark, and the outer form keeps a row of NULL for its empty arrays.
     */
    @Test
    void explodesAnEmptyArrayBesideATypedOneAsARowOfNull() {
        List<StreamCase.Batch> batches = query(in -> in.selectExpr("id",
                "explode_outer(CASE WHEN id % 2 = 0 THEN array(CAST(id AS BIGINT) * 10) ELSE array() END) AS item"))
                .feed(row(1, "a"), row(2, "b"))
                .batches();
        assertThat(batches).extracting(StreamCase.Batch::rows).containsExactly(List.of("[1,null]", "[2,20]"));
    }
}
