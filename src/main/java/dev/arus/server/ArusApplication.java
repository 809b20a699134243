package dev.arus.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The Arus service: the streaming engine wired into Spring Boot. */
@SpringBootApplication
@EnableConfigurationProperties(ArusProperties.class)
public class ArusApplication {

    public static void main(String[] args) {
        SpringApplication.run(ArusApplication.class, args);
    }
}
