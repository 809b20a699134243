package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every way the README gives to run the service makes the JVM exit on an OutOfMemoryError, so
 * that a supervisor restarts it instead of a process that answers nothing any more (issue 11).
 */
class LaunchSettingsTest {

    private static final String EXIT_ON_OOM = "-XX:+ExitOnOutOfMemoryError";

    @Test
    void springBootRunPassesTheFlagToTheJvm() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher plugin = Pattern.compile("<artifactId>spring-boot-maven-plugin</artifactId>(.*?)</plugin>",
                Pattern.DOTALL).matcher(pom);

        assertThat(plugin.find()).isTrue();
        assertThat(plugin.group(1)).contains("<jvmArguments>" + EXIT_ON_OOM + "</jvmArguments>");
    }

    @Test
    void theDockerImageSetsTheFlagForEveryJvmItStarts() throws IOException {
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        String runStage = dockerfile.substring(dockerfile.lastIndexOf("\nFROM "));

        assertThat(runStage).containsPattern("ENV JAVA_TOOL_OPTIONS=\"[^\"]*" + Pattern.quote(EXIT_ON_OOM));
    }

    @Test
    void everyJavaCommandOfTheReadmeSetsTheFlag() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        Matcher java = Pattern.compile("\\bjava( -[^ ]+)* -jar\\b").matcher(readme);

        int commands = 0;
        while (java.find()) {
            commands++;
            assertThat(java.group()).contains(EXIT_ON_OOM);
        }
        assertThat(commands).isPositive();
    }
}
