package dev.arus.server;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Says in the OpenAPI document which fields of a wire record a client always gets and which
 * may be null, as Jackson writes them. A record component is required unless it is
 * {@link Nullable}; a nullable one is left out when null under {@code @JsonInclude(NON_NULL)}
 * (on it or its record), and otherwise written as {@code null}, so it is then required and
 * typed with {@code null}. A client generated from the document (the dashboard's types) thus
 * handles exactly the absent and null fields there are.
 */
final class RecordSchemas implements ModelConverter {

    private static final String NULL = "null";

    @Override
    public Schema<?> resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        Schema<?> resolved = chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
        Class<?> raw = Json.mapper().constructType(type.getType()).getRawClass();
        if (resolved == null || !raw.isRecord()) {
            return resolved;
        }
        Schema<?> model = resolved.get$ref() == null ? resolved
                : context.getDefinedModels().get(resolved.get$ref().substring(resolved.get$ref().lastIndexOf('/') + 1));
        if (model != null && model.getProperties() != null) {
            for (RecordComponent component : raw.getRecordComponents()) {
                describe(model, raw, component);
            }
        }
        return resolved;
    }

    private static void describe(Schema<?> model, Class<?> record, RecordComponent component) {
        AnnotatedElement field = field(record, component);
        JsonProperty renamed = field.getAnnotation(JsonProperty.class);
        String name = renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
        Schema<?> property = model.getProperties().get(name);
        if (property == null) {
            return;
        }
        boolean nullable = component.getAnnotatedType().isAnnotationPresent(Nullable.class);
        if (nullable && (leftOutWhenNull(field.getAnnotation(JsonInclude.class))
                || leftOutWhenNull(record.getAnnotation(JsonInclude.class)))) {
            return;
        }
        if (model.getRequired() == null || !model.getRequired().contains(name)) {
            model.addRequiredItem(name);
        }
        if (nullable) {
            model.getProperties().put(name, orNull(property));
        }
    }

    private static Schema<?> orNull(Schema<?> property) {
        if (property.get$ref() != null) {
            return new Schema<>().oneOf(List.of(property, new Schema<>().types(Set.of(NULL))));
        }
        if (property.getOneOf() != null) {
            return property; // already wrapped, resolved a second time
        }
        Set<String> types = new LinkedHashSet<>(property.getTypes() != null ? property.getTypes()
                : property.getType() != null ? Set.of(property.getType()) : Set.of());
        types.add(NULL);
        return property.types(types);
    }

    private static boolean leftOutWhenNull(JsonInclude include) {
        return include != null && include.value() != JsonInclude.Include.ALWAYS
                && include.value() != JsonInclude.Include.USE_DEFAULTS;
    }

    private static AnnotatedElement field(Class<?> record, RecordComponent component) {
        try {
            return record.getDeclaredField(component.getName());
        } catch (NoSuchFieldException impossible) {
            throw new IllegalStateException("a record has a field per component", impossible);
        }
    }
}
