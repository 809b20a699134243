package dev.arus.server.storage;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real file system mounted over a test's directory, for as long as the test holds it: a
 * read-only bind mount of the directory itself, or a small tmpfs. Mounting needs root on Linux;
 * where the machine refuses, the test that asked is skipped, saying so (the fault-injection tests
 * cover the same cases).
 */
public final class Mount implements AutoCloseable {

    private final Path directory;

    private Mount(Path directory) {
        this.directory = directory;
    }

    /** {@code directory}, as it is, made read-only. */
    public static Mount readOnly(Path directory) {
        mount("mount", "--bind", directory.toString(), directory.toString());
        Mount bound = new Mount(directory);
        if (!run("mount", "-o", "remount,bind,ro", directory.toString())) {
            bound.close();
            assumeTrue(false, "this machine refuses a read-only remount");
        }
        return bound;
    }

    /** An empty tmpfs of {@code kilobytes} over {@code directory}. */
    public static Mount tmpfs(Path directory, int kilobytes) {
        mount("mount", "-t", "tmpfs", "-o", "size=" + kilobytes + "k", "tmpfs", directory.toString());
        return new Mount(directory);
    }

    private static void mount(String... command) {
        assumeTrue(run(command), "this machine does not let the test mount (" + String.join(" ", command) + ")");
    }

    private static boolean run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        if (!run("umount", directory.toString())) {
            throw new IllegalStateException("cannot unmount " + directory);
        }
    }
}
