package dev.arus.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.server.ApiClient;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import tools.jackson.databind.JsonNode;

/**
 * Every post of events in an ingest crash test goes through the ledger, which records what became
 * of it. Event {@code n} has id {@code n}, and its amount and event time follow from {@code n}
 * alone, so a stored event can be checked against what was sent; event times grow with the id.
 * A request posts a run of ids never posted before nor again, and is <em>acknowledged</em>
 * (answered 200 with the offsets written: its events must be stored, exactly once, there),
 * <em>unknown</em> (its connection died, as the service was killed: each of its events may be
 * stored, at most once) or <em>refused</em> (any other answer: none of them may be). Thread-safe.
 */
final class IngestLedger {

    static final Instant FIRST_EVENT_TIME = Instant.parse("2026-10-16T00:00:00Z");
    static final Duration EVENT_TIME_STEP = Duration.ofMillis(20);
    /** The columns of the events, as the stream declares them. */
    static final String SCHEMA = "event_id BIGINT NOT NULL, amount BIGINT NOT NULL, event_time TIMESTAMP NOT NULL";

    private static final String NDJSON = "application/x-ndjson";
    private static final int PROBLEMS_SHOWN = 20;

    /** Events {@code firstId} to {@code firstId + count - 1}, posted in one request. */
    record Request(long firstId, int count) {

        LongStream ids() {
            return LongStream.range(firstId, firstId + count);
        }

        boolean holds(long id) {
            return id >= firstId && id < firstId + count;
        }
    }

    /** What the service answered that it wrote: events {@code firstOffset} on, {@code count} of them, in {@code partition}. */
    record Written(int partition, long firstOffset, int count) {
    }

    enum Outcome { ACKNOWLEDGED, UNKNOWN, REFUSED }

    private final String stream;
    private final AtomicLong nextId = new AtomicLong();
    private final NavigableMap<Long, Request> posted = new ConcurrentSkipListMap<>();
    private final Map<Request, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Map<Request, List<Written>> written = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

    IngestLedger(String stream) {
        this.stream = stream;
    }

    static long amountOf(long id) {
        return id % 1000 + 1;
    }

    static Instant eventTimeOf(long id) {
        return FIRST_EVENT_TIME.plus(EVENT_TIME_STEP.multipliedBy(id));
    }

    /** The next {@code count} ids, never handed out again. */
    Request next(int count) {
        return new Request(nextId.getAndAdd(count), count);
    }

    /** One event of id {@code id}, beyond every id handed out so far (and from then on, as they are handed out in turn). */
    Request beyondAll(long id) {
        assertThat(id).as("an id beyond those handed out").isGreaterThan(nextId.get());
        return new Request(id, 1);
    }

    /**
     * Posts {@code request}'s events to the stream through {@code api}, as NDJSON or a JSON array
     * by turns, and records the outcome.
     */
    Outcome post(ApiClient api, Request request) {
        posted.put(request.firstId(), request);
        boolean ndjson = request.firstId() % 2 == 0;
        List<String> events = request.ids().mapToObj(IngestLedger::json).toList();
        String body = ndjson ? String.join("\n", events) : "[" + String.join(",", events) + "]";
        ApiClient.Response answer;
        try {
            answer = api.post("/api/streams/" + stream + "/events", body, ndjson ? NDJSON : "application/json");
        } catch (IllegalStateException failed) {
            if (!(failed.getCause() instanceof IOException)) {
                throw failed;
            }
            return record(request, Outcome.UNKNOWN);
        }
        if (answer.status() != 200 || answer.json().path("events").asLong() != request.count()) {
            problems.add(request + " was answered " + answer.status() + " " + answer.body());
            return record(request, Outcome.REFUSED);
        }
        List<Written> offsets = new ArrayList<>();
        answer.json().path("partitions").forEach(range -> offsets.add(new Written(range.path("partition").asInt(),
                range.path("firstOffset").asLong(), range.path("count").asInt())));
        written.put(request, offsets);
        return record(request, Outcome.ACKNOWLEDGED);
    }

    private Outcome record(Request request, Outcome outcome) {
        outcomes.put(request, outcome);
        return outcome;
    }

    private static String json(long id) {
        return "{\"event_id\": " + id + ", \"amount\": " + amountOf(id) + ", \"event_time\": \"" + eventTimeOf(id)
                + "\"}";
    }

    long count(Outcome outcome) {
        return outcomes.entrySet().stream().filter(entry -> entry.getValue() == outcome)
                .mapToLong(entry -> entry.getKey().count()).sum();
    }

    long requests(Outcome outcome) {
        return outcomes.values().stream().filter(outcome::equals).count();
    }

    /**
     * Checks the events a stream holds against the ledger, once every post has ended: each
     * acknowledged event stored exactly once, at the offset its answer named; each unknown one
     * at most once; no other event; each as it was sent.
     */
    void verify(List<StoredEvent> stored) {
        List<String> wrong = new ArrayList<>(problems);
        Map<Long, List<StoredEvent>> byId = stored.stream().collect(Collectors.groupingBy(StoredEvent::id));
        Map<Integer, Map<Long, Long>> idAt = new HashMap<>();
        for (StoredEvent event : stored) {
            idAt.computeIfAbsent(event.partition(), p -> new HashMap<>()).put(event.offset(), event.id());
            Map.Entry<Long, Request> posting = posted.floorEntry(event.id());
            Outcome outcome = posting == null || !posting.getValue().holds(event.id()) ? null
                    : outcomes.get(posting.getValue());
            if (outcome != Outcome.ACKNOWLEDGED && outcome != Outcome.UNKNOWN) {
                wrong.add("event " + event.id() + " is stored at " + event.position() + " but was "
                        + (outcome == null ? "never posted" : outcome));
            }
            if (event.amount() != amountOf(event.id()) || !event.eventTime().equals(eventTimeOf(event.id()))) {
                wrong.add("event " + event.id() + " is stored as " + event + ", not as it was sent");
            }
        }
        byId.forEach((id, copies) -> {
            if (copies.size() > 1) {
                wrong.add("event " + id + " is stored " + copies.size() + " times, at "
                        + copies.stream().map(StoredEvent::position).toList());
            }
        });
        outcomes.forEach((request, outcome) -> {
            if (outcome == Outcome.ACKNOWLEDGED) {
                request.ids().filter(id -> !byId.containsKey(id)).forEach(id ->
                        wrong.add("event " + id + " was acknowledged but is not stored"));
                checkOffsets(request, idAt, wrong);
            }
        });
        assertThat(wrong.stream().limit(PROBLEMS_SHOWN).toList())
                .as("what the stream holds, of %d ids handed out (%d problems in all)", nextId.get(), wrong.size())
                .isEmpty();
    }

    /** How many unknown requests the stream holds whole, in part (one partition of two, say) and not at all. */
    record UnknownFates(long whole, long inPart, long none) {
    }

    UnknownFates unknownFates(List<StoredEvent> stored) {
        Set<Long> ids = stored.stream().map(StoredEvent::id).collect(Collectors.toSet());
        long[] fates = new long[3];
        outcomes.forEach((request, outcome) -> {
            if (outcome == Outcome.UNKNOWN) {
                long present = request.ids().filter(ids::contains).count();
                fates[present == request.count() ? 0 : present > 0 ? 1 : 2]++;
            }
        });
        return new UnknownFates(fates[0], fates[1], fates[2]);
    }

    /** Whether the offsets an acknowledged request's answer named hold exactly its events. */
    private void checkOffsets(Request request, Map<Integer, Map<Long, Long>> idAt, List<String> wrong) {
        long named = 0;
        for (Written range : written.get(request)) {
            for (long offset = range.firstOffset(); offset < range.firstOffset() + range.count(); offset++) {
                Long id = idAt.getOrDefault(range.partition(), Map.of()).get(offset);
                if (id == null || !request.holds(id)) {
                    wrong.add(request + " was answered with " + range + ", but " + range.partition() + "/" + offset
                            + " holds " + (id == null ? "nothing" : "event " + id));
                }
            }
            named += range.count();
        }
        if (named != request.count()) {
            wrong.add(request + " was answered with offsets for " + named + " events: " + written.get(request));
        }
    }
}
