package dev.arus.server.query;

import dev.arus.engine.streaming.InvalidOptionException;
import java.util.Map;

/**
 * Attributes the engine's option errors to the option they are about: the engine names the
 * option as documented or as given, in any case; an error naming no given option (a missing
 * required one, or a failure that is not an option's) points at the options object.
 */
final class OptionPointers {

    private OptionPointers() {
    }

    static String of(String optionsPointer, Map<String, String> options, IllegalArgumentException error) {
        if (error instanceof InvalidOptionException invalid && invalid.option() != null) {
            for (String key : options.keySet()) {
                if (key.equalsIgnoreCase(invalid.option())) {
                    return JsonPointer.append(optionsPointer, key);
                }
            }
        }
        return optionsPointer;
    }
}
