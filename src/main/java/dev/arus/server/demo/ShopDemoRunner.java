package dev.arus.server.demo;

import dev.arus.engine.time.Clock;
import dev.arus.server.ArusProperties;
import dev.arus.server.query.QueryRegistry;
import dev.arus.server.query.QuerySpec;
import dev.arus.server.security.ApiSecurityProperties;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the shop's demo when the service is ready: creates the stream {@code orders} and the
 * revenue query (unless they exist), then posts the simulated checkout's orders every second
 * over the service's own HTTP endpoint, with the API token when one is set, as a shop's checkout
 * would. {@code arus.demo.shop=false} (or {@code arus.demo.enabled=false}) leaves it out.
 */
@Component
class ShopDemoRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ShopDemoRunner.class);
    private static final Duration TICK = Duration.ofSeconds(1);

    private final QueryRegistry registry;
    private final JsonMapper json;
    private final Environment environment;
    private final String token;
    private final OrderSimulator simulator;
    private final boolean enabled;
    // Built when the demo starts, not with the bean: a client loads the JDK's TLS trust store,
    // work that has no place on the path to the context's refresh and the chapter's first batch.
    private HttpClient http;
    private final ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "arus-shop-simulator");
        thread.setDaemon(true);
        return thread;
    });
    private URI base;
    private boolean refusedBefore;

    ShopDemoRunner(QueryRegistry registry, JsonMapper json, Environment environment, ApiSecurityProperties security,
                   Clock clock, ArusProperties properties) {
        this.registry = registry;
        this.json = json;
        this.environment = environment;
        this.token = security.tokenRequired() ? security.apiToken().trim() : null;
        this.simulator = new OrderSimulator(clock, clock.millis());
        this.enabled = properties.demo().enabled() && properties.demo().shop();
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (!enabled) {
            return;
        }
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String address = environment.getProperty("server.address", "127.0.0.1");
        String host = address.equals("0.0.0.0") || address.equals("::") ? "127.0.0.1" : address;
        base = URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + environment.getProperty("local.server.port", "8080"));
        HttpResponse<String> created = send("/api/streams", "application/json", ShopDemo.STREAM_JSON);
        if (created == null || (created.statusCode() != 201 && created.statusCode() != 409)) {
            LOG.warn("The shop demo could not create its stream '{}': {}", ShopDemo.STREAM,
                    created == null ? "no answer" : created.body());
            return;
        }
        if (registry.handles().stream().noneMatch(query -> query.name().equals(ShopDemo.QUERY))) {
            registry.create(json.readValue(ShopDemo.QUERY_JSON, QuerySpec.class));
        }
        ticks.scheduleAtFixedRate(this::postOrders, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One tick's orders; a refusal is logged once until posting works again, so a full disk does not flood the log. */
    private void postOrders() {
        HttpResponse<String> answer = send("/api/streams/" + ShopDemo.STREAM + "/events", "application/x-ndjson",
                simulator.tick());
        boolean refused = answer == null || answer.statusCode() != 200;
        if (refused && !refusedBefore) {
            LOG.warn("The shop demo's orders were refused: {}", answer == null ? "no answer" : answer.body());
        }
        refusedBefore = refused;
    }

    private HttpResponse<String> send(String path, String contentType, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException unreachable) {
            return null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public void close() {
        ticks.shutdownNow();
    }
}
