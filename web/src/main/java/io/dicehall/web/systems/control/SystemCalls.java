package io.dicehall.web.systems.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs plugin code: on a worker thread of a bounded pool, within a time limit, within a share of that pool of its
 * own (a bulkhead: each share, a rules system or a plugin JAR being loaded, holds at most
 * {@code dicehall.rules.threads-per-system} workers, so one slow or stuck system answers "busy" while the others
 * keep their workers and their speed), and within an allocation budget per call
 * ({@code dicehall.rules.allocation-budget-mb}).
 *
 * <p>A call past its time limit is interrupted. A {@link CallWatchdog} watches every running call: one that
 * allocates more than the budget is abandoned, its thread stopped, and its {@code overBudget} action run (the
 * registry disables the system); one still running a grace period (its time limit again) later ignores interrupts,
 * and its thread is stopped.
 *
 * <p>Usable without CDI: {@link #standalone()} makes one with the defaults.
 */
@ApplicationScoped
public class SystemCalls {

    @Inject
    @ConfigProperty(name = "dicehall.rules.max-threads", defaultValue = "64")
    int maxThreads = 64;

    @Inject
    @ConfigProperty(name = "dicehall.rules.threads-per-system", defaultValue = "8")
    int threadsPerSystem = 8;

    @Inject
    @ConfigProperty(name = "dicehall.rules.allocation-budget-mb", defaultValue = "256")
    long allocationBudgetMb = 256;

    @Resource
    ManagedThreadFactory threadFactory;

    private ThreadPoolExecutor pool;
    private CallWatchdog watchdog;
    private volatile boolean stopping;
    private final ConcurrentHashMap<String, Semaphore> shares = new ConcurrentHashMap<>();

    /** @return calls with the default limits, outside CDI (started) */
    static SystemCalls standalone() {
        SystemCalls calls = new SystemCalls();
        calls.start();
        return calls;
    }

    @PostConstruct
    void start() {
        ThreadFactory factory = threadFactory != null ? threadFactory : Executors.defaultThreadFactory();
        pool = new ThreadPoolExecutor(0, Math.max(1, maxThreads), 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                factory);
        watchdog = new CallWatchdog(allocationBudgetMb);
        watchdog.start(factory);
    }

    @PreDestroy
    void stop() {
        stopping = true;
        if (watchdog != null) {
            watchdog.stop();
        }
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /** The call took longer than its time limit: interrupted, and stopped if it goes on. */
    static final class TimedOut extends Exception {
        private static final long serialVersionUID = 1L;

        TimedOut(String message) {
            super(message, null, false, false);
        }
    }

    /** The share or the whole pool has no free worker. */
    static final class Busy extends Exception {
        private static final long serialVersionUID = 1L;

        Busy(String message) {
            super(message, null, false, false);
        }
    }

    /** The call allocated more than the budget and was stopped. */
    static final class OverBudget extends Exception {
        private static final long serialVersionUID = 1L;

        OverBudget(String message) {
            super(message, null, false, false);
        }
    }

    /** The server is stopping. */
    static final class Stopping extends Exception {
        private static final long serialVersionUID = 1L;

        Stopping() {
            super("the server is stopping", null, false, false);
        }
    }

    /**
     * Runs plugin code within its share, its time limit and the allocation budget.
     *
     * @param share whose share of the workers the call takes: a system's id, or a plugin JAR's name while loading
     * @param what what the call is, for the log
     * @param call the plugin code
     * @param timeLimitMillis how long to wait for it
     * @param overBudget run once, on the watchdog's thread, when the call allocates more than the budget (even
     *     after its caller stopped waiting); may be null
     * @return what the call returned
     * @throws ExecutionException with what the call threw
     * @throws TimedOut past the time limit
     * @throws Busy when the share or the pool has no free worker
     * @throws OverBudget when the call allocated more than the budget
     * @throws Stopping when the server is stopping
     */
    <T> T call(String share, String what, Callable<T> call, long timeLimitMillis, Runnable overBudget)
            throws ExecutionException, TimedOut, Busy, OverBudget, Stopping {
        if (stopping) {
            throw new Stopping();
        }
        Semaphore permits = shares.computeIfAbsent(share, s -> new Semaphore(Math.max(1, threadsPerSystem)));
        if (!permits.tryAcquire()) {
            throw new Busy("all " + threadsPerSystem + " workers of " + share + " are busy");
        }
        var task = watchdog.new Call(what, permits, overBudget, System.nanoTime()
                + 2 * TimeUnit.MILLISECONDS.toNanos(Math.max(1, timeLimitMillis)));
        Future<T> future;
        try {
            future = pool.submit(() -> task.run(call));
        } catch (RejectedExecutionException full) {
            task.release();
            if (stopping || pool.isShutdown()) {
                throw new Stopping();
            }
            throw new Busy("every worker of the server is busy");
        }
        task.future = future;
        try {
            return future.get(timeLimitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException slow) {
            future.cancel(true);
            if (task.overBudget.get()) {
                throw new OverBudget(task.budgetMessage());
            }
            throw new TimedOut(what + " took longer than " + timeLimitMillis + " ms");
        } catch (CancellationException | ExecutionException e) {
            if (task.overBudget.get()) {
                throw new OverBudget(task.budgetMessage());
            }
            if (e instanceof ExecutionException failed) {
                throw failed;
            }
            throw new TimedOut(what + " was stopped");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            throw new Stopping();
        }
    }

    /** @return the allocation budget of one call, in bytes */
    long budgetBytes() {
        return allocationBudgetMb * 1024 * 1024;
    }

    /** @return how many worker threads have been stopped for ignoring an interrupt or exceeding the budget */
    public long stoppedThreads() {
        return watchdog.stoppedThreads();
    }

    /** @return how many calls exceeded the allocation budget */
    public long overBudgetCalls() {
        return watchdog.overBudgetCalls();
    }

    /** @return calls still running past twice their time limit that could not be stopped */
    public long runaways() {
        return watchdog.runaways();
    }

    /**
     * Says that the call running on this thread now makes a new call of plugin code (as the odds check does, one
     * throw after another, within one load): the allocation budget counts from here. Does nothing on other threads.
     */
    static void nextCall() {
        CallWatchdog.nextCall();
    }
}
