package dev.arus.server.query;

import java.util.Locale;
import java.util.Map;

/**
 * Attributes the engine's option errors to the option they are about. The engine's messages
 * name the option in quotes ({@code The option 'rowsPerSecond' must be positive}), as given or
 * as documented, in any case; an error naming no given option points at the options object.
 */
final class OptionPointers {

    private OptionPointers() {
    }

    static String of(String optionsPointer, Map<String, String> options, String message) {
        String text = message == null ? "" : message.toLowerCase(Locale.ROOT);
        for (String key : options.keySet()) {
            if (text.contains("'" + key.toLowerCase(Locale.ROOT) + "'")) {
                return JsonPointer.append(optionsPointer, key);
            }
        }
        return optionsPointer;
    }
}
