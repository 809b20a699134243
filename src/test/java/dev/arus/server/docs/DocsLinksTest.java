package dev.arus.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation's links in the build: every relative link and anchor of the README and of
 * {@code docs/} resolves, so that a page moved or a heading renamed fails the build (issue 32);
 * and the check itself finds a missing file and a missing heading.
 */
class DocsLinksTest {

    @Test
    void everyRelativeLinkAndAnchorOfTheReadmeAndTheDocsResolves() {
        LinkCheck check = new LinkCheck(Docs::read);
        List<String> broken = new ArrayList<>();
        Docs.files().forEach(file -> broken.addAll(check.brokenLinks(file)));

        assertThat(broken).isEmpty();
        assertThat(check.checked()).as("relative links followed").isGreaterThan(50);
    }

    @Test
    void theReadmeIsAFrontPageThatLinksEveryPageOfTheDocs() {
        String readme = Docs.read(Docs.README);

        assertThat(readme.lines().count()).isLessThanOrEqualTo(400);
        Docs.files().stream().filter(file -> !file.equals(Docs.README))
                .forEach(page -> assertThat(readme).contains("](docs/" + page.getFileName() + ")"));
    }

    @Test
    void findsALinkToAMissingPageAndToAMissingHeadingButNotOneInCode(@TempDir Path dir) throws IOException {
        Path page = Files.writeString(dir.resolve("page.md"), """
                        # A page

                        See [the other page](other.md#its-heading-get-x-1), [this one](#a-page),
                        [gone](gone.md), [a wrong heading](other.md#nothing) and [out](https://example.com).
                        `[in code](nowhere.md)`

                        ```
                        [in a block](nowhere.md)
                        ```
                        """);
        Files.writeString(dir.resolve("other.md"), "# Its heading: `GET /x`\n\n## Its heading: `GET /x`\n");
        LinkCheck check = new LinkCheck(Docs::read);

        List<String> broken = check.brokenLinks(page);

        assertThat(broken).containsExactly(page + ":4: gone.md (no such file)", page + ":4: other.md#nothing (no heading with the id 'nothing')");
        assertThat(LinkCheck.slug("Its heading: `GET /x`")).isEqualTo("its-heading-get-x");
    }
}
