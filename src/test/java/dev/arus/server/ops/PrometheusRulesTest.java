package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arus.engine.api.ArusSession;
import dev.arus.server.ApiClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The shipped Prometheus files, checked by Prometheus's own {@code promtool}: the configuration of
 * docs/monitoring.md's recipe with the alert rules it loads, and the rules' unit tests
 * ({@code ops/prometheus/alerts.test.yml}: each alert fires on the series it is meant for, and only
 * then); and the rules name only metrics that the started service exposes.
 */
@OpsService
class PrometheusRulesTest {

    private static final Path DIRECTORY = Path.of("ops/prometheus");

    @LocalServerPort
    int port;

    @Autowired
    ArusSession session;

    @Autowired
    StreamMeters streamMeters;

    @Test
    void alertRulesNameOnlyMetricsTheServiceExposes() throws Exception {
        var referenced = GrafanaDashboardTest.metricNames(Files.readString(DIRECTORY.resolve("alerts.yml")));

        try (MonitoredWorkload workload = MonitoredWorkload.start(new ApiClient(port), session, streamMeters)) {
            var scraped = workload.scrapedNames();
            assertThat(referenced).contains("arus_query_status", "arus_query_state_rows_limit",
                    "arus_live_sessions_closed_slow_total", "arus_stream_lag_seconds", "arus_data_directory_free_bytes",
                    "arus_data_directory_min_free_bytes", "arus_data_directory_total_bytes")
                    .allSatisfy(name -> assertThat(scraped).contains(name));
        }
    }

    @Test
    void configurationAndAlertRulesPassPromtoolsCheck() throws Exception {
        assertThat(promtool("check", "config", "prometheus.yml")).containsPattern("SUCCESS: [1-9][0-9]* rules found");
    }

    @Test
    void alertsFireOnTheSeriesOfTheirUnitTests() throws Exception {
        assertThat(promtool("test", "rules", "alerts.test.yml")).contains("SUCCESS");
    }

    /** Runs promtool in {@code ops/prometheus}; fails, with its output, unless it exits with 0. */
    private static String promtool(String... arguments) throws IOException, InterruptedException {
        Path promtool = PrometheusTools.require("promtool");
        List<String> command = new ArrayList<>(List.of(promtool.toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(DIRECTORY.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).as("promtool finished").isTrue();
        assertThat(process.exitValue()).as("promtool %s:%n%s", String.join(" ", arguments), output).isZero();
        return output;
    }
}
