package io.dicehall.web.systems.control;

import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches the calls of plugin code that {@link SystemCalls} runs on its workers. Every {@value #WATCH_MILLIS} ms it
 * samples each running call's allocated bytes ({@link com.sun.management.ThreadMXBean#getThreadAllocatedBytes(long)});
 * a call over the allocation budget is stopped and its {@code overBudget} action run, and a call still running past
 * its stop time (twice its time limit: it ignored the interrupt) is stopped. Stopping a thread ({@code Thread.stop})
 * is safe enough here only because rules code passed the bytecode check: it holds no lock and no resource of the
 * server's. Where the JVM cannot stop threads, the call is reported as a runaway. Counts what it stopped.
 */
final class CallWatchdog {

    private static final Logger LOG = Logger.getLogger(SystemCalls.class.getName());
    static final long WATCH_MILLIS = 20;
    /** The call the current worker runs, if any. */
    private static final ThreadLocal<Call> CURRENT = new ThreadLocal<>();

    private final long budgetMb;
    private final Set<Call> running = ConcurrentHashMap.newKeySet();
    private final AtomicLong stoppedThreads = new AtomicLong();
    private final AtomicLong overBudgetCalls = new AtomicLong();
    private final com.sun.management.ThreadMXBean threads = threadBean();
    private volatile boolean stopping;
    private Thread watcher;

    /** @param budgetMb the most one call may allocate, in MB */
    CallWatchdog(long budgetMb) {
        this.budgetMb = budgetMb;
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        var bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()) {
            if (!sun.isThreadAllocatedMemoryEnabled()) {
                sun.setThreadAllocatedMemoryEnabled(true);
            }
            return sun;
        }
        return null;
    }

    /** Starts watching, on a daemon thread of the factory's. */
    void start(ThreadFactory factory) {
        watcher = factory.newThread(this::watch);
        watcher.setDaemon(true);
        watcher.setName("dicehall-rules-watchdog");
        watcher.start();
    }

    void stop() {
        stopping = true;
        if (watcher != null) {
            watcher.interrupt();
        }
    }

    /** One call on a worker: its share's permit, when it is stopped, and what it has allocated. */
    final class Call {
        final String what;
        final Semaphore permits;
        final Runnable onOverBudget;
        final long stopAt;
        final AtomicBoolean released = new AtomicBoolean();
        final AtomicBoolean overBudget = new AtomicBoolean();
        volatile Thread thread;
        volatile long startBytes;
        volatile boolean done;
        volatile boolean stopFailed;
        volatile Future<?> future;

        /**
         * @param what what the call is, for the log
         * @param permits the share's permits, one of which the call holds
         * @param onOverBudget run once when the call allocates more than the budget; may be null
         * @param stopAt {@link System#nanoTime()} past which the call's thread is stopped
         */
        Call(String what, Semaphore permits, Runnable onOverBudget, long stopAt) {
            this.what = what;
            this.permits = permits;
            this.onOverBudget = onOverBudget;
            this.stopAt = stopAt;
        }

        /** Runs the plugin code on this worker, watched; frees the share's permit when done. */
        <T> T run(Callable<T> call) throws Exception {
            thread = Thread.currentThread();
            startBytes = allocated(thread);
            running.add(this);
            CURRENT.set(this);
            try {
                return call.call();
            } finally {
                CURRENT.remove();
                synchronized (this) {
                    done = true;
                }
                running.remove(this);
                release();
                Thread.interrupted();
            }
        }

        void release() {
            if (released.compareAndSet(false, true)) {
                permits.release();
            }
        }

        CallWatchdog owner() {
            return CallWatchdog.this;
        }

        String budgetMessage() {
            return what + " allocated more than " + budgetMb + " MB in one call";
        }
    }

    /** @return how many worker threads have been stopped for ignoring an interrupt or exceeding the budget */
    long stoppedThreads() {
        return stoppedThreads.get();
    }

    /** @return how many calls exceeded the allocation budget */
    long overBudgetCalls() {
        return overBudgetCalls.get();
    }

    /** @return calls still running past twice their time limit that could not be stopped */
    long runaways() {
        long now = System.nanoTime();
        return running.stream().filter(r -> r.thread != null && now - r.stopAt > 0 && r.stopFailed).count();
    }

    /** @see SystemCalls#nextCall() */
    static void nextCall() {
        Call call = CURRENT.get();
        if (call != null) {
            call.startBytes = call.owner().allocated(call.thread);
        }
    }

    private long allocated(Thread thread) {
        return threads == null ? 0 : threads.getThreadAllocatedBytes(thread.getId());
    }

    private void watch() {
        while (!stopping) {
            try {
                Thread.sleep(WATCH_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            for (Call call : running) {
                try {
                    check(call, now);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "watching " + call.what, e);
                }
            }
        }
    }

    private void check(Call call, long now) {
        Thread thread = call.thread;
        if (thread == null || call.done) {
            return;
        }
        if (threads != null && allocated(thread) - call.startBytes > budgetMb * 1024 * 1024
                && call.overBudget.compareAndSet(false, true)) {
            overBudgetCalls.incrementAndGet();
            LOG.warning(() -> call.budgetMessage() + "; stopped");
            halt(call, thread);
            if (call.onOverBudget != null) {
                call.onOverBudget.run();
            }
        } else if (now - call.stopAt > 0 && !call.stopFailed) {
            LOG.warning(() -> call.what + " kept running after its time limit and an interrupt; stopped");
            halt(call, thread);
        }
    }

    /** Stops the call's thread (plugin code only: it passed the bytecode check), and frees its share. */
    @SuppressWarnings({"deprecation", "removal"})
    private void halt(Call call, Thread thread) {
        Future<?> future = call.future;
        if (future != null) {
            future.cancel(true);
        }
        synchronized (call) {
            if (call.done) {
                return;
            }
            try {
                thread.stop();
                stoppedThreads.incrementAndGet();
                running.remove(call);
                call.release();
            } catch (UnsupportedOperationException | SecurityException cannot) {
                call.stopFailed = true;
                LOG.severe(() -> call.what + " cannot be stopped on this JVM (" + cannot
                        + "); its thread keeps running until the server restarts");
            }
        }
    }
}
