package dev.arus.server.query;

import dev.arus.engine.sink.SinkProviders;
import dev.arus.engine.source.SourceProviders;
import dev.arus.engine.streaming.OptionNames;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Says in the OpenAPI document which formats a spec's {@code source}, {@code tables} and
 * {@code sink} may name and which options each knows, as the installed providers tell them:
 * {@code SourceSpec}, {@code TableSpec} and {@code SinkSpec} are each one of a branch per
 * format, whose {@code format} is that format's name and whose options' names are that
 * format's, and only the file sinks' branches allow {@code partitionBy}. So an editor offers the
 * formats and, for the format written, its options.
 */
@Configuration(proxyBeanMethods = false)
class FormatSchemas {

    /**
     * Option values as the spec takes them: Spark's options are strings, and numbers and booleans
     * are read as such. In this order, every time: the document is compared with its copy.
     */
    private static final Set<String> OPTION_VALUE = new LinkedHashSet<>(List.of("string", "number", "boolean"));

    @Bean
    OpenApiCustomizer sourceAndSinkFormats() {
        return openApi -> {
            Map<String, Schema> schemas = openApi.getComponents().getSchemas();
            SourceProviders sources = SourceProviders.installed();
            SinkProviders sinks = SinkProviders.installed();
            byFormat(schemas.get("SourceSpec"), sources.formats(), format -> sources.of(format).options(),
                    format -> sources.of(format).acceptsUserSchema());
            byFormat(schemas.get("SinkSpec"), QuerySpecTranslator.SINK_FORMATS, format -> sinks.of(format).options(),
                    format -> false);
            byFormat(schemas.get("TableSpec"), sources.formats(), format -> sources.of(format).options(),
                    format -> sources.of(format).acceptsUserSchema());
            for (Object branch : schemas.get("SinkSpec").getOneOf()) {
                if (branch instanceof Schema<?> format && !sinks.of(format.getTitle()).supportsPartitioning()) {
                    format.not(new ObjectSchema().addRequiredItem("partitionBy"));
                }
            }
        };
    }

    /** A format for which {@code takesSchema} holds has a required {@code schema} (the file sources); the others none. */
    private static void byFormat(Schema<?> spec, List<String> formats, Function<String, List<String>> options,
                                 java.util.function.Predicate<String> takesSchema) {
        spec.description((spec.getDescription() == null ? "" : spec.getDescription() + " ")
                + "The format is one of " + String.join(", ", formats) + ", matched in any case; each knows "
                + "its own options.");
        spec.getProperties().put("format", new Schema<>().types(Set.of("string")).examples(List.copyOf(formats)));
        spec.getProperties().put("options", new ObjectSchema().additionalProperties(optionValue())
                .description("Option values may be strings, numbers or booleans"));
        spec.additionalProperties(false);
        for (String format : formats) {
            Schema<?> branch = new ObjectSchema().title(format)
                    .addProperty("format", new Schema<>().types(Set.of("string"))._const(format))
                    .addProperty("options", optionsOf(options.apply(format)))
                    .addRequiredItem("format");
            if (takesSchema.test(format)) {
                branch.addProperty("schema", new Schema<>().types(Set.of("string"))
                        .description("The rows' schema as a DDL string, required as Spark requires it"))
                        .addRequiredItem("schema");
            } else if (spec.getProperties().containsKey("schema")) {
                branch.not(new ObjectSchema().addRequiredItem("schema"));
            }
            spec.addOneOfItem(branch);
        }
    }

    /**
     * An options object with these names only; none for a format without options. A name such as
     * {@code kafka.*} stands for every name with its prefix, written as a pattern beside the others.
     */
    private static Schema<?> optionsOf(List<String> names) {
        Schema<?> options = new ObjectSchema().additionalProperties(optionValue());
        if (names.isEmpty()) {
            return options.maxProperties(0);
        }
        List<String> exact = names.stream().filter(name -> !OptionNames.isPrefix(name)).toList();
        List<String> prefixes = names.stream().filter(OptionNames::isPrefix)
                .map(name -> name.substring(0, name.length() - OptionNames.ANY_SUFFIX.length())).toList();
        Schema<?> named = new Schema<>().types(Set.of("string"))._enum(List.copyOf(exact));
        if (prefixes.isEmpty()) {
            return options.propertyNames(named);
        }
        Schema<?> anyName = new Schema<>().addAnyOfItem(named);
        prefixes.forEach(prefix -> anyName.addAnyOfItem(new Schema<>().types(Set.of("string"))
                .pattern("^" + prefix.replace(".", "\\.") + ".+$")));
        return options.propertyNames(anyName);
    }

    private static Schema<?> optionValue() {
        return new Schema<>().types(OPTION_VALUE);
    }
}
