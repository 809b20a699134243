package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Grafana board ({@code ops/grafana/arus-dashboard.json}) as a user imports and reads it: it
 * asks for its data source, shows each query's condition by name with FAILED in red, and each of
 * its PromQL expressions names only metrics the started service exposes and, run by a real
 * Prometheus scraping that service, answers with data.
 */
@OpsService
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("ops/grafana/arus-dashboard.json");
    static final Pattern METRIC = Pattern.compile("\\b((?:arus|disk)_[a-z0-9_]+)\\b");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+), *(\\w+)\\)");
    private static final Pattern STATUS_CODE = Pattern.compile("state=\"([A-Z]+)\"} \\* (\\d+)");
    /** What Grafana puts for the board's variables; a rate over 10 s holds ten of the test's 1 s scrapes. */
    private static final Map<String, String> VARIABLES = Map.of("$query", ".+", "$__rate_interval", "10s");

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    StreamMeters streamMeters;

    private final JsonNode dashboard = read();
    private MonitoredWorkload workload;

    @BeforeAll
    void startWorkload() throws InterruptedException {
        workload = MonitoredWorkload.start(new ApiClient(port), session, streamMeters);
    }

    @AfterAll
    void stopWorkload() {
        workload.close();
    }

    @Test
    void asksForItsPrometheusDataSourceOnImport() {
        assertThat(dashboard.path("__inputs")).singleElement().satisfies(input -> {
            assertThat(input.path("name").asString()).isEqualTo("DS_PROMETHEUS");
            assertThat(input.path("type").asString()).isEqualTo("datasource");
            assertThat(input.path("pluginId").asString()).isEqualTo("prometheus");
        });
        JsonNode variable = variable("datasource");
        assertThat(variable.path("query").asString()).isEqualTo("prometheus");
        assertThat(variable.path("current").path("value").asString()).isEqualTo("${DS_PROMETHEUS}");
        List<JsonNode> panels = panels();
        assertThat(panels).filteredOn(panel -> !panel.path("type").asString().equals("row"))
                .allSatisfy(panel -> assertThat(dataSources(panel)).containsOnly("${datasource}"));
    }

    @Test
    void showsEachQueryConditionByNameWithFailedInRed() {
        JsonNode status = panel("Query status");
        Map<String, String> codes = new LinkedHashMap<>();
        Matcher code = STATUS_CODE.matcher(status.path("targets").get(0).path("expr").asString());
        while (code.find()) {
            codes.put(code.group(2), code.group(1));
        }
        Map<String, JsonNode> mapped = new LinkedHashMap<>();
        status.path("fieldConfig").path("defaults").path("mappings")
                .forEach(mapping -> mapping.path("options").properties().forEach(e -> mapped.put(e.getKey(), e.getValue())));

        assertThat(codes.values()).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(QueryCondition.values()).map(Enum::name).toList());
        codes.forEach((value, condition) -> assertThat(mapped.get(value).path("text").asString())
                .as("the text of value %s", value).isEqualTo(condition));
        Set<String> colours = new TreeSet<>();
        mapped.values().forEach(mapping -> colours.add(mapping.path("color").asString()));
        assertThat(colours).as("one colour per condition").hasSize(codes.size());
        String failed = codes.entrySet().stream().filter(e -> e.getValue().equals("FAILED")).findFirst().orElseThrow().getKey();
        assertThat(mapped.get(failed).path("color").asString()).isEqualTo("red");
    }

    @Test
    void plotsInputAgainstProcessedRowsOnALogScale() {
        JsonNode rates = panel("Input vs processed rows per second");

        assertThat(rates.path("fieldConfig").path("defaults").path("custom").path("scaleDistribution")
                .path("type").asString()).isEqualTo("log");
    }

    @Test
    void referencesOnlyMetricsTheScrapeShows() {
        Set<String> referenced = new TreeSet<>();
        expressions().forEach(expr -> referenced.addAll(metricNames(expr)));

        Set<String> scraped = workload.scrapedNames();

        assertThat(referenced).isNotEmpty().allSatisfy(name -> assertThat(scraped).contains(name));
        assertThat(referenced).contains("arus_query_input_rows_per_second", "arus_query_processed_rows_per_second",
                "arus_query_batch_duration_seconds_bucket", "arus_query_watermark_lag_seconds",
                "arus_query_state_rows", "arus_query_late_rows_total", "arus_query_late_groups_total",
                "arus_query_status", "arus_stream_events_in_total", "arus_stream_lag_seconds");
        assertThat(variable("query").path("definition").asString()).startsWith("label_values(").endsWith(", query)");
    }

    @Test
    void everyExpressionAnswersWithDataInARealPrometheus() throws Exception {
        try (PrometheusServer prometheus = PrometheusServer.scraping(port)) {
            prometheus.awaitScrapes(12);
            Map<String, String> empty = new LinkedHashMap<>();
            for (String expression : expressions()) {
                String promql = promql(expression);
                if (prometheus.query(promql).isEmpty()) {
                    empty.put(expression, promql);
                }
            }
            assertThat(empty).as("expressions of the board that a real Prometheus answers with no series").isEmpty();
        }
    }

    /**
     * The PromQL Grafana runs for an expression of the board: its variables replaced, and a
     * variable's {@code label_values(series, label)} (Grafana's, not PromQL) as the series that
     * carry that label.
     */
    private static String promql(String expression) {
        Matcher labelValues = LABEL_VALUES.matcher(expression);
        String promql = labelValues.matches()
                ? "count by (" + labelValues.group(2) + ") (" + labelValues.group(1) + ")" : expression;
        for (Map.Entry<String, String> variable : VARIABLES.entrySet()) {
            promql = promql.replace(variable.getKey(), variable.getValue());
        }
        return promql;
    }

    static Set<String> metricNames(String text) {
        Set<String> names = new TreeSet<>();
        Matcher metric = METRIC.matcher(text);
        while (metric.find()) {
            names.add(metric.group(1));
        }
        return names;
    }

    /** Every PromQL expression of the board: its panels' targets and its variables' queries. */
    private List<String> expressions() {
        List<String> expressions = new ArrayList<>();
        panels().forEach(panel -> panel.path("targets").forEach(target -> expressions.add(target.path("expr").asString())));
        dashboard.path("templating").path("list").forEach(variable -> {
            if (variable.path("type").asString().equals("query")) {
                expressions.add(variable.path("definition").asString());
            }
        });
        return expressions;
    }

    private List<JsonNode> panels() {
        List<JsonNode> panels = new ArrayList<>();
        dashboard.path("panels").forEach(panel -> {
            panels.add(panel);
            panel.path("panels").forEach(panels::add);
        });
        return panels;
    }

    private JsonNode panel(String title) {
        return panels().stream().filter(panel -> panel.path("title").asString().equals(title)).findFirst().orElseThrow();
    }

    private JsonNode variable(String name) {
        return StreamSupport.stream(dashboard.path("templating").path("list").spliterator(), false)
                .filter(variable -> variable.path("name").asString().equals(name)).findFirst().orElseThrow();
    }

    private static Set<String> dataSources(JsonNode panel) {
        Set<String> uids = new TreeSet<>();
        uids.add(panel.path("datasource").path("uid").asString());
        panel.path("targets").forEach(target -> uids.add(target.path("datasource").path("uid").asString()));
        return uids;
    }

    private static JsonNode read() {
        try {
            return JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
