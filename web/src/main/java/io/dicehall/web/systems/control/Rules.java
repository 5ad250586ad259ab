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
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one way web code reaches a rules system, for rolls, moves, odds and best play: finds the procedure, checks
 * inputs with the form and the system's own rules, and calls the system guarded ({@link SystemGuard}), so that a
 * system that throws or answers nonsense is the system's fault and never takes the request down. What it refuses
 * is a {@link Refusal} in the domain's terms, worded in {@link RuleRefusals}.
 */
@ApplicationScoped
public class Rules {

    @Inject
    SystemRegistry registry;

    @Inject
    ClusterSystems clusterSystems;

    @Inject
    SystemGuard guard;

    /**
     * @return the installed system
     * @throws Refusal of kind {@code UNKNOWN} when there is none with that id
     */
    public InstalledSystem system(String systemId) {
        return registry.find(systemId).orElseThrow(() -> {
            List<String> elsewhere = clusterSystems.elsewhere(systemId);
            return elsewhere.isEmpty() ? RuleRefusals.unknownSystem(systemId)
                    : RuleRefusals.notOnThisInstance(systemId, clusterSystems.name(), elsewhere);
        });
    }

    /**
     * @return the procedure
     * @throws Refusal of kind {@code UNKNOWN} when the system or the procedure is unknown
     */
    public InstalledProcedure procedure(String systemId, String procedureId) {
        InstalledSystem system = system(systemId);
        return system.procedure(procedureId).orElseThrow(() -> RuleRefusals.unknownProcedure(system, procedureId));
    }

    /**
     * Checks a roll's raw inputs with the procedure's form and rules.
     *
     * @throws Refusal of kind {@code INVALID} listing every violation, paths under {@code inputs}
     */
    public Inputs inputs(InstalledSystem system, InstalledProcedure procedure, Object raw) {
        Inputs inputs = checked(procedure.form(), raw);
        List<Violation> broken = guard.call(system, () -> procedure.procedure().check(inputs));
        if (broken == null) {
            throw RuleRefusals.fault(system, "returned no answer when checking inputs");
        }
        if (!broken.isEmpty()) {
            throw RuleRefusals.ruleViolated(system, broken);
        }
        return inputs;
    }

    private static Inputs checked(Form form, Object raw) {
        InputChecker.Result result = InputChecker.check(form, raw);
        if (!result.ok()) {
            throw RuleRefusals.invalidInput("The inputs", result.violations());
        }
        return result.inputs();
    }

    /** Makes the first throw. */
    public RollState start(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, Dice dice) {
        return declared(system, procedure, nonNull(system, guard.call(system, () -> procedure.procedure().start(inputs, dice)), "a roll"));
    }

    /** Pre-roll odds. */
    public Odds odds(InstalledSystem system, InstalledProcedure procedure, Inputs inputs) {
        return nonNull(system, guard.call(system, () -> procedure.procedure().odds(inputs)), "odds");
    }

    /**
     * @return the exact distribution of each total the roll reads, when the procedure gives them (it implements
     *     {@link Distributions}); empty otherwise
     */
    public List<Distributions.Total> distributions(InstalledSystem system, InstalledProcedure procedure, Inputs inputs) {
        if (!(procedure.procedure() instanceof Distributions totals)) {
            return List.of();
        }
        return nonNull(system, guard.call(system, () -> totals.distributions(inputs)), "distributions");
    }

    /**
     * Checks a move against the state: it must be open, its inputs must fit its form and the rules.
     *
     * @return the checked move
     * @throws Refusal of kind {@code CONFLICT} when the roll is over or the move is not open or breaks a rule;
     *     {@code INVALID} when its inputs do not fit its form
     */
    public Move move(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            String moveId, Object raw) {
        if (state.complete()) {
            throw RuleRefusals.rollComplete();
        }
        var option = state.move(moveId).orElseThrow(() -> RuleRefusals.moveNotOpen(moveId, state));
        InputChecker.Result result = InputChecker.check(option.form(), raw);
        if (!result.ok()) {
            throw RuleRefusals.invalidInput("The move's inputs", result.violations());
        }
        Move move = new Move(option.id(), result.inputs());
        List<Violation> broken = guard.call(system, () -> procedure.procedure().checkMove(inputs, state, move));
        if (broken == null) {
            throw RuleRefusals.fault(system, "returned no answer when checking a move");
        }
        if (!broken.isEmpty()) {
            throw RuleRefusals.moveRefused(system, broken);
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
     * @throws Refusal as {@link #move} does, and of kind {@code CONFLICT} past {@link #MAX_MOVES}
     */
    public Played play(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state,
            int movesSoFar, String moveId, Object raw, Dice dice) {
        if (movesSoFar >= MAX_MOVES && !state.complete()) {
            throw RuleRefusals.tooManyMoves(MAX_MOVES);
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
                nonNull(system, guard.call(system, () -> procedure.procedure().apply(inputs, state, move, dice)), "a move"));
    }

    /**
     * Decision odds of a checked move.
     *
     * @throws Refusal of kind {@code CONFLICT} when the move gives no odds
     */
    public Odds odds(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, RollState state, Move move) {
        boolean declared = state.move(move.id()).map(m -> m.hasOdds()).orElse(false);
        Optional<Odds> odds = declared ? guard.call(system, () -> procedure.procedure().odds(inputs, state, move))
                : Optional.empty();
        if (odds == null || odds.isEmpty()) {
            throw RuleRefusals.noOdds(move);
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
     * @throws Refusal of kind {@code INVALID} at {@code goal} for a goal that is not one of the procedure's
     *     outcomes to aim at
     */
    public Optional<Goal> goal(InstalledSystem system, InstalledProcedure procedure, String goalId) {
        OutcomeOrder order = guard.call(system, () -> procedure.procedure().outcomeOrder());
        if (order == null || !order.ordered()) {
            if (goalId != null) {
                throw RuleRefusals.goalWithoutOrder(procedure);
            }
            return Optional.empty();
        }
        if (goalId == null) {
            return Optional.of(order.goalByDefault());
        }
        List<String> aims = goals(order, procedure);
        if (!aims.contains(goalId)) {
            throw RuleRefusals.unknownGoal(aims);
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
        OutcomeOrder order = guard.call(system, () -> procedure.procedure().outcomeOrder());
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
        Optional<T> found = guard.call(system, () -> {
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
     * @throws Refusal as for any call of the system ({@link SystemGuard})
     */
    public <T> T contained(InstalledSystem system, Supplier<T> call) {
        return guard.call(system, call);
    }

    /** Faces typed for dice thrown by hand that do not fit the dice the roll threw: the player's to correct. */
    public static Refusal wrongFaces(GivenDice.Refused refused) {
        return RuleRefusals.wrongFaces(refused);
    }

    private static <T> T nonNull(InstalledSystem system, T value, String what) {
        if (value == null) {
            throw RuleRefusals.fault(system, "returned no " + what);
        }
        return value;
    }

    private static RollState declared(InstalledSystem system, InstalledProcedure procedure, RollState state) {
        if (procedure.outcomes().stream().noneMatch(o -> o.id().equals(state.outcome().id()))) {
            throw RuleRefusals.fault(system, "answered with an outcome it does not declare");
        }
        return state;
    }
}
