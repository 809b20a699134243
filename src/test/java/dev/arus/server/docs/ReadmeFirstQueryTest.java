package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.arus.server.ApiClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The README's first query, run as written: its shell blocks, taken from the README itself, run
 * by bash with the machine's curl against a started service with the demo on (as
 * {@code ./mvnw spring-boot:run} starts it, so a name that clashes with the demo's is refused
 * here too). The query is created, writes a window, and the commands after it stop, start and
 * delete it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=true", "arus.data-dir=${java.io.tmpdir}/arus-readme-${random.uuid}"})
class ReadmeFirstQueryTest {

    private static final Pattern SHELL_BLOCK = Pattern.compile("```sh\\n(.*?)\\n```", Pattern.DOTALL);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @TempDir
    Path workingDirectory;

    @Test
    void theReadmesFirstQueryIsCreatedBesideTheDemoWritesAWindowAndIsStoppedStartedAndDeleted() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")) || Files.isExecutable(Path.of("/bin/curl")),
                "the README's commands need curl");
        List<String> blocks = shellBlocks(Docs.read(Docs.README));
        String create = blocks.stream().filter(b -> b.contains("-X POST localhost:8080/api/queries ")).findFirst()
                .orElseThrow();
        String watch = blocks.stream().filter(b -> b.contains("$ID/batches")).findFirst().orElseThrow();

        String created = run(create);

        JsonNode query = JSON.readTree(Files.readString(workingDirectory.resolve("created.json")));
        assertThat(query.path("state").asString()).as(created).isEqualTo("ACTIVE");
        assertThat(query.path("spec").path("sql").asString()).startsWith("SELECT window(event_time, '8 seconds')");
        String id = query.path("id").asString();
        ApiClient api = new ApiClient(port);
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            List<Long> rows = new ArrayList<>();
            api.get("/api/queries/" + id + "/batches").json().forEach(batch -> rows.add(batch.path("numRows").asLong()));
            return rows.stream().anyMatch(n -> n > 0);
        });

        String watched = run("ID=" + id + "\n" + watch);

        assertThat(watched.strip()).endsWith("204");
        assertThat(api.get("/api/queries/" + id).status()).isEqualTo(404);
    }

    /** The text of each fenced {@code sh} block, in order. */
    private static List<String> shellBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher block = SHELL_BLOCK.matcher(markdown);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        return blocks;
    }

    /** Runs {@code script} with bash against this service (its port for the README's 8080); fails unless it exits 0. */
    private String run(String script) throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c",
                script.replace("localhost:8080", "localhost:" + port))
                .directory(workingDirectory.toFile()).redirectErrorStream(true).start();
        String output = new String(bash.getInputStream().readAllBytes());
        assertThat(bash.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bash.exitValue()).as(output).isZero();
        return output;
    }
}
