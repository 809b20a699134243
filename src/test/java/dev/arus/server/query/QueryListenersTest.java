package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QueryListenersTest {

    @Test
    void tellsEveryListenerInTheOrderAddedEvenAfterOneThrows() {
        QueryListeners listeners = new QueryListeners();
        List<String> heard = new ArrayList<>();
        listeners.add(new QueryListener() {
            @Override
            public void deleted(UUID id, String name) {
                heard.add("first");
                throw new IllegalStateException("a faulty feature");
            }
        });
        listeners.add(new QueryListener() {
            @Override
            public void deleted(UUID id, String name) {
                heard.add("second " + name);
            }
        });

        listeners.deleted(UUID.randomUUID(), "gone");

        assertThat(heard).containsExactly("first", "second gone");
    }
}
