package dev.arus.server.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.apache.spark.scheduler.ExternalClusterManager;
import org.junit.jupiter.api.Test;

/**
 * The masters docs/spark.md offers besides {@code local} and {@code spark://}, which spark-core
 * handles itself: Spark finds the scheduler of any other master URL among the
 * {@link ExternalClusterManager}s on the class path, and without spark-kubernetes a
 * {@code k8s://} master fails with "Could not parse Master URL".
 */
class SparkClusterManagersTest {

    @Test
    void aKubernetesMasterFindsSparksKubernetesScheduler() {
        var managers = ServiceLoader.load(ExternalClusterManager.class).stream().map(ServiceLoader.Provider::get)
                .toList();

        assertThat(managers).filteredOn(manager -> manager.canCreate("k8s://https://kubernetes.default.svc:443"))
                .singleElement().extracting(manager -> manager.getClass().getSimpleName())
                .isEqualTo("KubernetesClusterManager");
        assertThat(managers).noneMatch(manager -> manager.canCreate("spark://127.0.0.1:7077"));
    }
}
