package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class ShownPathsTest {

    @TempDir
    Path temp;

    private static ShownPaths shownPaths(Path dataDir) {
        return new ShownPaths(new Binder(new MapConfigurationPropertySource(Map.of("arus.data-dir", dataDir.toString())))
                .bindOrCreate("arus", Bindable.of(ArusProperties.class)));
    }

    @Test
    void showsTheDataDirectorysPathsRelativeToItInEachFormTheEngineWritesThem() throws IOException {
        Path data = Files.createDirectories(temp.resolve("data")).toRealPath();
        ShownPaths shown = shownPaths(data);

        assertThat(shown.of("[FAILED_READ_FILE.NO_HINT] Encountered error while reading file " + data.toUri()
                + "in/a%20b.json. SQLSTATE: KD001"))
                .isEqualTo("[FAILED_READ_FILE.NO_HINT] Encountered error while reading file in/a%20b.json. SQLSTATE: KD001");
        assertThat(shown.of("Path does not exist: file:" + data + "/tables/prices.csv."))
                .isEqualTo("Path does not exist: tables/prices.csv.");
        assertThat(shown.of("Cannot save the definition in " + data + "/queries: No space left on device ("
                + data + "/queries/.x.json.tmp)"))
                .isEqualTo("Cannot save the definition in queries: No space left on device (queries/.x.json.tmp)");
        assertThat(shown.of("FileStreamSource[" + data.toUri() + "]")).isEqualTo("FileStreamSource[.]");
        assertThat(shown.of("Cannot list '" + data + "'; nor " + data + ".")).isEqualTo("Cannot list '.'; nor ..");
        assertThat(shown.of(data)).isEqualTo(".");
        assertThat(shown.of(data.resolve("streams"))).isEqualTo("streams");
    }

    @Test
    void leavesPathsThatOnlyLookAlikeAsTheyAre() {
        Path data = temp.resolve("data");
        ShownPaths shown = shownPaths(data);
        String alike = data + "2/in and /elsewhere" + data + "/in and " + data + ".old and " + temp + "/outside";

        assertThat(shown.of(alike)).isEqualTo(alike);
        assertThat(shown.of((String) null)).isNull();
    }

    @Test
    void showsTheRealPathOfALinkedDataDirectoryRelativeToo() throws IOException {
        Path real = Files.createDirectories(temp.resolve("disk/data"));
        Path link = Files.createSymbolicLink(temp.resolve("data"), real);
        ShownPaths shown = shownPaths(link);

        assertThat(shown.of("reading " + real.toRealPath().toUri() + "in/x.csv and " + link + "/out"))
                .isEqualTo("reading in/x.csv and out");
    }

    @Test
    void aDataDirectoryLinkedOnlyAfterTheFirstTextIsShownByItsRealPathToo() throws IOException {
        Path link = temp.resolve("later");
        ShownPaths shown = shownPaths(link);
        assertThat(shown.of("nothing yet under " + link + "/in")).isEqualTo("nothing yet under in");

        Path real = Files.createDirectories(temp.resolve("disk/later"));
        Files.createSymbolicLink(link, real);

        assertThat(shown.of("reading " + real.toRealPath().toUri() + "in/x.csv")).isEqualTo("reading in/x.csv");
        assertThat(shown.of("Waiting for data to arrive")).isEqualTo("Waiting for data to arrive");
    }
}
