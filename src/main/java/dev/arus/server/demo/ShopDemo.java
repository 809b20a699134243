package dev.arus.server.demo;

/**
 * The shop's demo: a stream of orders, and the query a shop asks of it first, revenue and orders
 * per category per minute, finalized a few seconds after each minute ends (append mode, a
 * 10-second watermark for orders that arrive late).
 */
public final class ShopDemo {

    public static final String STREAM = "orders";
    public static final String QUERY = "revenue-per-category";

    /** The stream's definition, as {@code POST /api/streams} takes it; kept for a day. */
    public static final String STREAM_JSON = """
            {
              "name": "orders",
              "schema": "order_id STRING NOT NULL, product STRING, category STRING, amount DOUBLE, event_time TIMESTAMP",
              "partitions": 2,
              "keyField": "order_id",
              "retention": {"maxAge": "1 day"}
            }
            """;

    /** The query spec (DESIGN §8) of revenue per category per minute. */
    public static final String QUERY_JSON = """
            {
              "name": "revenue-per-category",
              "source": {"format": "stream", "options": {"stream": "orders"}},
              "steps": [
                {"withWatermark": {"column": "event_time", "delay": "10 seconds"}},
                {"groupBy": {"keys": ["window(event_time, '1 minute')", "category"],
                             "aggregations": ["count(*) AS orders", "sum(amount) AS revenue"]}}
              ],
              "outputMode": "append",
              "trigger": {"processingTime": "5 seconds"},
              "sink": {"format": "noop"}
            }
            """;

    private ShopDemo() {
    }
}
