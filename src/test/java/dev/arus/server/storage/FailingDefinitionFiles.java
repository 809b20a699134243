package dev.arus.server.storage;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Definition files whose writes and deletes fail, once armed, as a read-only or full file
 * system makes them fail: the fault is injected at the storage layer, for machines where a test
 * cannot mount one. Disarmed, it is the real thing.
 */
public class FailingDefinitionFiles extends DefinitionFiles {

    private static final AtomicReference<String> FAILURE = new AtomicReference<>();

    FailingDefinitionFiles(DataDirectory dataDirectory) {
        super(dataDirectory);
    }

    /** Every write and delete fails from now on with the operating system's {@code reason}. */
    public static void failWith(String reason) {
        FAILURE.set(reason);
    }

    /** Writes and deletes work again. */
    public static void heal() {
        FAILURE.set(null);
    }

    @Override
    public void write(UUID id, byte[] content) {
        failIfArmed(id);
        super.write(id, content);
    }

    @Override
    public void delete(UUID id) {
        failIfArmed(id);
        super.delete(id);
    }

    private static void failIfArmed(UUID id) {
        String reason = FAILURE.get();
        if (reason != null) {
            IOException fault = new FileSystemException("queries/" + id + ".json", null, reason);
            throw new StorageException("Cannot change the definition of query " + id, fault);
        }
    }

    /** Put in a service's sources: the definition files it uses. */
    public static class Configuration {
        @Bean
        @Primary
        DefinitionFiles failingDefinitionFiles(DataDirectory dataDirectory) {
            return new FailingDefinitionFiles(dataDirectory);
        }
    }
}
