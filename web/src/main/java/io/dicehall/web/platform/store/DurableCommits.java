package io.dicehall.web.platform.store;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Holds a {@link Durable} method's answer until its commit is on disk. It runs outside the
 * transaction's own interceptor ({@code @Transactional}), so by the time the method returns here its
 * transaction has committed; a call made inside a caller's transaction leaves the wait to the caller.
 */
@Durable
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class DurableCommits {

    @Inject
    EmbeddedStoreUpkeep store;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    Object commitDurably(InvocationContext call) throws Exception {
        Object result = call.proceed();
        if (transactions == null || transactions.getTransactionKey() == null) {
            store.awaitDurable();
        }
        return result;
    }
}
