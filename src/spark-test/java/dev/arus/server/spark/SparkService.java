package dev.arus.server.spark;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The service with Spark in it, started empty on a random port with Spark's local master on two
 * task threads, two state partitions for either engine, room for every batch and progress report
 * a test looks at, and a data directory of its own; one context shared by the Spark test classes.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"arus.demo.enabled=false", "arus.spark.master=local[2]",
                "arus.engine.shuffle-partitions=2",
                "arus.limits.mutating-requests-per-minute=1000000",
                "arus.live.recent-batches=1000", "arus.engine.recent-progress=1000",
                "arus.data-dir=${java.io.tmpdir}/arus-spark-service-${random.uuid}"})
@interface SparkService {
}
