package dev.arus.engine.source;

import dev.arus.engine.files.FlatJson;
import java.util.Map;

/**
 * A file source's position: the id of the last batch of its seen-files log that a batch
 * reads, Spark's {@code FileStreamSourceOffset}, serialised {@code {"logOffset":3}}.
 */
record FileStreamSourceOffset(long logOffset) implements Offset {

    static FileStreamSourceOffset parse(String json) {
        String text = json.trim();
        if (!text.startsWith("{")) {
            // Spark reads the bare number of offsets written before Spark 2.1, so does Arus
            return new FileStreamSourceOffset(LongOffset.parse(text).offset());
        }
        Map<String, Object> values = FlatJson.parse(text);
        if (!(values.get("logOffset") instanceof Long offset)) {
            throw new IllegalArgumentException("not a file source offset: '" + json + "'");
        }
        return new FileStreamSourceOffset(offset);
    }

    @Override
    public String json() {
        return "{\"logOffset\":" + logOffset + "}";
    }
}
