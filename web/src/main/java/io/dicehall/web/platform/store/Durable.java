package io.dicehall.web.platform.store;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that writes in a transaction of its own: it returns only once its commit is on disk
 * ({@link DurableCommits}). Needed where the store leaves that to the application (the embedded H2:
 * {@link EmbeddedStoreUpkeep}); elsewhere it costs nothing.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Durable {
}
