package dev.arus.server.query;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The service started empty on a random port, with a small query limit, a memory table limit of
 * {@value #MAX_MEMORY_TABLE_ROWS} rows, {@value #RECENT_PROGRESS} progress reports kept per query,
 * {@value #RESULT_MAX_KEYS} keys kept of a query's materialized result,
 * a data directory of its own under the temporary directory, and a Kafka connect timeout of
 * {@value #KAFKA_CONNECT_TIMEOUT}; one context shared by the test classes that use it, so each test
 * leaves the registry as it found it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.max-queries=" + StartedService.MAX_QUERIES,
                "arus.limits.mutating-requests-per-minute=1000000",
                "arus.limits.max-memory-table-rows=" + StartedService.MAX_MEMORY_TABLE_ROWS,
                "arus.engine.recent-progress=" + StartedService.RECENT_PROGRESS,
                "arus.data-dir=${java.io.tmpdir}/arus-started-service-${random.uuid}",
                "arus.kafka.connect-timeout=" + StartedService.KAFKA_CONNECT_TIMEOUT,
                "arus.live.result-max-keys=" + StartedService.RESULT_MAX_KEYS})
@interface StartedService {

    int MAX_QUERIES = 20;

    int MAX_MEMORY_TABLE_ROWS = 1000;

    int RECENT_PROGRESS = 30;

    String KAFKA_CONNECT_TIMEOUT = "2s";

    int RESULT_MAX_KEYS = 5;
}
