package dev.arus.server.query;

import dev.arus.server.PrintableText;
import dev.arus.server.storage.DefinitionFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** The saved definitions of checkpointed queries, as JSON, one file per query. */
@Component
class SavedQueries {

    private static final Logger log = LoggerFactory.getLogger(SavedQueries.class);

    private final DefinitionFiles files;
    private final JsonMapper json;

    SavedQueries(DefinitionFiles files, JsonMapper json) {
        this.files = files;
        this.json = json;
    }

    /** Replaces the query's saved definition atomically. */
    void save(SavedQuery query) {
        files.write(query.id(), json.writerWithDefaultPrettyPrinter().writeValueAsBytes(query));
    }

    void delete(UUID id) {
        files.delete(id);
    }

    /** Every readable definition; a file that cannot be read is logged and left where it is. */
    List<SavedQuery> all() {
        List<SavedQuery> queries = new ArrayList<>();
        for (Map.Entry<Path, byte[]> file : files.readAll().entrySet()) {
            try {
                queries.add(json.readValue(file.getValue(), SavedQuery.class));
            } catch (JacksonException unreadable) {
                log.error("Cannot read the saved query {}, left as it is: {}", PrintableText.escape(file.getKey()),
                        PrintableText.escape(unreadable.getOriginalMessage()));
            }
        }
        return queries;
    }
}
