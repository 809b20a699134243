package dev.arus.server;

import dev.arus.server.query.PreviewProperties;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The Arus service: the streaming engine wired into Spring Boot; its periodic chores run on Spring's scheduler. */
@SpringBootApplication
@EnableConfigurationProperties({ArusProperties.class, PreviewProperties.class, SinkProperties.class})
@EnableScheduling
public class ArusApplication {

    public static void main(String[] args) {
        SpringApplication.run(ArusApplication.class, args);
    }
}
