package dev.arus.engine.exec.join;

import static dev.arus.engine.api.functions.expr;
import static dev.arus.engine.testing.StreamCase.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.StaticFrame;
import dev.arus.engine.api.StreamFrame;
import dev.arus.engine.sink.DuckDb;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.ArusException;
import dev.arus.engine.testing.StreamCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream-static joins as Spark's: each batch's orders joined with a product catalogue read from
 * a file when the query starts, per join type, on columns both sides have or on a condition,
 * with the rows Spark's broadcast hash join gives (outer rows with NULLs, semi and anti rows
 * once) and its column order; and the join types Spark refuses with a static right side.
 */
class StaticJoinTest {

    private static final String ORDERS = "order_id STRING, product STRING, qty INT";

    @TempDir
    Path directory;

    private Path catalogue;
    private final List<StreamCase> cases = new ArrayList<>();
    private int runs;

    @BeforeEach
    void writeCatalogue() throws IOException {
        catalogue = directory.resolve("catalogue.csv");
        Files.writeString(catalogue, """
                product,category,min_qty
                novel,books,1
                puzzle,games,2
                "tea, green",grocery,
                """);
    }

    @AfterEach
    void close() {
        cases.forEach(StreamCase::close);
    }

    private List<List<String>> run(BiFunction<StreamFrame, StaticFrame, StreamFrame> query) {
        return run(query, row("o-1", "novel", 1), row("o-2", "lamp", 1), row("o-3", "puzzle", 1), row("o-4", null, 5),
                row("o-5", "tea, green", 3));
    }

    /** {@code query}'s rows, batch by batch, over one batch of {@code orders}. */
    private List<List<String>> run(BiFunction<StreamFrame, StaticFrame, StreamFrame> query, Object[]... orders) {
        StreamCase run = new StreamCase(directory.resolve("case-" + runs++), ORDERS, false,
                input -> {
                    StreamFrame stream = input.select("order_id", "product", "qty");
                    return query.apply(stream, catalogue(stream));
                }, w -> w.outputMode("append"));
        cases.add(run);
        run.feed(orders);
        return run.rows();
    }

    private StaticFrame catalogue(StreamFrame orders) {
        return orders.session().read().format("csv").option("header", true)
                .schema("product STRING, category STRING, min_qty INT").load(catalogue.toString());
    }

    @Test
    void anInnerJoinOnAColumnBothSidesHaveGivesTheKeyOnceThenEachSidesOtherColumns() {
        assertThat(run((orders, products) -> orders.join(products, "product"))).containsExactly(List.of(
                "[novel,o-1,1,books,1]", "[puzzle,o-3,1,games,2]", "[tea, green,o-5,3,grocery,null]"));
    }

    @Test
    void aParquetTableSplitOverTwoFilesJoinsAsTheSameTableInCsv() throws IOException {
        Path table = Files.createDirectories(directory.resolve("catalogue-parquet"));
        String rows = "SELECT product, category, min_qty::INTEGER AS MIN_QTY FROM read_csv('" + catalogue
                + "', header = true, quote = '\"')";
        DuckDb.execute("COPY (" + rows + " WHERE product < 'p') TO '" + table.resolve("part-0.parquet") + "' (FORMAT parquet)",
                "COPY (" + rows + " WHERE product >= 'p') TO '" + table.resolve("part-1.parquet")
                        + "' (FORMAT parquet, COMPRESSION zstd)");

        assertThat(run((orders, products) -> orders.join(orders.session().read().format("parquet")
                .schema("product STRING, category STRING, min_qty INT").load(table.toString()), "product")))
                .containsExactly(List.of("[novel,o-1,1,books,1]", "[puzzle,o-3,1,games,2]",
                        "[tea, green,o-5,3,grocery,null]"));
    }

    @Test
    void aLeftOuterJoinKeepsEveryOrderWithNullsWhereNoProductMatchesANullKeyIncluded() {
        assertThat(run((orders, products) -> orders.join(products, List.of("product"), "left_outer")))
                .containsExactly(List.of("[novel,o-1,1,books,1]", "[lamp,o-2,1,null,null]", "[puzzle,o-3,1,games,2]",
                        "[null,o-4,5,null,null]", "[tea, green,o-5,3,grocery,null]"));
    }

    /** A USING semi or anti join puts its keys first too, then the stream's other columns only. */
    @Test
    void semiAndAntiJoinsGiveEachOrderOnceWithItsOwnColumns() {
        assertThat(run((orders, products) -> orders.join(products, List.of("product"), "left_semi")))
                .containsExactly(List.of("[novel,o-1,1]", "[puzzle,o-3,1]", "[tea, green,o-5,3]"));
        assertThat(run((orders, products) -> orders.join(products, List.of("product"), "anti")))
                .containsExactly(List.of("[lamp,o-2,1]", "[null,o-4,5]"));
    }

    /**
     * A batch of more orders than a full chunk holds outgrows the operator's first buffers many
     * times, for the pairs the condition is checked on and for the output: every order still
     * comes out once, in order.
     */
    @Test
    void aBatchLargerThanAChunkJoinsEveryRow() {
        Object[][] orders = new Object[5_000][];
        for (int i = 0; i < orders.length; i++) {
            orders[i] = row("o-" + i, i % 2 == 0 ? "novel" : "puzzle", i % 3);
        }
        List<String> rows = run((stream, products) -> stream.alias("o").join(products.alias("c"),
                expr("o.product = c.product AND o.qty >= c.min_qty"), "left")
                .selectExpr("o.order_id", "c.category"), orders).get(0);

        assertThat(rows).hasSize(5_000);
        for (int i = 0; i < orders.length; i++) {
            boolean matches = i % 2 == 0 ? i % 3 >= 1 : i % 3 >= 2;
            String category = i % 2 == 0 ? "books" : "games";
            assertThat(rows.get(i)).isEqualTo("[o-" + i + "," + (matches ? category : "null") + "]");
        }
    }

    /**
     * A number key spanning a small range is looked up by value, a sparse one by hash: either way
     * a key's table rows come in table order, and a value outside the table's range, one the
     * table lacks inside it, or a NULL matches nothing (with NULLs in the batch or without).
     */
    @Test
    void aNumberKeyFindsItsRowsInTableOrderWhetherItsValuesAreDenseOrSparse() throws IOException {
        for (String extraCode : List.of("", "1000000000,far\n")) {
            Path codes = Files.writeString(directory.resolve("codes-" + runs + ".csv"),
                    "code,label\n3,three\n-2,minus two\n3,three again\n7,seven\n" + extraCode);
            BiFunction<StreamFrame, StaticFrame, StreamFrame> query = (orders, ignored) -> orders.join(
                    orders.session().read().format("csv").option("header", true).schema("code INT, label STRING")
                            .load(codes.toString()), expr("qty = code"), "left").selectExpr("order_id", "label");
            assertThat(run(query, row("o-1", "novel", 3), row("o-2", "novel", -2), row("o-3", "novel", 8),
                    row("o-4", "novel", -3), row("o-5", "novel", 5), row("o-6", "novel", 7)))
                    .containsExactly(List.of("[o-1,three]", "[o-1,three again]", "[o-2,minus two]", "[o-3,null]",
                            "[o-4,null]", "[o-5,null]", "[o-6,seven]"));
            assertThat(run(query, row("o-1", "novel", 3), row("o-2", "novel", null), row("o-3", "novel", 7)))
                    .containsExactly(List.of("[o-1,three]", "[o-1,three again]", "[o-2,null]", "[o-3,seven]"));
            assertThat(run((orders, ignored) -> orders.join(orders.session().read().format("csv")
                    .option("header", true).schema("code INT, label STRING").load(codes.toString()),
                    expr("qty = code"), "inner").selectExpr("order_id", "label"),
                    row("o-1", "novel", 7), row("o-2", "novel", 3), row("o-3", "novel", 4)))
                    .containsExactly(List.of("[o-1,seven]", "[o-2,three]", "[o-2,three again]"));
        }
    }

    /**
     * An inner join on a key no two table rows share: a chunk whose every row matched comes out
     * as it came, with its table columns (a string among them); a chunk with an unmatched row or
     * a NULL key drops just those rows. Over more orders than a chunk holds, with the key a
     * number (looked up by value) and a string (by hash).
     */
    @Test
    void anInnerJoinOnAUniqueKeyGivesEveryMatchedRowInOrderAndDropsTheOthers() throws IOException {
        Path codes = Files.writeString(directory.resolve("unique-codes.csv"), "code,label\n"
                + String.join("\n", IntStream.range(0, 10).mapToObj(c -> c + ",label-" + c).toList()) + "\n");
        BiFunction<StreamFrame, StaticFrame, StreamFrame> byNumber = (orders, ignored) -> orders.join(orders.session()
                .read().format("csv").option("header", true).schema("code INT, label STRING").load(codes.toString()),
                expr("qty = code"), "inner").selectExpr("order_id", "label");
        Object[][] orders = new Object[5_000][];
        for (int i = 0; i < orders.length; i++) {
            orders[i] = row("o-" + i, i % 2 == 0 ? "novel" : "puzzle", i % 10);
        }
        List<String> all = run(byNumber, orders).get(0);
        assertThat(all).hasSize(5_000);
        for (int i = 0; i < orders.length; i++) {
            assertThat(all.get(i)).isEqualTo("[o-" + i + ",label-" + i % 10 + "]");
        }
        List<String> byProduct = run((stream, products) -> stream.join(products, "product")
                .selectExpr("order_id", "category"), orders).get(0);
        assertThat(byProduct).hasSize(5_000);
        assertThat(byProduct.get(4_999)).isEqualTo("[o-4999,games]");

        orders[100] = row("o-100", "novel", 42);
        orders[4_500] = row("o-4500", "novel", null);
        List<String> some = run(byNumber, orders).get(0);
        assertThat(some).hasSize(4_998).doesNotContain("[o-100,label-0]", "[o-4500,label-0]");
        assertThat(some.get(100)).isEqualTo("[o-101,label-1]");
        assertThat(some.get(4_499)).isEqualTo("[o-4501,label-1]");
    }

    /**
     * A chunk whose every order found its product comes out as it came, its table values copied
     * from the rows found, a NULL one (the tea's minimum) as NULL; the next batch, with an order
     * no product matches and one of a NULL product, comes out through the same operator without
     * them, the NULL still in its place.
     */
    @Test
    void anAllMatchedChunkKeepsTheTableNullsAndTheNextChunkWithMissesReusesNothingStale() {
        StreamCase run = new StreamCase(directory.resolve("case-" + runs++), ORDERS, false,
                input -> input.select("order_id", "product", "qty").join(catalogue(input), "product"),
                w -> w.outputMode("append"));
        cases.add(run);
        run.feed(row("o-1", "tea, green", 3), row("o-2", "novel", 1), row("o-3", "tea, green", 4));
        run.feed(row("o-4", "novel", 2), row("o-5", "lamp", 1), row("o-6", "tea, green", 5), row("o-7", null, 1));

        assertThat(run.rows()).containsExactly(
                List.of("[tea, green,o-1,3,grocery,null]", "[novel,o-2,1,books,1]", "[tea, green,o-3,4,grocery,null]"),
                List.of("[novel,o-4,2,books,1]", "[tea, green,o-6,5,grocery,null]"));
    }

    @Test
    void aConditionJoinKeepsBothSidesColumnsAndChecksTheRestOfTheConditionOnEachPair() {
        assertThat(run((orders, products) -> orders.alias("o").join(products.alias("c"),
                expr("o.product = c.product AND o.qty >= c.min_qty"), "left")))
                .containsExactly(List.of("[o-1,novel,1,novel,books,1]", "[o-2,lamp,1,null,null,null]",
                        "[o-3,puzzle,1,null,null,null]", "[o-4,null,5,null,null,null]",
                        "[o-5,tea, green,3,null,null,null]"));
        assertThatThrownBy(() -> run((orders, products) -> orders.alias("o").join(products.alias("c"),
                expr("o.product = c.product"), "inner").select("product")))
                .isInstanceOfSatisfying(AnalysisException.class, e -> assertThat(e.errorClass())
                        .isEqualTo("AMBIGUOUS_REFERENCE"))
                .hasMessageStartingWith("[AMBIGUOUS_REFERENCE] Reference `product` is ambiguous, could be: "
                        + "[`c`.`product`, `o`.`product`].");
        assertThat(run((orders, products) -> orders.alias("o").join(products.alias("c"),
                expr("o.product = c.product"), "inner").selectExpr("o.order_id", "c.category")))
                .containsExactly(List.of("[o-1,books]", "[o-3,games]", "[o-5,grocery]"));
    }

    @Test
    void joinTypesSparkRefusesWithAStaticRightSideAreRefusedInItsWords() {
        assertThatThrownBy(() -> run((orders, products) -> orders.join(products, List.of("product"), "right_outer")))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("RightOuter join with a streaming DataFrame/Dataset on the left and a static "
                        + "DataFrame/DataSet on the right not supported");
        assertThatThrownBy(() -> run((orders, products) -> orders.join(products, List.of("product"), "full")))
                .hasMessage("FullOuter joins with streaming DataFrames/Datasets on the left and a static "
                        + "DataFrame/Dataset on the right is not supported");
        assertThatThrownBy(() -> run((orders, products) -> orders.join(products, List.of("product"), "sideways")))
                .hasMessageStartingWith("[UNSUPPORTED_JOIN_TYPE] Unsupported join type 'sideways'.");
        assertThatThrownBy(() -> run((orders, products) -> orders.join(products, List.of("colour"), "inner")))
                .hasMessage("[UNRESOLVED_USING_COLUMN_FOR_JOIN] USING column `colour` cannot be resolved on the left "
                        + "side of the join. The left-side columns: [`order_id`, `product`, `qty`].");
    }

    @Test
    void theTableIsReadWhenTheQueryStartsAndAMissingOneFailsTheStart() throws IOException {
        Files.writeString(directory.resolve("catalogue.json"), "{\"product\": \"novel\", \"category\": \"books\"}\n");
        StreamCase json = new StreamCase(directory.resolve("json"), ORDERS, false, orders -> orders
                .select("order_id", "product", "qty").join(
                orders.session().read().format("json").schema("product STRING, category STRING")
                        .load(directory.resolve("catalogue.json").toString()), "product"), w -> w);
        cases.add(json);
        assertThat(json.feed(row("o-1", "novel", 2), row("o-2", "tea", 1)).rows())
                .containsExactly(List.of("[novel,o-1,2,books]"));
        assertThatThrownBy(() -> new StreamCase(directory.resolve("missing"), ORDERS, false, orders -> orders.join(
                orders.session().read().format("json").schema("product STRING")
                        .load(directory.resolve("nowhere.json").toString()), "product"), w -> w))
                .isInstanceOfSatisfying(ArusException.class, e -> assertThat(e.errorClass()).isEqualTo("PATH_NOT_FOUND"));
    }
}
