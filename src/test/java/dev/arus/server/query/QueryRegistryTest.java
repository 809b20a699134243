package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.engine.api.ArusSession;
import dev.arus.engine.files.ProtocolProbe;
import dev.arus.engine.streaming.AnalysisException;
import dev.arus.engine.streaming.StreamingQueryListener;
import dev.arus.engine.streaming.StreamingQueryProgress;
import dev.arus.server.ApiClient;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@StartedService
class QueryRegistryTest {

    private static final int THREADS = 8;
    private static final int QUERIES = 200;

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    QueryRegistry registry;

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

    @Test
    void listsQueriesWhileAnotherStartsAndKeepsItsNameTakenMeanwhile() throws Exception {
        ApiClient api = new ApiClient(port);
        Gate gate = Gate.atStart("slow-start");
        session.streams().addListener(gate);
        try {
            CompletableFuture<ApiClient.Response> creating =
                    CompletableFuture.supplyAsync(() -> api.post("/api/queries", Specs.idle("slow-start")));
            gate.awaitHeld();

            ApiClient.Response list = answered(() -> api.get("/api/queries"));
            ApiClient.Response sameName = answered(() -> api.post("/api/queries", Specs.idle("slow-start")));

            assertThat(creating).as("the create waits for its start").isNotDone();
            assertThat(list.status()).isEqualTo(200);
            assertThat(list.json().findValuesAsString("name")).doesNotContain("slow-start");
            assertThat(sameName.status()).isEqualTo(409);
            assertThat(sameName.json().path("type").asString()).isEqualTo("https://arus.dev/problems/duplicate-name");
            gate.release();
            ApiClient.Response created = creating.get(30, TimeUnit.SECONDS);
            assertThat(created.status()).isEqualTo(201);
            assertThat(api.names()).contains("slow-start");
            api.delete(created.location());
        } finally {
            gate.release();
            session.streams().removeListener(gate);
        }
    }

    @Test
    void listsQueriesWhileAStopWaitsForTheBatchInFlight() throws Exception {
        ApiClient api = new ApiClient(port);
        Gate gate = Gate.atBatch("slow-stop");
        session.streams().addListener(gate);
        try {
            String id = api.create(Specs.chapterOverMicroBatches("slow-stop"));
            gate.awaitHeld();
            CompletableFuture<ApiClient.Response> stopping =
                    CompletableFuture.supplyAsync(() -> api.post("/api/queries/" + id + "/stop"));

            ApiClient.Response list = answered(() -> api.get("/api/queries"));

            assertThat(stopping).as("the stop waits for the batch in flight").isNotDone();
            assertThat(list.status()).isEqualTo(200);
            assertThat(list.json().findValuesAsString("name")).contains("slow-stop");
            gate.release();
            assertThat(stopping.get(30, TimeUnit.SECONDS).json().path("state").asString()).isEqualTo("STOPPED");
            api.delete("/api/queries/" + id);
        } finally {
            gate.release();
            session.streams().removeListener(gate);
        }
    }

    /** The run loads its checkpointed state on its own thread: neither the create nor a list waits for it. */
    @Test
    void createsAndListsWhileARestartedQueryLoadsItsState() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        CountDownLatch loading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        String spec = Specs.growingState("restoring", "checkpoints/restoring");
        try {
            String id = api.create(spec);
            events.awaitBatches(id, 1);
            assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);
            ProtocolProbe.install((step, batchId) -> {
                if (step == ProtocolProbe.Step.STATE_LOADING) {
                    loading.countDown();
                    awaitQuietly(release);
                }
            });

            ApiClient.Response created = answered(() -> api.post("/api/queries", spec));
            assertThat(loading.await(30, TimeUnit.SECONDS)).as("the run begins to load its state").isTrue();
            ApiClient.Response list = answered(() -> api.get("/api/queries"));

            assertThat(created.status()).isEqualTo(201);
            assertThat(created.json().path("id").asString()).as("the checkpoint's id").isEqualTo(id);
            assertThat(list.status()).isEqualTo(200);
            assertThat(list.json().findValues("status")).anySatisfy(status ->
                    assertThat(status.path("message").asString()).isEqualTo("Initializing sources"));
            release.countDown();
            events.awaitBatches(id, 2);
            assertThat(session.streams().get(UUID.fromString(id)).orElseThrow().lastProgress()
                    .stateOperators().get(0).numRowsTotal()).isEqualTo(40_000);
            api.delete("/api/queries/" + id + "?purge=true");
        } finally {
            ProtocolProbe.install(null);
            release.countDown();
            session.streams().removeListener(events);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void dropsTheMemorySinksTableOnceItsQueryIsDeleted() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        try {
            String id = api.create(Specs.toMemory("remembered"));
            events.awaitBatches(id, 1);
            assertThat(session.streams().memoryTable("remembered")).isNotEmpty();

            assertThat(api.delete("/api/queries/" + id).status()).isEqualTo(204);

            assertThatThrownBy(() -> session.streams().memoryTable("remembered"))
                    .isInstanceOfSatisfying(AnalysisException.class,
                            missing -> assertThat(missing.errorClass()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND"));
        } finally {
            session.streams().removeListener(events);
        }
    }

    @Test
    void tellsItsListenersOfEachRunInOrderAndOfTheDeletionLast() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        Recorder recorder = new Recorder("recorded");
        registry.addListener(recorder);
        session.streams().addListener(events);
        try {
            String id = api.create(Specs.chapterOverMicroBatches("recorded"));
            events.awaitBatches(id, 2);
            String firstRun = api.post("/api/queries/" + id + "/stop").json().path("runId").asString();
            int firstRunBatches = api.get("/api/queries/" + id + "/progress").json().size();
            String secondRun = api.post("/api/queries/" + id + "/start").json().path("runId").asString();
            events.awaitBatches(id, firstRunBatches + 1);
            api.delete("/api/queries/" + id);

            List<String> heard = recorder.events();
            assertThat(heard.get(0)).isEqualTo("runStarted " + firstRun + " ACTIVE");
            assertThat(heard.subList(1, 3)).containsExactly("batch 0", "progress " + firstRun + " 0");
            assertThat(heard).containsSubsequence("runStarted " + firstRun + " ACTIVE", "batch 1",
                    "progress " + firstRun + " 1", "runEnded " + firstRun + " STOPPED",
                    "runStarted " + secondRun + " ACTIVE", "runEnded " + secondRun + " STOPPED");
            assertThat(heard.get(heard.indexOf("runStarted " + secondRun + " ACTIVE") + 1)).startsWith("batch ");
            assertThat(heard).last().isEqualTo("deleted " + id + " recorded");
        } finally {
            session.streams().removeListener(events);
        }
    }

    /**
     * A batch's progress report is written to JSON once, when the query's listeners hear it: the
     * list and the query's own view then hold that same text, and it reads as the report.
     */
    @Test
    void writesEachProgressReportOnceForItsListenersAndTheList() throws Exception {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        List<Prewritten<ProgressView>> heard = new CopyOnWriteArrayList<>();
        registry.addListener(new QueryListener() {
            @Override
            public void progress(QueryView query, StreamingQueryProgress progress) {
                if (query.name().equals("written-once")) {
                    heard.add(query.lastProgress());
                }
            }
        });
        session.streams().addListener(events);
        try {
            String id = api.create(Specs.chapterOverMicroBatches("written-once"));
            events.awaitBatches(id, 2);
            api.post("/api/queries/" + id + "/stop");
            UUID queryId = UUID.fromString(id);

            Prewritten<ProgressView> listed = registry.views().stream().filter(view -> view.id().equals(queryId))
                    .findFirst().orElseThrow().lastProgress();
            assertThat(listed).as("the list holds the text the listeners' view had").isSameAs(heard.get(heard.size() - 1));
            assertThat(registry.view(queryId).lastProgress()).isSameAs(listed);
            JsonNode shown = api.get("/api/queries/" + id).json().path("lastProgress");
            assertThat(shown.path("batchId").asLong()).isEqualTo(listed.value().batchId());
            assertThat(shown.path("runId").asString()).isEqualTo(listed.value().runId().toString());
            api.delete("/api/queries/" + id);
        } finally {
            session.streams().removeListener(events);
        }
    }

    /** {@code request}'s response; fails when it takes longer than 10 s, as it would behind the registry's lock. */
    private static ApiClient.Response answered(Supplier<ApiClient.Response> request) throws Exception {
        return CompletableFuture.supplyAsync(request).get(10, TimeUnit.SECONDS);
    }

    /**
     * Holds the thread of the query named {@code name} in its run's started event (inside the
     * start) or in its first progress event (a batch in flight, as a stop sees it), until released.
     */
    private static final class Gate implements StreamingQueryListener {

        private final String name;
        private final boolean atStart;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private Gate(String name, boolean atStart) {
            this.name = name;
            this.atStart = atStart;
        }

        static Gate atStart(String name) {
            return new Gate(name, true);
        }

        static Gate atBatch(String name) {
            return new Gate(name, false);
        }

        @Override
        public void onQueryStarted(QueryStartedEvent event) {
            if (atStart && name.equals(event.name())) {
                hold();
            }
        }

        @Override
        public void onQueryProgress(QueryProgressEvent event) {
            if (!atStart && name.equals(event.progress().name())) {
                hold();
            }
        }

        void awaitHeld() throws InterruptedException {
            assertThat(held.await(30, TimeUnit.SECONDS)).as("%s held", name).isTrue();
        }

        void release() {
            released.countDown();
        }

        private void hold() {
            held.countDown();
            try {
                released.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes down the registry's events of the queries named {@code name}, one line each. */
    private static final class Recorder implements QueryListener {

        private final String name;
        private final Set<UUID> ids = ConcurrentHashMap.newKeySet();
        private final List<String> events = new ArrayList<>();

        Recorder(String name) {
            this.name = name;
        }

        synchronized List<String> events() {
            return List.copyOf(events);
        }

        @Override
        public void runStarted(QueryView query, Instant at) {
            if (query.name().equals(name)) {
                ids.add(query.id());
                record(query.id(), "runStarted " + query.runId() + " " + query.state());
            }
        }

        @Override
        public void batch(UUID id, RecentBatch output) {
            record(id, "batch " + output.batchId());
        }

        @Override
        public void progress(QueryView query, StreamingQueryProgress progress) {
            record(query.id(), "progress " + progress.runId() + " " + progress.batchId());
        }

        @Override
        public void runEnded(QueryView query) {
            record(query.id(), "runEnded " + query.runId() + " " + query.state());
        }

        @Override
        public void deleted(UUID id, String deleted) {
            record(id, "deleted " + id + " " + deleted);
        }

        private synchronized void record(UUID id, String event) {
            if (ids.contains(id)) {
                events.add(event);
            }
        }
    }
}
