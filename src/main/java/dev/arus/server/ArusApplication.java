package dev.arus.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The Arus service: the streaming engine wired into Spring Boot. */
@SpringBootApplication
public class ArusApplication {

    public static void main(String[] args) {
        SpringApplication.run(ArusApplication.class, args);
    }
}
