package dev.arus.server.query.restart;

import dev.arus.engine.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * A {@link RestartTimer} that a test runs by hand: attempts wait until the test calls
 * {@link #runDue()}, which runs, on the test's thread, those whose time the service's clock has
 * reached. With an {@code AdjustableClock}, a test moves time to an attempt and runs it, with no
 * sleep; an attempt not yet due never runs, whatever the wall clock says.
 */
public final class ManualRestartTimer implements RestartTimer {

    private final Clock clock;
    private final List<Scheduled> waiting = new ArrayList<>();

    public ManualRestartTimer(Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized Timeout schedule(Runnable attempt, long dueMillis) {
        Scheduled scheduled = new Scheduled(attempt, dueMillis);
        waiting.add(scheduled);
        return () -> cancel(scheduled);
    }

    /** Runs every attempt due by the clock's time, in the order of their times; returns how many ran. */
    public int runDue() {
        int ran = 0;
        for (Optional<Scheduled> next = nextDue(); next.isPresent(); next = nextDue()) {
            next.get().attempt().run();
            ran++;
        }
        return ran;
    }

    /** The time of the earliest attempt waiting, if one is. */
    public synchronized Optional<Long> nextDueMillis() {
        return waiting.stream().map(Scheduled::dueMillis).min(Long::compare);
    }

    private synchronized Optional<Scheduled> nextDue() {
        long now = clock.millis();
        Optional<Scheduled> due = waiting.stream().filter(scheduled -> scheduled.dueMillis() <= now)
                .min((a, b) -> Long.compare(a.dueMillis(), b.dueMillis()));
        due.ifPresent(waiting::remove);
        return due;
    }

    private synchronized void cancel(Scheduled scheduled) {
        waiting.remove(scheduled);
    }

    private record Scheduled(Runnable attempt, long dueMillis) {
    }

    /** Puts a manual timer in the service's place; a test gets it by type. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class Configuration {

        @Bean
        @Primary
        ManualRestartTimer manualRestartTimer(Clock clock) {
            return new ManualRestartTimer(clock);
        }
    }
}
