package dev.arus.server.ops;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.AdjustableClock;
import dev.arus.server.ApiClient;
import dev.arus.server.ArusProperties;
import dev.arus.server.QueryEvents;
import dev.arus.server.query.restart.ManualRestartTimer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What every operations test needs around the shared {@link OpsService}: an HTTP client, the
 * engine's events to wait on, and the deletion of each query the test created.
 */
@OpsService
abstract class OpsServiceTest {

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    AdjustableClock clock;

    @Autowired
    ManualRestartTimer restartTimer;

    @Autowired
    ArusProperties properties;

    final QueryEvents events = new QueryEvents();
    ApiClient api;
    private final List<String> created = new ArrayList<>();

    @BeforeEach
    void listen() {
        api = new ApiClient(port);
        session.streams().addListener(events);
    }

    @AfterEach
    void cleanUp() {
        session.streams().removeListener(events);
        created.forEach(id -> api.delete("/api/queries/" + id));
    }

    /** Creates a query through the API; it is deleted after the test. */
    String create(String spec) {
        String id = api.create(spec);
        created.add(id);
        return id;
    }

    /** Creates checkpointed query {@code name} whose commits fail until mended: it is RESTARTING on return. */
    RestartingQuery restarting(String name) {
        return RestartingQuery.start(name, this::create, api, clock, restartTimer, properties.dataDir());
    }
}
