package dev.arus.server.storage;

/** A location that is not a path inside the data directory; the message says why. */
public final class DataPathException extends IllegalArgumentException {

    DataPathException(String message) {
        super(message);
    }
}
