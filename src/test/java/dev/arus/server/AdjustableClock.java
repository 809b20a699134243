package dev.arus.server;

import dev.arus.engine.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The system clock moved by an offset a test can add to, so that the engine runs in real time
 * but a test can make time jump. It starts 10 s after a whole hour, so an hourly trigger's next
 * run is almost an hour of real time away.
 */
public final class AdjustableClock implements Clock {

    private final AtomicLong offsetMillis;

    public AdjustableClock() {
        long now = System.currentTimeMillis();
        long hour = Duration.ofHours(1).toMillis();
        long start = now - Math.floorMod(now, hour) + hour + 10_000;
        this.offsetMillis = new AtomicLong(start - now);
    }

    public void advance(Duration by) {
        offsetMillis.addAndGet(by.toMillis());
    }

    @Override
    public long millis() {
        return System.currentTimeMillis() + offsetMillis.get();
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @TestConfiguration(proxyBeanMethods = false)
    public static class Configuration {

        @Bean
        @Primary
        AdjustableClock adjustableClock() {
            return new AdjustableClock();
        }
    }
}
