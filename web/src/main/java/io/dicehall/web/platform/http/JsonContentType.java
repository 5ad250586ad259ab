package io.dicehall.web.platform.http;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A body sent to an operation that reads JSON must say it is JSON: a body without {@code Content-Type} is
 * answered 415 (unsupported-media-type), as a body of another type is, rather than read as JSON on a guess.
 * Operations that read JSON are those that declare {@code application/json} and those that declare nothing
 * (every body the API reads is JSON). A request without a body is left to the operation.
 */
@Provider
public class JsonContentType implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getMediaType() == null && request.hasEntity() && readsJson(resource == null ? null
                : resource.getResourceMethod())) {
            request.abortWith(refusal().response());
        }
    }

    /** @return the answer to a body without a type */
    static Problem refusal() {
        return Problem.of(415, "unsupported-media-type", "Unsupported media type",
                "The body has no Content-Type; send it as application/json.");
    }

    /** @return whether an operation reads JSON bodies: it declares application/json, or no type at all */
    static boolean readsJson(Method method) {
        if (method == null) {
            return false;
        }
        Consumes consumes = method.getAnnotation(Consumes.class);
        if (consumes == null) {
            consumes = method.getDeclaringClass().getAnnotation(Consumes.class);
        }
        return consumes == null || Arrays.stream(consumes.value()).flatMap(v -> Arrays.stream(v.split(",")))
                .map(String::strip).map(MediaType::valueOf)
                .anyMatch(type -> type.isCompatible(MediaType.APPLICATION_JSON_TYPE));
    }
}
