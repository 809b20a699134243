package dev.arus.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExampleTableTest {

    @TempDir
    Path dataDir;

    @Test
    void writesTheShopsTableWhereTheJoinTemplateReadsIt() throws IOException {
        Path file = dataDir.resolve(ExampleTable.PATH);
        ExampleTable.writeUnlessPresent(file);
        assertThat(Files.readAllLines(file)).containsExactly("shop,city", "0,Lisbon", "1,Oslo", "2,Tallinn");
    }

    @Test
    void neverOverwritesATableThatIsThere() throws IOException {
        Path file = dataDir.resolve(ExampleTable.PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "shop,city\n0,Porto\n");
        ExampleTable.writeUnlessPresent(file);
        assertThat(Files.readString(file)).isEqualTo("shop,city\n0,Porto\n");
    }
}
