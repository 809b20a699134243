package dev.arus.server;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.arus.server.query.Step;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.converter.ResolvedSchema;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The schemas of a query's steps, from {@link Step}'s subtypes: {@code Step} is one of
 * {@code <Kind>Step}, each an object with exactly the one key that names the step (as Jackson
 * reads it, a wrapper object) holding the step's record, or for a step written as one value
 * ({@code filter}, {@code select}) that value. Each carries its record's description and example,
 * so that a generated client or an editor knows the step names and what goes under each.
 */
final class StepSchemas {

    static final String STEP = "Step";

    private final ModelConverters converters = ModelConverters.getInstance(true);
    private final Components components;

    private StepSchemas(Components components) {
        this.components = components;
    }

    /** Adds {@code Step} and a schema per kind of step to {@code components}. */
    static void addTo(Components components) {
        new StepSchemas(components).add();
    }

    private void add() {
        Schema<?> step = new Schema<>().description("One step of the query's chain: an object with one key naming it");
        for (JsonSubTypes.Type kind : Step.class.getAnnotation(JsonSubTypes.class).value()) {
            io.swagger.v3.oas.annotations.media.Schema about =
                    kind.value().getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
            Schema<?> wrapper = new ObjectSchema()
                    .description(about.description())
                    .addProperty(kind.name(), valueOf(kind.value()))
                    .addRequiredItem(kind.name())
                    .additionalProperties(false);
            wrapper.setExample(json(about.example()));
            components.addSchemas(about.name(), wrapper);
            step.addOneOfItem(new Schema<>().$ref("#/components/schemas/" + about.name()));
        }
        components.addSchemas(STEP, step);
    }

    /** What goes under the step's key: the one {@link JsonValue} component, or an object of them all. */
    private Schema<?> valueOf(Class<?> record) {
        RecordComponent[] parts = record.getRecordComponents();
        if (parts.length == 1 && parts[0].getAccessor().isAnnotationPresent(JsonValue.class)) {
            return resolve(parts[0]);
        }
        Schema<?> object = new ObjectSchema().additionalProperties(false);
        for (RecordComponent part : parts) {
            object.addProperty(part.getName(), resolve(part));
            if (!optional(part)) {
                object.addRequiredItem(part.getName());
            }
        }
        return object;
    }

    /** Absent from the spec when null, as {@link RecordSchemas} reads the wire records. */
    private static boolean optional(RecordComponent part) {
        return part.getAnnotatedType().isAnnotationPresent(Nullable.class);
    }

    /** The component's type, or the types its {@code @Schema(oneOf)} names when it takes several. */
    private Schema<?> resolve(RecordComponent part) {
        io.swagger.v3.oas.annotations.media.Schema about =
                part.getAccessor().getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class);
        if (about == null) {
            return resolve(part.getGenericType());
        }
        Schema<?> described = about.oneOf().length == 0 ? resolve(part.getGenericType()) : new Schema<>();
        Arrays.stream(about.oneOf()).forEach(kind -> described.addOneOfItem(resolve(kind)));
        return described.description(about.description().isEmpty() ? null : about.description());
    }

    private Schema<?> resolve(Type type) {
        ResolvedSchema resolved = converters.resolveAsResolvedSchema(new AnnotatedType(type).resolveAsRef(true));
        if (resolved.referencedSchemas != null) {
            resolved.referencedSchemas.forEach(components::addSchemas);
        }
        return resolved.schema;
    }

    /** The example as JSON, so that the document shows it as the value it is, not as text. */
    private static Object json(String example) {
        try {
            return Json31.mapper().readTree(example);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the example of a step is JSON: " + example, e);
        }
    }
}
