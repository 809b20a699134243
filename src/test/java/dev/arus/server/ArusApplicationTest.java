package dev.arus.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.api.StreamingQuery;
import dev.arus.server.demo.ChapterQuery;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The service starts on a random port with the chapter's query running, as `spring-boot:run` does. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ArusApplicationTest {

    @Autowired
    ArusSession session;

    @Test
    void startsTheChaptersQueryAtStartup() {
        List<StreamingQuery> active = session.streams().active();

        assertThat(active).extracting(StreamingQuery::name).containsExactly(ChapterQuery.NAME);
        assertThat(active.get(0).isActive()).isTrue();
    }
}
