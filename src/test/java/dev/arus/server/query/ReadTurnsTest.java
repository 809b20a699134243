package dev.arus.server.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arus.server.web.ProblemException;
import dev.arus.server.web.ProblemType;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Turns for reads of state, with real threads: one read holds the only turn while another asks. */
class ReadTurnsTest {

    @Test
    void aReadThatFindsNoTurnWithinTheWaitIsRefusedAndOneAfterTheTurnIsFreeRuns() throws Exception {
        ReadTurns turns = new ReadTurns(1, Duration.ofMillis(50));
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> turns.run(() -> {
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "first";
        }));
        holding.await();

        assertThatThrownBy(() -> turns.run(() -> "second")).isInstanceOf(ProblemException.class)
                .extracting(e -> ((ProblemException) e).type()).isEqualTo(ProblemType.TOO_MANY_STATE_READS);
        release.countDown();
        assertThat(first.get()).isEqualTo("first");
        assertThat(turns.run(() -> "third")).isEqualTo("third");
    }
}
