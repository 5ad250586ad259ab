package io.dicehall.web.tables.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Ends the open moves of rolls left idle for their table's idle time, every few seconds
 * ({@code dicehall.tables.idle-sweep-seconds}, 10 by default), on every instance. Cluster-safe because
 * {@link RollEndings#endIdleRolls} locks each roll and checks it again: two instances that sweep at once
 * end a roll once, and tell the table once. The timer is not persistent: each instance runs its own.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class IdleRollSweep {

    private static final Logger LOG = Logger.getLogger(IdleRollSweep.class.getName());

    /** The most rolls one sweep ends; the next sweep takes the rest. */
    static final int MOST = 200;

    @Resource
    TimerService timers;

    @Inject
    RollEndings rollEndings;

    @Inject
    @ConfigProperty(name = "dicehall.tables.idle-sweep-seconds", defaultValue = "10")
    int everySeconds;

    private final AtomicBoolean running = new AtomicBoolean();

    @PostConstruct
    void start() {
        long period = Math.max(1, everySeconds) * 1000L;
        timers.createIntervalTimer(period, period, new TimerConfig("idle-roll-sweep", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void sweep() {
        if (!running.compareAndSet(false, true)) {
            return; // the last sweep is still at work
        }
        try {
            int ended = rollEndings.endIdleRolls(LocalDateTime.now(ZoneOffset.UTC), MOST);
            if (ended > 0) {
                LOG.fine(() -> ended + " idle roll(s) ended");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "ending idle rolls failed; the next sweep tries again: " + e, e);
        } finally {
            running.set(false);
        }
    }
}
