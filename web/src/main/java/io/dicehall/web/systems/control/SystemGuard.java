package io.dicehall.web.systems.control;

import io.dicehall.api.GivenDice;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Calls a rules system's code so that its faults are the system's: what it throws becomes a refusal of kind
 * {@code SYSTEM_FAILED}, logged for the operator, never a stack trace in the request. A plugin's code runs through
 * {@link SystemCalls}: on a worker within the system's own share of the pool (when the share is taken, refused as
 * unavailable), with a time limit ({@code dicehall.rules.time-limit-millis}; a call over it is interrupted and
 * refused as timed out, and its thread stopped if it goes on), and within the allocation budget (a call over it is
 * stopped, refused as the system's fault, and its system disabled). The bundled systems ship in this WAR, with
 * bounded inputs and their own tests, so they run on the request's thread and spare every call the hand-off to a
 * worker (docs/performance.md measures what that saves). Faces typed by hand that do not fit are the player's
 * fault, not the system's.
 */
@ApplicationScoped
public class SystemGuard {

    private static final Logger LOG = Logger.getLogger(Rules.class.getName());

    @Inject
    SystemRegistry registry;

    @Inject
    @ConfigProperty(name = "dicehall.rules.time-limit-millis", defaultValue = "5000")
    long timeLimitMillis;

    /** Runs plugin code: a worker pool with a share per system, a time limit and an allocation budget. */
    @Inject
    SystemCalls calls;

    /**
     * Calls the system's code, guarded as above.
     *
     * @param system the system whose code {@code call} runs
     * @param call the call
     * @return what the call returned
     * @throws io.dicehall.web.platform.Refusal when the system failed, was too slow or busy, or the faces typed
     *     do not fit
     */
    public <T> T call(InstalledSystem system, Supplier<T> call) {
        return system.bundled() ? inline(system, call) : limited(system, call);
    }

    private static <T> T inline(InstalledSystem system, Supplier<T> call) {
        try {
            return call.get();
        } catch (GivenDice.Refused wrongFaces) {
            throw RuleRefusals.wrongFaces(wrongFaces);
        } catch (RuntimeException | StackOverflowError e) {
            LOG.log(Level.WARNING, "Rules system " + system.id() + " failed", e);
            throw RuleRefusals.fault(system, "failed");
        }
    }

    private <T> T limited(InstalledSystem system, Supplier<T> call) {
        try {
            return calls.call(system.id(), "Rules system " + system.id(), call::get, timeLimitMillis,
                    () -> registry.disable(system, "allocated more than " + calls.budgetBytes() / (1024 * 1024)
                            + " MB in one call, so it was stopped and disabled"));
        } catch (SystemCalls.Busy busy) {
            LOG.fine(() -> "Rules system " + system.id() + " busy: " + busy.getMessage());
            throw RuleRefusals.busy(system);
        } catch (SystemCalls.TimedOut slow) {
            LOG.warning(() -> "Rules system " + system.id() + " took longer than " + timeLimitMillis + " ms; stopped");
            throw RuleRefusals.tooSlow(system, timeLimitMillis);
        } catch (SystemCalls.OverBudget greedy) {
            throw RuleRefusals.fault(system, "used more memory than one call may, and was disabled,");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GivenDice.Refused wrongFaces) {
                throw RuleRefusals.wrongFaces(wrongFaces);
            }
            LOG.log(Level.WARNING, "Rules system " + system.id() + " failed", e.getCause());
            throw RuleRefusals.fault(system, "failed");
        } catch (SystemCalls.Stopping e) {
            throw RuleRefusals.stopping();
        }
    }
}
