package dev.arus.engine.http;

import dev.arus.engine.data.Row;
import dev.arus.engine.expr.json.JsonValueWriter;
import dev.arus.engine.sink.Sink;
import dev.arus.engine.streaming.ResultBatch;
import dev.arus.engine.time.Clock;
import dev.arus.engine.time.IsoInstants;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Posts each batch's rows as JSON to a URL ({@link Delivery}): by default one request per batch
 * whose body is the array of its rows, each an object as Spark's JSON writer makes it, with
 * {@code Idempotency-Key: <query id>-<batch id>}; per row (the option {@code perRow}, or a body
 * {@code template}, which renders one row) one request per row with the key
 * {@code <query id>-<batch id>-<row index>}. A batch with no rows posts nothing. Every request
 * of a batch must be delivered within the batch's time ({@code maxBatchTime}), retries included,
 * or the batch fails. At least once: a batch run again after a crash, or a request retried after
 * a lost answer, is posted again with the same key, which a receiver that keeps keys can drop.
 */
final class HttpSink implements Sink {

    private final Delivery delivery;
    private final String shownUrl;
    private final UUID query;
    private final boolean perRow;
    private final BodyTemplate template;
    private final JsonValueWriter json;
    private final Duration maxBatchTime;
    private final Clock clock;
    private long rowsWritten;
    private long requests;
    private long writeNanos;
    private long lastWriteMillis = -1;

    HttpSink(Delivery delivery, String shownUrl, UUID query, boolean perRow, BodyTemplate template,
             JsonValueWriter json, Duration maxBatchTime, Clock clock) {
        this.delivery = delivery;
        this.shownUrl = shownUrl;
        this.query = query;
        this.perRow = perRow || template != null;
        this.template = template;
        this.json = json;
        this.maxBatchTime = maxBatchTime;
        this.clock = clock;
    }

    @Override
    public String description() {
        return "HttpSink[" + shownUrl + "]";
    }

    @Override
    public void addBatch(long batchId, ResultBatch batch) {
        long started = clock.nanoTime();
        long deadline = started + maxBatchTime.toNanos();
        long attemptsBefore = delivery.attempts();
        rowsWritten = 0;
        try {
            List<Row> rows = batch.rows();
            if (rows.isEmpty()) {
                return;
            }
            String key = query + "-" + batchId;
            if (!perRow) {
                StringBuilder body = new StringBuilder("[");
                for (int r = 0; r < rows.size(); r++) {
                    body.append(r == 0 ? "" : ",").append(json.write(rows.get(r)));
                }
                delivery.post(body.append(']').toString(), key, deadline);
                rowsWritten = rows.size();
            } else {
                for (int r = 0; r < rows.size(); r++) {
                    Row row = rows.get(r);
                    delivery.post(template == null ? json.write(row) : template.render(row), key + "-" + r, deadline);
                    rowsWritten++;
                }
            }
            lastWriteMillis = clock.millis();
        } finally {
            requests = delivery.attempts() - attemptsBefore;
            writeNanos = clock.nanoTime() - started;
        }
    }

    @Override
    public Map<String, String> metrics() {
        Map<String, String> metrics = new LinkedHashMap<>();
        metrics.put("target", shownUrl);
        metrics.put("rowsWritten", Long.toString(rowsWritten));
        metrics.put("requests", Long.toString(requests));
        metrics.put("writeTimeMs", Long.toString(writeNanos / 1_000_000));
        if (lastWriteMillis >= 0) {
            metrics.put("lastWriteAt", IsoInstants.ofMillis(lastWriteMillis));
        }
        return metrics;
    }
}
