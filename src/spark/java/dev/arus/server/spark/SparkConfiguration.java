package dev.arus.server.spark;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** The Spark engine's settings ({@code arus.spark.*}), in the build with the {@code spark} profile only. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SparkSettings.class)
class SparkConfiguration {
}
