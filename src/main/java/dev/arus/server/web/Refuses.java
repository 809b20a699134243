package dev.arus.server.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems an API operation answers with when it refuses a request, besides those of the
 * security filters (401, 429) that every change may get. The OpenAPI document lists them under
 * their statuses ({@link ProblemDocumentation}), so a generated client knows each one.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Refuses {

    ProblemType[] value();
}
