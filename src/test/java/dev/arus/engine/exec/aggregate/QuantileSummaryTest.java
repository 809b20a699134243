package dev.arus.engine.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuantileSummaryTest {

    /**
     * 120,000 shuffled values pass through the head twice, so the summary is compressed as Spark
     * compresses it; each answer's rank stays within the relative error of the rank asked for,
     * GK's guarantee, and the summary is far smaller than its input.
     */
    @Test
    void keepsAnswersWithinTheRelativeErrorOnceCompressed() {
        int n = 120_000;
        double relativeError = 0.001;
        QuantileSummary summary = new QuantileSummary(relativeError);
        for (int i = 0; i < n; i++) {
            summary.insert((i * 7919L) % n + 1);
        }
        summary.compress();

        double[] percentiles = {0.05, 0.25, 0.5, 0.77, 0.99};
        double[] answers = summary.query(percentiles);

        assertThat(summary.count()).isEqualTo(n);
        assertThat(summary.sampleCount()).isLessThan(n / 10);
        for (int i = 0; i < percentiles.length; i++) {
            assertThat(Math.abs(answers[i] - Math.ceil(percentiles[i] * n))).as("p=" + percentiles[i])
                    .isLessThanOrEqualTo(relativeError * n);
        }
    }

    @Test
    void mergesSummariesOfInterleavedValuesAsExactlyAsTheirErrorsAllow() {
        QuantileSummary evens = new QuantileSummary(0.0001);
        QuantileSummary odds = new QuantileSummary(0.0001);
        for (int i = 1; i <= 1000; i++) {
            (i % 2 == 0 ? evens : odds).insert(i);
        }
        evens.compress();
        odds.compress();

        evens.merge(odds);

        assertThat(evens.count()).isEqualTo(1000);
        assertThat(evens.query(new double[] {0.75, 0.25, 0.5})).containsExactly(750, 250, 500);
    }
}
