package dev.arus.server;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The disk of the data directory ({@code arus.data-dir}), measured where the directory is or,
 * before the service has written anything, at its nearest existing ancestor: the service creates
 * nothing before it writes, and the disk is the same. Stateless.
 */
public final class DataDisk {

    private DataDisk() {
    }

    /** The existing directory that stands for {@code dataDir}'s disk. */
    public static File of(Path dataDir) {
        Path measured = dataDir.toAbsolutePath().normalize();
        while (!Files.isDirectory(measured) && measured.getParent() != null) {
            measured = measured.getParent();
        }
        return measured.toFile();
    }
}
