package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.docs.Docs;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile read against the application it packages, since no Docker engine runs here to
 * build it: the port, health check, user, data directory and entry point agree with the
 * application's properties, the jar goes in as Spring Boot's layers with a class data sharing
 * archive, every base image is pinned by digest, and the docs' {@code docker run} lines give
 * what the image needs to start.
 */
class DockerfileTest {

    private static final Pattern DIGEST = Pattern.compile("@sha256:[0-9a-f]{64}");
    private static final int UID = 10001;

    private final List<Instruction> instructions = instructions(read("Dockerfile"));
    private final List<Instruction> runStage = instructions.subList(lastIndexOf("FROM"), instructions.size());
    private final Properties application = properties(read("src/main/resources/application.properties"));

    /** One instruction of the Dockerfile, its continuation lines joined. */
    record Instruction(String keyword, String arguments) {
    }

    @Test
    void exposesAndChecksThePortTheApplicationListensOn() {
        String port = application.getProperty("server.port", "8080");
        String health = application.getProperty("management.endpoints.web.base-path", "/actuator") + "/health";

        assertThat(application.getProperty("management.server.port")).as("the Actuator on the server's port").isNull();
        assertThat(arguments("EXPOSE")).containsExactly(port);
        assertThat(arguments("HEALTHCHECK")).singleElement().asString()
                .contains("CMD curl -fsS", "http://localhost:" + port + health);
        assertThat(arguments("ENV")).contains("SERVER_ADDRESS=0.0.0.0");
    }

    @Test
    void runsAsAFixedNumericUserWhoOwnsTheDataVolume() {
        assertThat(arguments("USER")).containsExactly(UID + ":" + UID);
        assertThat(arguments("RUN")).anySatisfy(run -> assertThat(run)
                .contains("groupadd --gid " + UID, "useradd --uid " + UID + " --gid " + UID, "chown " + UID + ":" + UID + " /data"));
        assertThat(arguments("VOLUME")).containsExactly("[\"/data\"]");
        assertThat(arguments("ENV")).contains("ARUS_DATA_DIR=/data");
        assertThat(application).containsKey("arus.data-dir");
    }

    @Test
    void startsJavaAsProcessOneOnTheLayersWithTheClassDataSharingArchive() {
        List<String> layers = runStage.stream().filter(i -> i.keyword().equals("COPY"))
                .map(Instruction::arguments).filter(copy -> copy.contains("/extracted/")).toList();

        assertThat(layers).containsExactly(
                "--from=layers /layers/extracted/dependencies/ ./",
                "--from=layers /layers/extracted/spring-boot-loader/ ./",
                "--from=layers /layers/extracted/snapshot-dependencies/ ./",
                "--from=layers /layers/extracted/application/ ./");
        assertThat(instructions).anySatisfy(i -> assertThat(i.arguments())
                .contains("java -Djarmode=tools -jar arus.jar extract --layers --destination extracted"));
        assertThat(arguments("WORKDIR")).containsExactly("/app");
        assertThat(arguments("COPY")).contains("--from=build /jvm/ /app/");
        assertThat(arguments("RUN")).contains(
                "sh /app/train-archive.sh /app/jvm.options /app/arus.jar /app/arus.jsa /tmp/arus-training");
        assertThat(arguments("ENTRYPOINT")).containsExactly(
                "[\"java\", \"-XX:SharedArchiveFile=/app/arus.jsa\", \"-jar\", \"/app/arus.jar\"]");
    }

    @Test
    void pinsEveryBaseImageByDigestAndCachesDownloads() {
        List<String> images = instructions.stream().filter(i -> i.keyword().equals("ARG") && i.arguments().contains("_IMAGE="))
                .map(Instruction::arguments).toList();
        List<String> from = instructions.stream().filter(i -> i.keyword().equals("FROM")).map(Instruction::arguments).toList();

        assertThat(images).hasSize(3).allSatisfy(image -> assertThat(image).containsPattern(DIGEST));
        List<String> stages = new ArrayList<>();
        for (String stage : from) {
            String base = stage.split(" AS ")[0];
            assertThat(base).as("a pinned image or an earlier stage")
                    .satisfiesAnyOf(image -> assertThat(image).matches("\\$\\{[A-Z_]+_IMAGE}"),
                            earlier -> assertThat(stages).contains(earlier.replace("${EDITION}", "arus")),
                            earlier -> assertThat(stages).contains(earlier.replace("${EDITION}", "spark")));
            if (stage.contains(" AS ")) {
                stages.add(stage.split(" AS ")[1]);
            }
        }
        assertThat(instructions).anySatisfy(build -> assertThat(build.arguments())
                .contains("--mount=type=cache,target=/root/.m2", "--mount=type=cache,target=/root/.npm", "./mvnw"));
    }

    @Test
    void theSparkEditionRunsTheSparkProfilesJarThroughTheSameLayers() {
        assertThat(instructions).filteredOn(i -> i.keyword().equals("ARG")).extracting(Instruction::arguments)
                .contains("EDITION=arus");
        assertThat(instructions).filteredOn(i -> i.keyword().equals("FROM")).extracting(Instruction::arguments)
                .contains("sources AS build-arus", "sources AS build-spark", "build-${EDITION} AS build");
        assertThat(instructions).anySatisfy(build -> assertThat(build.arguments())
                .contains("./mvnw -B -DskipTests -Pspark package", "cp target-spark/arus-*-spark.jar /arus.jar"));
        assertThat(read("pom.xml")).as("the spark profile's jar is the -spark one, built in target-spark")
                .contains("<build.folder>target-spark</build.folder>", "<classifier>spark</classifier>");
    }

    @Test
    void theDocsDockerRunLinesGiveTheTokenThatListeningOnAllInterfacesNeeds() {
        Matcher run = Pattern.compile("docker run [^\\n]*(?:\\\\\\n[^\\n]*)*").matcher(Docs.allText());
        List<String> runs = new ArrayList<>();
        while (run.find()) {
            if (run.group().endsWith(" arus")) {
                runs.add(run.group());
            }
        }

        assertThat(runs).isNotEmpty().allSatisfy(line -> assertThat(line)
                .contains("-p 8080:8080", ":/data", "-e ARUS_SECURITY_API_TOKEN="));
    }

    private List<String> arguments(String keyword) {
        return runStage.stream().filter(i -> i.keyword().equals(keyword)).map(Instruction::arguments).toList();
    }

    private int lastIndexOf(String keyword) {
        for (int i = instructions.size() - 1; i >= 0; i--) {
            if (instructions.get(i).keyword().equals(keyword)) {
                return i;
            }
        }
        throw new AssertionError("no " + keyword + " in the Dockerfile");
    }

    private static List<Instruction> instructions(String dockerfile) {
        List<Instruction> instructions = new ArrayList<>();
        String joined = dockerfile.replaceAll("(?m)^\\s*#.*\\n", "").replaceAll("\\\\\\n\\s*", "");
        for (String line : joined.split("\\n")) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty()) {
                String[] parts = trimmed.split("\\s+", 2);
                instructions.add(new Instruction(parts[0], parts.length > 1 ? parts[1] : ""));
            }
        }
        return instructions;
    }

    private static Properties properties(String text) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return properties;
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
