package dev.arus.server.demo;

import dev.arus.engine.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A shop's checkout, simulated: each tick, a few orders of products from a small catalogue,
 * now and then a flash sale of one product, a few orders that arrive late (their event time up
 * to 30 seconds back, as from a phone that was offline) and a few posted twice (a retried
 * request). Orders as JSON objects, ready to post as NDJSON. Not thread-safe.
 */
final class OrderSimulator {

    private record Product(String name, String category, double price) {
    }

    private static final List<Product> CATALOGUE = List.of(
            new Product("novel", "books", 14.90), new Product("cookbook", "books", 29.00),
            new Product("headphones", "electronics", 79.00), new Product("charger", "electronics", 19.50),
            new Product("board game", "games", 34.99), new Product("puzzle", "games", 12.00),
            new Product("t-shirt", "fashion", 18.00), new Product("sneakers", "fashion", 89.90),
            new Product("coffee beans", "grocery", 11.40), new Product("tea", "grocery", 6.80));

    private final Clock clock;
    private final Random random;
    private final List<String> recent = new ArrayList<>();
    private long nextOrder = 1;
    private int flashSaleTicksLeft;
    private Product flashSale;

    OrderSimulator(Clock clock, long seed) {
        this.clock = clock;
        this.random = new Random(seed);
    }

    /** The orders of one tick, one JSON object per line. */
    String tick() {
        if (flashSaleTicksLeft == 0 && random.nextInt(60) == 0) {
            flashSale = CATALOGUE.get(random.nextInt(CATALOGUE.size()));
            flashSaleTicksLeft = 20;
        }
        int orders = 1 + random.nextInt(6) + (flashSaleTicksLeft > 0 ? 10 + random.nextInt(10) : 0);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < orders; i++) {
            Product product = flashSaleTicksLeft > 0 && random.nextBoolean() ? flashSale
                    : CATALOGUE.get(random.nextInt(CATALOGUE.size()));
            long lateMillis = random.nextInt(25) == 0 ? 5_000 + random.nextInt(25_000) : random.nextInt(500);
            String order = order("order-" + nextOrder++, product, 1 + (random.nextInt(5) == 0 ? 1 : 0),
                    Instant.ofEpochMilli(clock.millis() - lateMillis));
            lines.append(order).append('\n');
            recent.add(order);
            if (recent.size() > 50) {
                recent.remove(0);
            }
        }
        if (random.nextInt(15) == 0 && !recent.isEmpty()) {
            lines.append(recent.get(random.nextInt(recent.size()))).append('\n');
        }
        if (flashSaleTicksLeft > 0) {
            flashSaleTicksLeft--;
        }
        return lines.toString();
    }

    private static String order(String id, Product product, int quantity, Instant eventTime) {
        return String.format(Locale.ROOT, "{\"order_id\":\"%s\",\"product\":\"%s\",\"category\":\"%s\","
                + "\"amount\":%.2f,\"event_time\":\"%s\"}", id, product.name(), product.category(),
                product.price() * quantity, eventTime);
    }
}
