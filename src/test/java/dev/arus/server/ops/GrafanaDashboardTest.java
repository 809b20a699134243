package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import dev.arus.server.QueryEvents;
import dev.arus.server.Specs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Grafana board graphs only series that the service really exposes. */
@OpsService
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("ops/grafana/arus-dashboard.json");
    private static final Pattern METRIC = Pattern.compile("\\b(arus_[a-z0-9_]+)\\b");

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Test
    void referencesOnlyMetricsTheScrapeShows() throws Exception {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        List<String> expressions = new ArrayList<>();
        collectExpressions(dashboard.path("panels"), expressions);
        dashboard.path("templating").path("list")
                .forEach(variable -> expressions.add(variable.path("definition").asString("")));
        Set<String> referenced = new TreeSet<>();
        expressions.forEach(expr -> {
            Matcher metric = METRIC.matcher(expr);
            while (metric.find()) {
                referenced.add(metric.group(1));
            }
        });

        Set<String> scraped = scrapeWithAQueryRunning();

        assertThat(referenced).isNotEmpty().allSatisfy(name -> assertThat(scraped).contains(name));
        assertThat(referenced).contains("arus_query_input_rows_per_second", "arus_query_processed_rows_per_second",
                "arus_query_batch_duration_seconds_bucket", "arus_query_watermark_lag_seconds",
                "arus_query_state_rows", "arus_query_late_rows_total", "arus_query_status");
        assertThat(dashboard.path("templating").path("list")).anySatisfy(variable -> {
            assertThat(variable.path("name").asString()).isEqualTo("query");
            assertThat(variable.path("definition").asString()).startsWith("label_values(").endsWith(", query)");
        });
    }

    private Set<String> scrapeWithAQueryRunning() throws InterruptedException {
        ApiClient api = new ApiClient(port);
        QueryEvents events = new QueryEvents();
        session.streams().addListener(events);
        String id = api.create(Specs.chapterWithShortWindows("graphed"));
        try {
            events.awaitBatches(id, 6); // the watermark leaves the epoch from the fourth batch
            return PrometheusText.scrape(api).samples().stream().map(PrometheusText.Sample::name).collect(Collectors.toSet());
        } finally {
            session.streams().removeListener(events);
            api.delete("/api/queries/" + id);
        }
    }

    private static void collectExpressions(JsonNode panels, List<String> into) {
        for (JsonNode panel : panels) {
            panel.path("targets").forEach(target -> into.add(target.path("expr").asString("")));
            collectExpressions(panel.path("panels"), into);
        }
    }
}
