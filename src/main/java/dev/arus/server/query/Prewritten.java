package dev.arus.server.query;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/**
 * A value of the API together with its JSON, written once with the service's mapper when the value
 * is made. Responses and live messages that hold it copy the text: listing a thousand queries, or
 * pushing a progress report to a hundred clients, serializes no spec or progress report again.
 * Fields of this type carry {@code @Schema(implementation = ...)} so that the API document shows
 * the value's own schema.
 */
@JsonSerialize(using = Prewritten.RawWriter.class)
public final class Prewritten<T> {

    private final Supplier<T> value;
    private final RawJson json;

    private Prewritten(Supplier<T> value, T written, JsonMapper mapper) {
        this.value = value;
        this.json = new RawJson(mapper.writeValueAsBytes(written));
    }

    static <T> Prewritten<T> of(T value, JsonMapper mapper) {
        Objects.requireNonNull(value);
        return new Prewritten<>(() -> value, value, mapper);
    }

    /**
     * The view of {@code source}, which the service keeps anyway, written now and made again from
     * {@code source} when asked for: a thousand queries' last progress reports, each replaced every
     * second, then keep no view objects for the collector to copy, only the reports and their JSON.
     */
    static <S, T> Prewritten<T> viewOf(S source, Function<S, T> view, JsonMapper mapper) {
        Objects.requireNonNull(source);
        return new Prewritten<>(() -> view.apply(source), view.apply(source), mapper);
    }

    /** The value; for a {@link #viewOf view}, an equal one made again. */
    public T value() {
        return value.get();
    }

    @Override
    public String toString() {
        return json.getValue();
    }

    /** Writes the kept text as it is. */
    static final class RawWriter extends ValueSerializer<Prewritten<?>> {

        @Override
        public void serialize(Prewritten<?> prewritten, JsonGenerator generator, SerializationContext context) {
            generator.writeRawValue(prewritten.json);
        }
    }

    /**
     * JSON text kept as its UTF-8 bytes only. The service keeps a hundred thousand of these with a
     * thousand queries, and Jackson's own {@code SerializedString} holds the text twice, as a
     * string and as bytes. HTTP responses copy the bytes; live messages, written as characters,
     * widen them (ASCII, as JSON of the API nearly always is) or decode them.
     */
    private static final class RawJson implements SerializableString {

        private final byte[] utf8;
        private final boolean ascii;

        RawJson(byte[] utf8) {
            this.utf8 = utf8;
            boolean allAscii = true;
            for (byte b : utf8) {
                allAscii &= b >= 0;
            }
            this.ascii = allAscii;
        }

        @Override
        public String getValue() {
            return new String(utf8, StandardCharsets.UTF_8);
        }

        @Override
        public int charLength() {
            return ascii ? utf8.length : getValue().length();
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return utf8;
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (buffer.length - offset < utf8.length) {
                return -1;
            }
            System.arraycopy(utf8, 0, buffer, offset, utf8.length);
            return utf8.length;
        }

        /** Widens ASCII text in place; -1 (the generator then writes {@link #getValue()}) for any other. */
        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            if (!ascii || buffer.length - offset < utf8.length) {
                return -1;
            }
            for (int i = 0; i < utf8.length; i++) {
                buffer[offset + i] = (char) utf8[i];
            }
            return utf8.length;
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(utf8);
            return utf8.length;
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (buffer.remaining() < utf8.length) {
                return -1;
            }
            buffer.put(utf8);
            return utf8.length;
        }

        // JSON text is a value, written as it is: never as the content of a quoted string.

        @Override
        public char[] asQuotedChars() {
            throw quoted();
        }

        @Override
        public byte[] asQuotedUTF8() {
            throw quoted();
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            throw quoted();
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            throw quoted();
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) {
            throw quoted();
        }

        @Override
        public int putQuotedUTF8(ByteBuffer buffer) {
            throw quoted();
        }

        private static UnsupportedOperationException quoted() {
            return new UnsupportedOperationException("prewritten JSON is written as it is, never quoted");
        }
    }
}
