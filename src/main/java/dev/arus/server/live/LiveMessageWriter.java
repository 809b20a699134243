package dev.arus.server.live;

import tools.jackson.databind.json.JsonMapper;

/** Writes live messages with the service's JSON mapper, so that their payloads read as the REST API writes them. */
final class LiveMessageWriter {

    private final JsonMapper json;

    LiveMessageWriter(JsonMapper json) {
        this.json = json;
    }

    String json(LiveMessage message) {
        return json.writerFor(LiveMessage.class).writeValueAsString(message);
    }
}
