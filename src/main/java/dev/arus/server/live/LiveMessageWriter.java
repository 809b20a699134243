package dev.arus.server.live;

import org.springframework.web.socket.TextMessage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Writes live messages with the service's JSON mapper, so that views read as the REST API writes them. */
final class LiveMessageWriter {

    private final JsonMapper json;

    LiveMessageWriter(JsonMapper json) {
        this.json = json;
    }

    TextMessage text(LiveMessage message) {
        return new TextMessage(json.writerFor(LiveMessage.class).writeValueAsString(message));
    }

    /** {@code view} as a JSON tree, to pick its fields. */
    JsonNode tree(Object view) {
        return json.valueToTree(view);
    }
}
