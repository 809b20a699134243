package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.arus.server.docs.Docs;
import org.junit.jupiter.api.Test;

/**
 * Every way the docs (the README and {@code docs/}) give to run the service makes the JVM exit on an OutOfMemoryError, so
 * that a supervisor restarts it instead of a process that answers nothing any more (issue 11):
 * the project's JVM settings ({@code src/main/jvm/jvm.options}, issue 19) carry the flag, and the
 * Docker image and the docs' commands read them.
 */
class LaunchSettingsTest {

    private static final String EXIT_ON_OOM = "-XX:+ExitOnOutOfMemoryError";
    private static final Path JVM_OPTIONS = Path.of("src/main/jvm/jvm.options");

    @Test
    void springBootRunPassesTheFlagToTheJvm() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher plugin = Pattern.compile("<artifactId>spring-boot-maven-plugin</artifactId>(.*?)</plugin>",
                Pattern.DOTALL).matcher(pom);

        assertThat(plugin.find()).isTrue();
        assertThat(plugin.group(1)).contains("<jvmArguments>" + EXIT_ON_OOM + "</jvmArguments>");
    }

    @Test
    void theProjectsJvmSettingsSetTheFlag() throws IOException {
        assertThat(Files.readAllLines(JVM_OPTIONS)).contains(EXIT_ON_OOM);
    }

    @Test
    void theDockerImageGivesEveryJavaCommandTheProjectsJvmSettings() throws IOException {
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        String runStage = dockerfile.substring(dockerfile.lastIndexOf("\nFROM "));

        assertThat(runStage).contains("ENV JDK_JAVA_OPTIONS=\"@/app/jvm.options\"");
    }

    @Test
    void everyJavaCommandOfTheDocsSetsTheFlag() throws IOException {
        String readme = Docs.allText();
        Matcher java = Pattern.compile("\\bjava( [-@][^ ]+)* -jar\\b").matcher(readme);

        int commands = 0;
        while (java.find()) {
            commands++;
            assertThat(java.group()).containsAnyOf(EXIT_ON_OOM, "@target/app/jvm.options", "@/app/jvm.options");
        }
        assertThat(commands).isPositive();
    }
}
