package dev.arus.server.live;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Puts the messages of {@code /ws/queries/{id}} into the OpenAPI document's schemas, though no
 * HTTP operation serves them: {@code LiveMessage} is one of the message records, told apart by
 * their {@code type}. So the dashboard's live types come from the same document as its REST
 * types, and follow the records.
 */
@Configuration(proxyBeanMethods = false)
class LiveApiDocumentation {

    private static final String LIVE_MESSAGE = "LiveMessage";
    private static final String TYPE = "type";

    @Bean
    OpenApiCustomizer liveMessageSchemas() {
        return openApi -> {
            Discriminator byType = new Discriminator().propertyName(TYPE);
            Schema<?> anyMessage = new Schema<>().description("A text message of /ws/queries/{id}").discriminator(byType);
            for (Class<?> message : LiveMessage.class.getPermittedSubclasses()) {
                String name = message.getAnnotation(io.swagger.v3.oas.annotations.media.Schema.class).name();
                String type = message.getAnnotation(JsonTypeName.class).value();
                Map<String, Schema> schemas = ModelConverters.getInstance(true).readAll(new AnnotatedType(message));
                schemas.forEach((schemaName, schema) -> {
                    if (openApi.getComponents().getSchemas() == null
                            || !openApi.getComponents().getSchemas().containsKey(schemaName)) {
                        openApi.getComponents().addSchemas(schemaName, schema);
                    }
                });
                Schema<?> record = openApi.getComponents().getSchemas().get(name);
                record.addProperty(TYPE, new StringSchema()._enum(List.of(type)));
                record.addRequiredItem(TYPE);
                String ref = "#/components/schemas/" + name;
                anyMessage.addOneOfItem(new Schema<>().$ref(ref));
                byType.mapping(type, ref);
            }
            openApi.getComponents().addSchemas(LIVE_MESSAGE, anyMessage);
        };
    }
}
