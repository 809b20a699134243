package dev.arus.server.query;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How far a preview ({@code POST /api/queries/preview}) may run, under {@code arus.preview.*}.
 *
 * @param maxBatches    a preview stops once this many batches have written rows; a request may
 *                      ask for fewer
 * @param maxDuration   and at the latest after this long; a request may ask for less
 * @param rowsPerBatch  the rows a preview shows of each batch (it counts them all)
 * @param maxConcurrent previews that may run at once; one more is refused ({@code 429})
 */
@ConfigurationProperties("arus.preview")
public record PreviewProperties(@DefaultValue("10") int maxBatches, @DefaultValue("30s") Duration maxDuration,
                                @DefaultValue("50") int rowsPerBatch, @DefaultValue("2") int maxConcurrent) {

    public PreviewProperties {
        if (maxBatches < 1 || rowsPerBatch < 0 || maxConcurrent < 1 || maxDuration.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("arus.preview.max-batches and max-concurrent must be at least 1, "
                    + "rows-per-batch not negative and max-duration at least 1s");
        }
    }
}
