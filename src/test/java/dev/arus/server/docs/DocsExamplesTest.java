package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.arus.engine.kafka.KafkaTestBroker;
import dev.arus.server.ApiClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every example of the documentation, run as written (issue 32): the fenced blocks of the README
 * and of each page of {@code docs/}, page after page, against a started service with the demo on
 * (as {@code ./mvnw spring-boot:run} starts it, so that a name that clashes with the demo's is
 * refused here too), whose data directory is {@code data/} of the commands' working directory, and
 * the test's Kafka broker for {@code localhost:9092}.
 *
 * <p>How a page's blocks are taken, by the fence's language and an HTML comment just before the
 * block (which the rendered page does not show):
 * <ul>
 *   <li>{@code sh} or {@code bash}: shell commands, run by bash in order, each block after the
 *       ones before it on the page (their variables kept); each must exit 0 and each of its requests
 *       be answered {@code 2xx}, or the status of {@code <!-- status: 400 -->};
 *   <li>{@code <!-- output -->} before a block: the answer to the last request before it, as
 *       {@link ExpectedAnswer} matches it (a {@code json} block), or text the commands before it
 *       printed (a block of text); {@code <!-- output: shape -->} for values that differ from run to run;
 *   <li>{@code <!-- file: name -->}: a file written as shown, for the commands after it;
 *   <li>{@code <!-- not run: why -->}: not run, saying why (it needs Docker, it is a part of a spec);
 *   <li>a block without a language or {@code text}: a display (a console's output, a tree), which
 *       must hold no command: a command to run is a {@code sh} block.
 * </ul>
 * Any other block fails the test, so that an example added without a way to run it is found.
 * After each page its queries (their checkpoints purged) and streams are deleted. {@code
 * -Darus.docs.page=kafka} runs the pages whose path holds {@code kafka} alone.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "arus.demo.enabled=true")
class DocsExamplesTest {

    private static final long BLOCK_TIMEOUT_SECONDS = 180;
    private static final Pattern COMMAND = Pattern.compile("(?m)^\\s*(\\$ |curl |\\./mvnw |docker |java )");
    private static final Path WORKING_DIRECTORY;

    static {
        try {
            WORKING_DIRECTORY = Files.createTempDirectory("arus-docs-examples");
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @LocalServerPort
    int port;

    private int requestsMade;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) {
        registry.add("arus.data-dir", () -> WORKING_DIRECTORY.resolve("data").toString());
    }

    @TestFactory
    Stream<DynamicTest> everyExampleOfEveryPageRunsAsWritten() {
        String only = System.getProperty("arus.docs.page", "");
        Stream<DynamicTest> pages = Docs.files().stream().filter(page -> page.toString().contains(only))
                .map(page -> DynamicTest.dynamicTest(page.toString(), () -> runPage(page)));
        // So that a change to how blocks are found, which would find none, cannot pass unseen.
        return only.isEmpty() ? Stream.concat(pages, Stream.of(DynamicTest.dynamicTest("the pages' requests", () ->
                assertThat(requestsMade).as("requests the examples made").isGreaterThan(30)))) : pages;
    }

    @Test
    void aBlockThatIsNeitherRunNorMarkedIsFoundAndSoIsACommandInADisplay() {
        List<DocBlock> blocks = DocBlock.of(Path.of("page.md"), """
                ```json
                {"name": "a spec"}
                ```

                <!-- not run: a part of a spec -->
                ```json
                "sink": {"format": "noop"}
                ```

                ```
                curl -s localhost:8080/api/queries
                ```
                """);

        assertThat(blocks).extracting(DocsExamplesTest::whyUnrunnable).containsExactly(
                "page.md:1: a json block neither run nor marked: mark it <!-- output -->, <!-- file: name --> or <!-- not run: why -->",
                null,
                "page.md:10: a command in a display: fence it as sh to run it");
    }

    private void runPage(Path page) throws IOException, InterruptedException {
        ApiClient api = new ApiClient(port);
        Set<String> queriesBefore = ids(api);
        Set<String> streamsBefore = streams(api);
        ShellSession shell = new ShellSession(WORKING_DIRECTORY, port, KafkaTestBroker::servers);
        ShellSession.Run last = null;
        try {
            for (DocBlock block : DocBlock.of(page, Docs.read(page))) {
                String unrunnable = whyUnrunnable(block);
                if (unrunnable != null) {
                    fail(unrunnable);
                }
                DocBlock.Marking marking = block.marking();
                if (marking instanceof DocBlock.NotRun notRun) {
                    assertThat(notRun.why()).as("%s: why it is not run", block.where()).isNotBlank();
                } else if (marking instanceof DocBlock.File file) {
                    shell.save(file.name(), block.text());
                } else if (marking instanceof DocBlock.Output output) {
                    checkOutput(block, output, last);
                } else if (marking instanceof DocBlock.Status status) {
                    last = run(shell, block, status.status());
                } else if (block.isShell()) {
                    last = run(shell, block, 0);
                }
            }
        } finally {
            forgetWhatThePageMade(api, queriesBefore, streamsBefore);
        }
    }

    /** Why {@code block} can be neither run nor passed over, or null. */
    private static String whyUnrunnable(DocBlock block) {
        if (!(block.marking() instanceof DocBlock.Unmarked) || block.isShell()) {
            return null;
        }
        if (block.language().isEmpty() || block.language().equals("text")) {
            return COMMAND.matcher(block.text()).find() ? block.where() + ": a command in a display: fence it as sh to run it" : null;
        }
        return block.where() + ": a " + block.language() + " block neither run nor marked: mark it <!-- output -->,"
                + " <!-- file: name --> or <!-- not run: why -->";
    }

    /** Runs the commands of {@code block}; each request must be answered {@code status}, or 2xx for 0. */
    private ShellSession.Run run(ShellSession shell, DocBlock block, int status) throws IOException, InterruptedException {
        ShellSession.Run run = shell.run(block.text(), BLOCK_TIMEOUT_SECONDS);
        requestsMade += run.requests().size();
        String said = block.where() + "\n" + block.text() + "\nprinted:\n" + run.out() + "\nand on stderr:\n" + run.err();
        assertThat(run.exit()).as("the exit status of %s", said).isZero();
        for (ShellSession.Request request : run.requests()) {
            if (status == 0) {
                assertThat(request.status()).as("a status of %s: %s", said, request.body()).isBetween(200, 299);
            } else {
                assertThat(request.status()).as("a status of %s: %s", said, request.body()).isEqualTo(status);
            }
        }
        return run;
    }

    private static void checkOutput(DocBlock block, DocBlock.Output output, ShellSession.Run last) {
        assertThat(last).as("%s: an output after no commands", block.where()).isNotNull();
        if (block.language().equals("json")) {
            assertThat(last.requests()).as("%s: an answer after commands that made no request", block.where()).isNotEmpty();
            String answer = last.requests().get(last.requests().size() - 1).body();
            assertThat(new ExpectedAnswer(block.text(), output.shapeOnly()).differences(answer))
                    .as("%s: the answer %s", block.where(), answer).isEmpty();
        } else {
            assertThat(last.out()).as("%s: what the commands printed", block.where()).contains(block.text().strip());
        }
    }

    private static Set<String> ids(ApiClient api) {
        Set<String> ids = new HashSet<>();
        api.get("/api/queries").json().forEach(query -> ids.add(query.path("id").asString()));
        return ids;
    }

    private static Set<String> streams(ApiClient api) {
        Set<String> names = new HashSet<>();
        api.get("/api/streams").json().forEach(stream -> names.add(stream.path("name").asString()));
        return names;
    }

    /** Deletes the queries (and their checkpoints) and the streams a page made, so that the next page starts as the service does. */
    private static void forgetWhatThePageMade(ApiClient api, Set<String> queriesBefore, Set<String> streamsBefore) {
        ids(api).stream().filter(id -> !queriesBefore.contains(id))
                .forEach(id -> assertThat(api.delete("/api/queries/" + id + "?purge=true").status()).isEqualTo(204));
        streams(api).stream().filter(name -> !streamsBefore.contains(name))
                .forEach(name -> assertThat(api.delete("/api/streams/" + name).status()).isBetween(200, 299));
    }
}
