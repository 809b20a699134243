package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

@StartedService
class QueryRegistryTest {

    private static final int THREADS = 8;
    private static final int QUERIES = 200;

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Test
    void losesAndDuplicatesNoQueryUnderConcurrentCreateStopAndDelete() throws Exception {
        ApiClient api = new ApiClient(port);
        TriggerThreads.fillPool(api);
        List<String> namesBefore = api.names();
        long threadsBefore = TriggerThreads.count();
        Set<String> created = ConcurrentHashMap.newKeySet();
        Set<String> deleted = ConcurrentHashMap.newKeySet();

        ExecutorService clients = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> work = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int client = t;
            work.add(clients.submit(() -> {
                for (int i = 0; i < QUERIES / THREADS; i++) {
                    String id = api.create(Specs.idle("concurrent-" + client + "-" + i));
                    assertThat(created.add(id)).as("id %s given twice", id).isTrue();
                    assertThat(api.post("/api/queries/" + id + "/stop").json().path("state").asString())
                            .isEqualTo("STOPPED");
                    assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);
                    deleted.add(id);
                }
                return null;
            }));
        }
        for (Future<?> done : work) {
            done.get(2, TimeUnit.MINUTES);
        }
        clients.shutdown();

        assertThat(created).hasSize(QUERIES);
        assertThat(deleted).isEqualTo(created);
        assertThat(api.names()).isEqualTo(namesBefore);
        assertThat(session.streams().active()).isEmpty();
        assertThat(TriggerThreads.count()).isEqualTo(threadsBefore);
    }
}
