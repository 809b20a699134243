package dev.arus.server.query;

import java.util.Objects;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.io.SerializedString;
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

    private final T value;
    // Keeps its UTF-8 bytes once first written, so that a response copies bytes rather than encoding characters.
    private final SerializedString json;

    private Prewritten(T value, SerializedString json) {
        this.value = value;
        this.json = json;
    }

    static <T> Prewritten<T> of(T value, JsonMapper mapper) {
        return new Prewritten<>(Objects.requireNonNull(value), new SerializedString(mapper.writeValueAsString(value)));
    }

    public T value() {
        return value;
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
}
