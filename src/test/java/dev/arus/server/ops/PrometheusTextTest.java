package dev.arus.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void readsSamplesOfEachFamilyWithTheirLabels() {
        PrometheusText text = PrometheusText.parse("""
                # HELP rows_total Rows read
                # TYPE rows_total counter
                rows_total{query="a"} 12.0
                rows_total{kind="x",query="b"} 3
                # TYPE lag_seconds gauge
                lag_seconds NaN
                # TYPE d_seconds histogram
                d_seconds_bucket{le="0.001"} 1 1700000000000
                d_seconds_bucket{le="+Inf"} 2
                d_seconds_count 2
                d_seconds_sum 1.5E-3
                """.replace("rows_total counter", "rows counter"));

        assertThat(text.value("rows_total", Map.of("query", "a"))).isEqualTo(12.0);
        assertThat(text.samples("rows_total", Map.of()).get(1).labels()).containsExactly(
                Map.entry("kind", "x"), Map.entry("query", "b"));
        assertThat(text.value("lag_seconds", Map.of())).isNaN();
        assertThat(text.value("d_seconds_bucket", Map.of("le", "+Inf"))).isEqualTo(2);
        assertThat(text.value("d_seconds_sum", Map.of())).isEqualTo(0.0015);
        assertThat(text.type("d_seconds")).isEqualTo("histogram");
    }

    @Test
    void readsACounterWhoseFamilyIsNamedWithItsTotal() {
        PrometheusText text = PrometheusText.parse("# TYPE rows_total counter\nrows_total{q=\"a\"} 4.0\n");

        assertThat(text.value("rows_total", Map.of("q", "a"))).isEqualTo(4.0);
    }

    @Test
    void unescapesLabelValues() {
        PrometheusText text = PrometheusText.parse("# TYPE g gauge\ng{v=\"a\\\"b\\\\c\\nd,}\"} 1\n");

        assertThat(text.samples().get(0).labels()).containsEntry("v", "a\"b\\c\nd,}");
    }

    @Test
    void rejectsASampleOutsideTheFamilyOfItsTypeLine() {
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE rows counter\nrows_bucket 1\n"))
                .hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE a gauge\nb 1\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("orphan 1\n")).hasMessageContaining("line 1");
    }

    @Test
    void rejectsMalformedLines() {
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE g gauge\ng{a=1} 1\n")).hasMessageContaining("quoted");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE g gauge\ng 1,5\n")).hasMessageContaining("bad value");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE g gauge\ng{a=\"\\t\"} 1\n"))
                .hasMessageContaining("escape");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE g gauge\ng\n")).hasMessageContaining("no value");
        assertThatThrownBy(() -> PrometheusText.parse("# TYPE g sometype\n")).hasMessageContaining("TYPE");
    }
}
