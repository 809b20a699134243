package dev.arus.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.testing.QueryTestDriver;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every golden case under {@code src/test/resources/queries/}: each directory holds a
 * {@code query.txt} (see {@link GoldenQuery}) and the console text Spark's rules give for it,
 * {@code expected.txt}, derived by {@code derive_expected.py} there without running Arus. Rows of
 * a batch are compared in Arus's documented order (by key), since Spark's is hash order. Each
 * case is written twice, as steps and in Spark SQL; both must print the expected text.
 */
class GoldenQueriesTest {

    static Stream<Path> cases() throws IOException, URISyntaxException {
        Path root = Path.of(GoldenQueriesTest.class.getResource("/queries").toURI());
        try (Stream<Path> children = Files.list(root)) {
            return children.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsWhatSparkPrints(Path directory) throws IOException {
        GoldenQuery query = GoldenQuery.read(directory);
        String expected = Files.readString(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
        try (QueryTestDriver driver = new QueryTestDriver(query.start())) {
            String printed = query.run(driver);
            assertThat(printed).as("%s\n%s", query.name(), driver.history()).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsWhatSparkPrintsWhenWrittenInSql(Path directory) throws IOException {
        GoldenQuery query = GoldenQuery.read(directory);
        String expected = Files.readString(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
        try (QueryTestDriver driver = new QueryTestDriver(query.start())) {
            String printed = query.run(driver, null, true);
            assertThat(printed).as("%s in SQL\n%s", query.name(), driver.history()).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsTheSameWhenRestartedFromItsCheckpointAfterEveryBatch(Path directory, @TempDir Path checkpoint)
            throws IOException {
        printsTheSameWhenRestarted(directory, checkpoint, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsTheSameInSqlWhenRestartedFromItsCheckpointAfterEveryBatch(Path directory, @TempDir Path checkpoint)
            throws IOException {
        printsTheSameWhenRestarted(directory, checkpoint, true);
    }

    private static void printsTheSameWhenRestarted(Path directory, Path checkpoint, boolean sql) throws IOException {
        GoldenQuery query = GoldenQuery.read(directory);
        String expected = Files.readString(directory.resolve("expected.txt"), StandardCharsets.UTF_8);
        try (QueryTestDriver driver = new QueryTestDriver(query.start()).restartAfterEachBatch()) {
            String printed = query.run(driver, checkpoint, sql);
            assertThat(driver.restarts()).as("restarts").isGreaterThan(3);
            assertThat(printed).as("%s%s\n%s", query.name(), sql ? " in SQL" : "", driver.history())
                    .isEqualTo(expected);
        }
    }
}
