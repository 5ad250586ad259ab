package io.dicehall.web.systems.control;

import io.dicehall.api.Dice;
import io.dicehall.api.GivenDice;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.SearchLimitException;
import io.dicehall.api.play.Solver;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Distributions;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one way web code reaches a rules system: finds the procedure, checks inputs with the form and
 * the system's own rules, and calls the system guarded, so that a system that throws or answers
 * nonsense is reported as the system's fault and never takes the request down with a stack trace.
 */
@ApplicationScoped
public class Rules {

    private static final Logger LOG = Logger.getLogger(Rules.class.getName());

    @Inject
    SystemRegistry registry;

    @Inject
    ClusterSystems clusterSystems;

    @Inject
    @ConfigProperty(name = "dicehall.rules.time-limit-millis", defaultValue = "5000")
    long timeLimitMillis;

    /** Runs plugin code: a worker pool with a share per system, a time limit and an allocation budget. */
    @Inject
    SystemCalls calls;

    /**
     * @return the installed system
     * @throws io.dicehall.web.platform.ProblemException 404 when there is none with that id
     */
    public InstalledSystem system(String systemId) {
        return registry.find(systemId).orElseThrow(() -> {
            List<String> elsewhere = clusterSystems.elsewhere(systemId);
            if (!elsewhere.isEmpty()) {
                return Refusal.of(Refusal.Kind.UNKNOWN, "system-not-on-this-instance", "System not on this instance",
                        "The rules system \"" + abbreviate(systemId) + "\" is not installed on this instance ("
                                + clusterSystems.name() + "), only on: " + String.join(", ", elsewhere)
                                + ". Its plugin JAR belongs in every instance's plugins directory.");
            }
            return Refusal.of(Refusal.Kind.UNKNOWN, "unknown-system", "Unknown system",
                    "No rules system with the id \"" + abbreviate(systemId) + "\" is installed.");
        });
    }

    /**
     * @return the procedure
     * @throws io.dicehall.web.platform.ProblemException 404 when the system or the procedure is unknown
     */
    public InstalledProcedure procedure(String systemId, String procedureId) {
        InstalledSystem system = system(systemId);
        return system.procedure(procedureId).orElseThrow(() -> Refusal.of(Refusal.Kind.UNKNOWN, "unknown-procedure",
                "Unknown procedure", "The system " + system.id() + " has no procedure \"" + abbreviate(procedureId)
                        + "\"; it has: " + String.join(", ", system.procedures().stream().map(InstalledProcedure::id).toList())
                        + "."));
    }

    /**
     * Checks a roll's raw inputs with the procedure's form and rules.
     *
     * @throws io.dicehall.web.platform.ProblemException 400 listing every violation, paths under {@code inputs}
     */
    public Inputs inputs(InstalledSystem system, InstalledProcedure procedure, Object raw) {
        Inputs inputs = checked(procedure.form(), raw);
        List<Violation> broken = guarded(system, () -> procedure.procedure().check(inputs));
        if (broken == null) {
            throw fault(system, "returned no answer when checking inputs");
        }
        if (!broken.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "rule-violated", "Rule violated",
                    "These inputs break " + (broken.size() == 1 ? "a rule" : broken.size() + " rules") + " of "
                            + system.name() + ".", "inputs", broken);
        }
        return inputs;
    }

    private static Inputs checked(Form form, Object raw) {
        InputChecker.Result result = InputChecker.check(form, raw);
        if (!result.ok()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "The inputs break "
                    + (result.violations().size() == 1 ? "a rule" : result.violations().size() + " rules") + ".",
                    "inputs", result.violations());
        }
        return result.inputs();
    }

    /** Makes the first throw. */
    public RollState start(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, Dice dice) {
        return declared(system, procedure, nonNull(system, guarded(system, () -> procedure.procedure().start(inputs, dice)), "a roll"));
    }

    /** Pre-roll odds. */
    public Odds odds(InstalledSystem system, InstalledProcedure procedure, Inputs inputs) {
        return nonNull(system, guarded(system, () -> procedure.procedure().odds(inputs)), "odds");
    }

    /**
     * @return the exact distribution of each total the roll reads, when the procedure gives them (it implements
     *     {@link Distributions}); empty otherwise
     */
    public List<Distributions.Total> distributions(InstalledSystem system, InstalledProcedure procedure, Inputs inputs) {
        if (!(procedure.procedure() instanceof Distributions totals)) {
            return List.of();
        }
        return nonNull(system, guarded(system, () -> totals.distributions(inputs)), "distributions");
    }

    /**
     * Checks a move against the state: it must be open, its inputs must fit its form and the rules.
     *
     * @return the checked move
     * @throws io.dicehall.web.platform.ProblemException 409 when the roll is over or the move is not
     *     open or breaks a rule; 400 when its inputs do not fit its form
     */
    public Move move(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            String moveId, Object raw) {
        if (state.complete()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "roll-complete", "Roll is over", "This roll is complete; no move can be made on it.");
        }
        var option = state.move(moveId).orElseThrow(() -> Refusal.of(Refusal.Kind.CONFLICT, "move-not-open", "Move not open",
                "\"" + abbreviate(moveId) + "\" is not a move open on this roll now; open moves: "
                        + String.join(", ", state.moves().stream().map(m -> m.id()).toList()) + "."));
        InputChecker.Result result = InputChecker.check(option.form(), raw);
        if (!result.ok()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "The move's inputs break "
                    + (result.violations().size() == 1 ? "a rule" : result.violations().size() + " rules") + ".",
                    "inputs", result.violations());
        }
        Move move = new Move(option.id(), result.inputs());
        List<Violation> broken = guarded(system, () -> procedure.procedure().checkMove(inputs, state, move));
        if (broken == null) {
            throw fault(system, "returned no answer when checking a move");
        }
        if (!broken.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.CONFLICT, "move-refused", "Move refused", "This move breaks "
                    + (broken.size() == 1 ? "a rule" : broken.size() + " rules") + " of " + system.name() + ".",
                    "inputs", broken);
        }
        return move;
    }

    /** The most moves one roll may take, so that every stored roll has a known ceiling. */
    public static final int MAX_MOVES = 200;

    /**
     * Checks and makes a move: the one way both loose rolls and table rolls move.
     *
     * @param movesSoFar how many moves the roll has taken
     * @return the checked move and the next state
     * @throws io.dicehall.web.platform.ProblemException as {@link #move} does, and 409 past {@link #MAX_MOVES}
     */
    public Played play(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            int movesSoFar, String moveId, Object raw, Dice dice) {
        if (movesSoFar >= MAX_MOVES && !state.complete()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "too-many-moves", "Too many moves",
                    "This roll has reached its limit of " + MAX_MOVES + " moves.");
        }
        Move move = move(system, procedure, inputs, state, moveId, raw);
        return new Played(move, apply(system, procedure, inputs, state, move, dice));
    }

    /** A move made: the checked move and the state it led to. */
    public record Played(Move move, RollState next) {
    }

    /** Makes a checked move. */
    public RollState apply(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            Move move, Dice dice) {
        return declared(system, procedure,
                nonNull(system, guarded(system, () -> procedure.procedure().apply(inputs, state, move, dice)), "a move"));
    }

    /**
     * Decision odds of a checked move.
     *
     * @throws io.dicehall.web.platform.ProblemException 409 when the move gives no odds
     */
    public Odds odds(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state, Move move) {
        boolean declared = state.move(move.id()).map(m -> m.hasOdds()).orElse(false);
        Optional<Odds> odds = declared ? guarded(system, () -> procedure.procedure().odds(inputs, state, move))
                : Optional.empty();
        if (odds == null || odds.isEmpty()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "no-odds", "No odds for this move",
                    "The move " + move.id() + " does not give odds.");
        }
        return odds.get();
    }

    /** The most positions one best-play search may visit in a request; beyond it there is no best play. */
    public static final int BEST_PLAY_LIMIT = 100_000;

    private static final Solver SOLVER = Solver.standard().limit(BEST_PLAY_LIMIT);

    /**
     * The goal named for a procedure: the procedure's default when none is named; empty when its outcomes have
     * no order (no goal, no best play).
     *
     * @throws io.dicehall.web.platform.ProblemException 400 at {@code goal} for a goal that is not one of the
     *     procedure's outcomes to aim at
     */
    public Optional<Goal> goal(InstalledSystem system, InstalledProcedure procedure, String goalId) {
        OutcomeOrder order = guarded(system, () -> procedure.procedure().outcomeOrder());
        if (order == null || !order.ordered()) {
            if (goalId != null) {
                throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "This procedure's outcomes have no order.",
                        "", List.of(new Violation("goal", "cannot be set: " + procedure.name() + " has no better or worse"
                                + " outcomes to aim at")));
            }
            return Optional.empty();
        }
        if (goalId == null) {
            return Optional.of(order.goalByDefault());
        }
        List<String> aims = goals(order, procedure);
        if (!aims.contains(goalId)) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "Unknown goal.", "",
                    List.of(new Violation("goal", "is not an outcome you can aim at here; one of: "
                            + String.join(", ", aims))));
        }
        return Optional.of(order.goal(goalId));
    }

    /** @return the outcomes one may aim at, worst first: the ranked ones, less those still pending */
    public static List<String> goals(OutcomeOrder order, InstalledProcedure procedure) {
        if (!order.ordered()) {
            return List.of();
        }
        var pending = procedure.outcomes().stream().filter(o -> o.tone() == io.dicehall.api.state.Tone.PENDING)
                .map(io.dicehall.api.state.Outcome::id).toList();
        return order.worstToBest().stream().filter(id -> !pending.contains(id)).toList();
    }

    /** @return the order of a procedure's outcomes, as the system gives it */
    public OutcomeOrder order(InstalledSystem system, InstalledProcedure procedure) {
        OutcomeOrder order = guarded(system, () -> procedure.procedure().outcomeOrder());
        return order == null ? OutcomeOrder.UNORDERED : order;
    }

    /** @return best play before the roll; empty without a game, or when it is too large to work out */
    public Optional<BestPlay> bestPlay(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, Goal goal) {
        return searched(system, () -> SOLVER.beforeRoll(procedure.procedure(), inputs, goal));
    }

    /** @return best play in a state, every open move with its value; empty as above */
    public Optional<BestPlay> bestPlay(InstalledSystem system, InstalledProcedure procedure, Inputs inputs,
            RollState state, Goal goal) {
        return searched(system, () -> SOLVER.at(procedure.procedure(), inputs, state, goal));
    }

    /** @return a checked move's value: making it, then playing best; empty as above */
    public Optional<MoveChance> bestPlay(InstalledSystem system, InstalledProcedure procedure, Inputs inputs,
            RollState state, Move move, Goal goal) {
        return searched(system, () -> SOLVER.move(procedure.procedure(), inputs, state, move, goal));
    }

    /**
     * Judges a roll as it stands: the decision odds of a move (when {@code moveId} is given) and best play toward a
     * goal (the procedure's default when {@code goalId} is null).
     */
    public Judged judge(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            String moveId, Object rawMoveInputs, String goalId) {
        Move move = moveId == null ? null : move(system, procedure, inputs, state, moveId, rawMoveInputs);
        Odds odds = move == null ? null : odds(system, procedure, inputs, state, move);
        Optional<Goal> goal = goal(system, procedure, goalId);
        BestPlay best = goal.flatMap(g -> bestPlay(system, procedure, inputs, state, g)).orElse(null);
        MoveChance asked = move == null || best == null ? null
                : goal.flatMap(g -> bestPlay(system, procedure, inputs, state, move, g)).orElse(null);
        return new Judged(odds, best, asked, procedure.outcomes(), state);
    }

    private <T> Optional<T> searched(InstalledSystem system, Supplier<Optional<T>> search) {
        Optional<T> found = guarded(system, () -> {
            try {
                return search.get();
            } catch (SearchLimitException tooLarge) {
                return Optional.empty();
            }
        });
        return found == null ? Optional.empty() : found;
    }

    /**
     * Runs other code that calls the system (e.g. a replay of its rolls) as every call of it is run: a plugin's on a
     * worker, within its share, its time limit and its allocation budget.
     *
     * @throws io.dicehall.web.platform.ProblemException 502, 503 or 504 as for any call of the system
     */
    public <T> T contained(InstalledSystem system, Supplier<T> call) {
        return guarded(system, call);
    }

    /**
     * Calls system code so that its faults are the system's: an exception becomes a 502. A plugin's
     * code runs through {@link SystemCalls}: on a worker within the system's own share of the pool (when the
     * share is taken, 503), with a time limit (a call over it is interrupted and answered 504, and its thread
     * stopped if it goes on), and within the allocation budget (a call over it is stopped, answered 502, and
     * its system disabled). The bundled systems ship in this WAR, with bounded inputs and their
     * own tests, so they run on the request's thread and spare every call the hand-off to a worker
     * (docs/performance.md measures what that saves).
     */
    private <T> T guarded(InstalledSystem system, Supplier<T> call) {
        return system.bundled() ? inline(system, call) : limited(system, call);
    }

    private static <T> T inline(InstalledSystem system, Supplier<T> call) {
        try {
            return call.get();
        } catch (GivenDice.Refused wrongFaces) {
            throw wrongFaces(wrongFaces);
        } catch (RuntimeException | StackOverflowError e) {
            LOG.log(Level.WARNING, "Rules system " + system.id() + " failed", e);
            throw fault(system, "failed");
        }
    }

    private <T> T limited(InstalledSystem system, Supplier<T> call) {
        try {
            return calls.call(system.id(), "Rules system " + system.id(), call::get, timeLimitMillis,
                    () -> registry.disable(system, "allocated more than " + calls.budgetBytes() / (1024 * 1024)
                            + " MB in one call, so it was stopped and disabled"));
        } catch (SystemCalls.Busy busy) {
            LOG.fine(() -> "Rules system " + system.id() + " busy: " + busy.getMessage());
            throw Refusal.of(Refusal.Kind.UNAVAILABLE, "rules-busy", "Rules busy", "Every worker this server gives "
                    + "the rules system " + system.name() + " is busy with a slow call; try again shortly.");
        } catch (SystemCalls.TimedOut slow) {
            LOG.warning(() -> "Rules system " + system.id() + " took longer than " + timeLimitMillis + " ms; stopped");
            throw Refusal.of(Refusal.Kind.TIMED_OUT, "system-timeout", "Rules system too slow", "The rules system " + system.name()
                    + " took longer than " + timeLimitMillis + " ms and was stopped. Nothing was stored.");
        } catch (SystemCalls.OverBudget greedy) {
            throw fault(system, "used more memory than one call may, and was disabled,");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GivenDice.Refused wrongFaces) {
                throw wrongFaces(wrongFaces);
            }
            LOG.log(Level.WARNING, "Rules system " + system.id() + " failed", e.getCause());
            throw fault(system, "failed");
        } catch (SystemCalls.Stopping e) {
            throw Refusal.of(Refusal.Kind.UNAVAILABLE, "interrupted", "Interrupted", "The server is stopping.");
        }
    }

    /** Faces typed for dice thrown by hand that do not fit the dice the roll threw: the player's to correct. */
    public static Refusal wrongFaces(GivenDice.Refused refused) {
        String field = refused.index() < 0 ? "faces" : "faces[" + refused.index() + "]";
        return Refusal.violated(Refusal.Kind.INVALID, "wrong-faces", "Faces do not fit the dice",
                "The faces entered do not fit the dice this roll throws.", "",
                List.of(new Violation(field, refused.getMessage())));
    }

    private static <T> T nonNull(InstalledSystem system, T value, String what) {
        if (value == null) {
            throw fault(system, "returned no " + what);
        }
        return value;
    }

    private static RollState declared(InstalledSystem system, InstalledProcedure procedure, RollState state) {
        if (procedure.outcomes().stream().noneMatch(o -> o.id().equals(state.outcome().id()))) {
            throw fault(system, "answered with an outcome it does not declare");
        }
        return state;
    }

    private static Refusal fault(InstalledSystem system, String what) {
        return Refusal.of(Refusal.Kind.SYSTEM_FAILED, "system-fault", "Rules system failed", "The rules system " + system.name() + " "
                + what + " on this request. Nothing was stored; the fault has been logged for the operator.");
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "";
        }
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
