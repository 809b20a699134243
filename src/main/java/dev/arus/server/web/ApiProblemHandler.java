package dev.arus.server.web;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import dev.arus.server.ShownPaths;
import dev.arus.server.storage.StorageException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Turns every refused request into an RFC 9457 problem ({@code application/problem+json}) with
 * a {@code type} per {@link ProblemType}, a human {@code detail}, and where it applies the
 * {@code pointer} of the bad field and the {@code position} in a bad expression. Errors Spring
 * raises before a controller runs (body, content type, path) are mapped here too.
 */
@RestControllerAdvice
class ApiProblemHandler extends ResponseEntityExceptionHandler {

    private final ShownPaths shownPaths;

    ApiProblemHandler(ShownPaths shownPaths) {
        this.shownPaths = shownPaths;
    }

    /** A refusal of the service's own; its detail may quote the engine, which names files by absolute path. */
    @ExceptionHandler(ProblemException.class)
    ResponseEntity<ProblemDetail> handleProblem(ProblemException problem) {
        return response(problem(problem.type(), shownPaths.of(problem.getMessage()), problem.properties()));
    }

    /** The data directory refused a write: the operation did not happen, and saying why lets the user act. */
    @ExceptionHandler(StorageException.class)
    ResponseEntity<ProblemDetail> handleStorage(StorageException refused) {
        ProblemType type = refused.kind() == StorageException.Kind.FULL
                ? ProblemType.STORAGE_FULL : ProblemType.STORAGE_UNAVAILABLE;
        return response(problem(type, shownPaths.of(refused.getMessage()), Map.of()));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
        ProblemDetail problem;
        if (cause instanceof DatabindException binding) {
            String pointer = pointer(binding.getPath());
            problem = problem(ProblemType.INVALID_SPEC, bindingDetail(binding, pointer), Map.of("pointer", pointer));
        } else if (cause instanceof InputCoercionException outOfRange) {
            // JSON, but a number beyond its field's type ("partitions": 4294967298): the field is the mistake.
            String pointer = pointer(outOfRange.getPath());
            problem = problem(ProblemType.INVALID_SPEC, "Wrong value at " + (pointer.isEmpty() ? "the request body"
                    : pointer) + ": " + outOfRange.getOriginalMessage(), Map.of("pointer", pointer));
        } else if (cause instanceof StreamConstraintsException limit) {
            // Jackson gives no location for these, and its path stops at the enclosing object.
            problem = problem(ProblemType.JSON_LIMIT_EXCEEDED, "The request body is beyond a limit of the JSON reader: "
                    + limit.getOriginalMessage(), Map.of());
        } else if (cause instanceof StreamReadException malformed) {
            TokenStreamLocation at = malformed.getLocation();
            problem = problem(ProblemType.MALFORMED_JSON, "Malformed JSON at line " + at.getLineNr() + ", column "
                    + at.getColumnNr() + ": " + withoutSourceReference(malformed.getOriginalMessage()),
                    Map.of("line", at.getLineNr(), "column", at.getColumnNr()));
        } else {
            problem = problem(ProblemType.MALFORMED_JSON, "The request body is missing or is not JSON", Map.of());
        }
        return new ResponseEntity<>(problem, headers, problem.getStatus());
    }

    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        ProblemDetail problem = problem(ProblemType.UNSUPPORTED_MEDIA_TYPE, "Content type "
                + Optional.ofNullable(ex.getContentType()).map(Object::toString).orElse("(none)")
                + " is not supported; send application/json", Map.of());
        return new ResponseEntity<>(problem, headers, problem.getStatus());
    }

    /** A path id that is not a UUID names no query; a bad query parameter is the client's error. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        String name = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName() : ex.getPropertyName();
        ProblemDetail problem = "id".equals(name)
                ? problem(ProblemType.QUERY_NOT_FOUND, "No query with id " + ex.getValue(), Map.of())
                : problem(ProblemType.INVALID_PARAMETER, "Invalid value '" + ex.getValue() + "' for " + name, Map.of());
        return new ResponseEntity<>(problem, headers, problem.getStatus());
    }

    /** Jackson's messages may cite a redacted source ("start marker at [Source: REDACTED ...]"), noise to a client. */
    private static String withoutSourceReference(String message) {
        return message.replaceAll("\\s*\\(start marker at \\[Source: [^]]*][^)]*\\)", "");
    }

    private static ProblemDetail problem(ProblemType type, String detail, Map<String, Object> properties) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(type.status(), detail);
        problem.setType(type.uri());
        problem.setTitle(type.title());
        properties.forEach(problem::setProperty);
        return problem;
    }

    private static ResponseEntity<ProblemDetail> response(ProblemDetail problem) {
        return ResponseEntity.status(problem.getStatus()).body(problem);
    }

    private static String bindingDetail(DatabindException binding, String pointer) {
        String at = pointer.isEmpty() ? "the request body" : pointer;
        if (binding instanceof UnrecognizedPropertyException unknown) {
            return "Unknown field " + at + ". Known fields here: " + known(unknown.getKnownPropertyIds());
        }
        if (binding instanceof InvalidTypeIdException step) {
            return "Unknown step '" + step.getTypeId() + "' at " + at
                    + ". Known steps: " + String.join(", ", subtypeNames(step.getBaseType().getRawClass()));
        }
        if (binding instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return "Wrong type at " + at + ": expected " + jsonType(mismatch.getTargetType());
        }
        return "Cannot read " + at + ": " + binding.getOriginalMessage();
    }

    private static String known(Collection<Object> names) {
        return names == null ? "" : String.join(", ", names.stream().map(String::valueOf).sorted().toList());
    }

    private static String jsonType(Class<?> target) {
        if (target == String.class) {
            return "a string";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "a boolean";
        }
        if (Number.class.isAssignableFrom(target) || target.isPrimitive()) {
            return "a number";
        }
        if (Collection.class.isAssignableFrom(target) || target.isArray()) {
            return "an array";
        }
        return "an object";
    }

    /** The RFC 6901 pointer of a Jackson path: {@code /steps/0/withColumn/name}. */
    private static String pointer(List<JacksonException.Reference> path) {
        StringBuilder pointer = new StringBuilder();
        for (JacksonException.Reference reference : path) {
            pointer.append(reference.getPropertyName() != null
                    ? JsonPointer.of(reference.getPropertyName())
                    : JsonPointer.of(reference.getIndex()));
        }
        return pointer.toString();
    }

    /** The names a polymorphic type's subtypes are written with, in the order it declares them. */
    private static List<String> subtypeNames(Class<?> type) {
        JsonSubTypes subtypes = type.getAnnotation(JsonSubTypes.class);
        return subtypes == null ? List.of() : Arrays.stream(subtypes.value()).map(JsonSubTypes.Type::name).toList();
    }
}
