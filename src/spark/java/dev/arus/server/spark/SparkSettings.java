package dev.arus.server.spark;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the service drives Apache Spark, in the build with the {@code spark} profile.
 *
 * @param master Spark's master URL: {@code local[*]} (the default: Spark in the service's own
 *               JVM, one task thread per core), {@code local[N]}, or a cluster's
 *               ({@code spark://host:7077}, {@code k8s://...}, {@code yarn})
 * @param conf   Spark settings passed as they are to the one session all Spark queries share
 *               ({@code arus.spark.conf.spark.executor.memory=2g}); they win over the service's
 *               defaults (no Spark UI, UTC session time zone)
 */
@ConfigurationProperties("arus.spark")
public record SparkSettings(@DefaultValue("local[*]") String master, @DefaultValue Map<String, String> conf) {

    public SparkSettings {
        conf = Map.copyOf(conf);
    }
}
