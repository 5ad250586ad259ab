package io.dicehall.benchmarks;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What is measured: every procedure of every bundled system at its largest legal inputs, and each
 * move that has decision odds, on a seeded state that opens it, with its largest legal move inputs.
 *
 * <p>Inputs are raw JSON-like maps checked with {@link InputChecker#check} against the procedure's
 * form and then against the procedure's own rules ({@link Procedure#check}), exactly as the server
 * does, so every benchmark runs on real checked inputs. "Largest" means every count at its maximum
 * (dice, bonus dice, rows, helpers, KISSes, Health, fate points, extra steps …) and, where a value
 * only sets a probability (rank, TN), the highest legal value unless noted.
 */
public final class Cases {

    /** Seeds tried (1…SEEDS) when looking for a state that opens a move with its largest inputs. */
    static final int SEEDS = 400;

    /** A procedure with raw inputs, before checking. */
    public record Spec(String id, String system, String procedure, Map<String, Object> raw, String note) {
    }

    /** A procedure with its checked inputs, ready to compute odds. */
    public record Prepared(Spec spec, Procedure procedure, Inputs inputs) {
    }

    /** Builds a move's raw inputs for a state, or answers null when the state does not suit. */
    @FunctionalInterface
    interface MoveInputs {
        Map<String, Object> raw(Prepared roll, RollState state, MoveOption option);
    }

    /** A move to measure decision odds of, on a state rolled from a pre-roll case. */
    public record DecisionSpec(String id, String caseId, String move, MoveInputs moveInputs, String note) {
    }

    /** A seeded state with an open move and its checked inputs. */
    public record Decision(DecisionSpec spec, Prepared roll, long seed, RollState state, Map<String, Object> rawMove,
            Move move) {

        /** @return how many items the move's pick fields hold (dice picked, rollers spending Ego) */
        public int picks() {
            return Cases.picks(rawMove);
        }
    }

    // ---------------------------------------------------------------- pre-roll cases

    // Where a field only sets a probability (rank, TN, challenge, risk, edge), the value below is the
    // one whose pre-roll odds were slowest in a scan over every legal value (Scan, run on the benchmark
    // machine; differences under ~5% are noise there): such a field changes the size of the numbers,
    // not of the pools. The one exception is the Check, whose slowest rank (1) cannot fail a die and so
    // never offers a KISS; it uses the slowest rank that does.

    /** Check, Group Check, Versus Check: every roller's rank. */
    static final int CHECK_RANK = 2;
    static final int GROUP_RANK = 2;
    static final int VERSUS_RANK = 2;
    /** Task and Opposed Task: pool rank and the helpers' rank. */
    static final int TASK_RANK = 5;
    static final int TASK_HELPER_RANK = 4;
    static final int OPPOSED_RANK = 2;
    static final int OPPOSED_HELPER_RANK = 2;
    /** Die of Fortune cases: only the helpers' rank counts (the pool's rank is unused). */
    static final int FORTUNE_HELPER_RANK = 2;
    static final int ROLL_TN = 0;
    static final int BACKGROUND_TN = 0;
    static final int BACKGROUND_PRIMARY_TN = 0;
    static final int OPPOSED_INITIATOR_TN = 2;
    static final int OPPOSED_OPPONENT_TN = 6;
    /** Extended roll: also the difficulty, which sets how many unknowns the chain solves for. */
    static final int EXTENDED_TN = 0;
    static final String EXTENDED_DIFFICULTY = "nigh-impossible";
    static final String ACTION_CHALLENGE = "daunting";
    static final String ACTION_RISK = "precarious";
    static final String ACTION_EDGE = "none";

    private static final List<Spec> PRE_ROLL = List.of(
            spec("tasks-checks/check", "tasks-checks", "check", check(CHECK_RANK),
                    "3 d6 (stress 0), 10 KISSes"),
            spec("tasks-checks/slow-check", "tasks-checks", "slow-check",
                    map("rank", 6, "stress", 1),
                    "stress 1 (2 is refused by the rules)"),
            spec("tasks-checks/group-check", "tasks-checks", "group-check", groupCheck(GROUP_RANK),
                    "8 participants × 3 d6, 10 KISSes each (lending plan)"),
            spec("tasks-checks/versus-check", "tasks-checks", "versus-check", versusCheck(VERSUS_RANK),
                    "8 contestants × 3 d6, 10 KISSes each"),
            spec("tasks-checks/task", "tasks-checks", "task", task(false, TASK_RANK, TASK_HELPER_RANK),
                    "20 pool d6 + 8 help dice, 8 factors, 10 KISSes, Health 10"),
            spec("tasks-checks/task:fortune", "tasks-checks", "task", task(true, 6, FORTUNE_HELPER_RANK),
                    "empty pool: Die of Fortune + 8 help dice, 10 KISSes, Health 10"),
            spec("tasks-checks/opposed-task", "tasks-checks", "opposed-task",
                    opposedTask(false, OPPOSED_RANK, OPPOSED_HELPER_RANK),
                    "4 sides × (20 pool d6 + 8 help dice)"),
            spec("tasks-checks/opposed-task:fortune", "tasks-checks", "opposed-task",
                    opposedTask(true, 6, FORTUNE_HELPER_RANK),
                    "4 sides × (Die of Fortune + 8 help dice), Health 10 each"),
            spec("fatewalker/roll", "fatewalker", "roll", fatewalkerRoll(ROLL_TN),
                    "40 d10"),
            spec("fatewalker/background-roll", "fatewalker", "background-roll",
                    backgroundRoll(BACKGROUND_TN, BACKGROUND_PRIMARY_TN),
                    "30 background d10, then 40 d10 ± the background result"),
            spec("fatewalker/opposed", "fatewalker", "opposed", fatewalkerOpposed(OPPOSED_INITIATOR_TN, OPPOSED_OPPONENT_TN),
                    "40 d10 against 40 d10"),
            spec("fatewalker/extended", "fatewalker", "extended", extended(EXTENDED_DIFFICULTY, EXTENDED_TN),
                    "50 d10 a roll (+5 once), goal 18, difficulty 4: an exact Markov chain"),
            fate("overcome"),
            fate("create-advantage"),
            fate("attack"),
            fate("defend"),
            spec("action-rolls/action-roll", "action-rolls", "action-roll",
                    actionRoll(ACTION_CHALLENGE, ACTION_RISK, ACTION_EDGE),
                    "2 d12 + 2 d12 (Daring: + d12 + d12)"),
            spec("dice/roll", "dice", "roll", map("expression", "20d6!"),
                    "20 exploding d6, each up to 10 times (more in DiceNotationOdds)"));

    static Map<String, Object> check(int rank) {
        return map("rank", rank, "stress", 0, "kisses", 10, "stressful", true);
    }

    static Map<String, Object> groupCheck(int rank) {
        return map("participants", rows(8, i -> checker("Participant " + i, rank)), "stressful", true);
    }

    static Map<String, Object> versusCheck(int rank) {
        return map("contestants", rows(8, i -> checker("Contestant " + i, rank)));
    }

    private static Map<String, Object> checker(String name, int rank) {
        return map("name", name, "rank", rank, "stress", 0, "kisses", 10);
    }

    /** The largest Task: 10 job dice + 10 bonus dice (or none: the Die of Fortune), 8 helpers. */
    static Map<String, Object> task(boolean fortune, int rank, int helperRank) {
        return map("job-level", fortune ? 0 : 10, "rank", rank, "bonus-dice", fortune ? 0 : 10, "stress", 0,
                "objectives", 4, "difficulty-factors", 4, "offered-dice", 0, "kisses", 10, "health", 10,
                "stressful", true, "helpers", rows(8, i -> map("name", "Helper " + i, "rank", helperRank)));
    }

    static Map<String, Object> opposedTask(boolean fortune, int rank, int helperRank) {
        return map("sides", rows(4, i -> {
            Map<String, Object> side = map("name", "Side " + i);
            side.putAll(task(fortune, rank, helperRank));
            return side;
        }));
    }

    static Map<String, Object> fatewalkerRoll(int tn) {
        return map("dice", 30, "tn", tn, "bonus-dice", 10);
    }

    static Map<String, Object> backgroundRoll(int backgroundTn, int tn) {
        return map("background-skill", "x".repeat(60), "leaf-skill", true, "will", 20,
                "background-dice", 30, "background-tn", backgroundTn, "dice", 30, "tn", tn, "bonus-dice", 10);
    }

    static Map<String, Object> fatewalkerOpposed(int initiatorTn, int opponentTn) {
        return map("initiator-name", "I".repeat(40), "initiator-dice", 30, "initiator-tn", initiatorTn,
                "initiator-bonus-dice", 10, "opponent-name", "O".repeat(40), "opponent-dice", 30,
                "opponent-tn", opponentTn, "opponent-bonus-dice", 10);
    }

    /**
     * The largest extended roll: 30 + 10 dice, every modifier of the table at its most dice (+10), 5
     * one-time bonus dice kept for the second roll, 5 extra steps (goal 18).
     */
    static Map<String, Object> extended(String difficulty, int tn) {
        return map("dice", 30, "tn", tn, "bonus-dice", 10, "difficulty", difficulty,
                "base-time", 60_000, "extra-steps", 5, "interrupted", false, "other-actions", false,
                "quality", "terrible", "time-taken", "plus-100", "tools", "exceptional", "environment-dice", 4,
                "one-time-bonus", 5, "use-one-time-bonus", false);
    }

    static Map<String, Object> actionRoll(String challenge, String risk, String edge) {
        return map("first-ability", 5, "first-ability-name", "A".repeat(40), "second-ability", 5,
                "second-ability-name", "B".repeat(40), "challenge", challenge, "risk", risk,
                "edge", edge, "risk-category", "physical");
    }

    private static Spec fate(String action) {
        Map<String, Object> raw = map("skill", 12, "difficulty", 12, "active-opposition", true);
        if (action.equals("create-advantage")) {
            raw.put("aspect", "existing-unknown");
        }
        raw.putAll(map("stunt-bonus", 6, "fate-points", 10, "aspects", 10, "free-invokes", 10,
                "opposition-fate-points", 10, "opposition-free-invokes", 10));
        return spec("fate-condensed/" + action, "fate-condensed", action, raw,
                "4dF − 4dF (active opposition), 10 fate points on 10 fitting aspects + 10 free invokes each side");
    }

    // ---------------------------------------------------------------- decision cases

    private static final List<DecisionSpec> DECISIONS = decisions();

    private static List<DecisionSpec> decisions() {
        var list = new ArrayList<DecisionSpec>();
        for (String id : List.of("check", "group-check", "versus-check", "task", "task:fortune", "opposed-task",
                "opposed-task:fortune")) {
            list.add(new DecisionSpec("tasks-checks/" + id + "#kiss", "tasks-checks/" + id, "kiss", Cases::kissAll,
                    "KISS every failed die each roller can pay for"));
            list.add(new DecisionSpec("tasks-checks/" + id + "#ego", "tasks-checks/" + id, "ego", Cases::egoAll,
                    id.endsWith("fortune") ? "Ego for everyone: Health 10 exploding dice each"
                            : "Ego for everyone with a 6"));
        }
        list.add(new DecisionSpec("fatewalker/extended#roll-again", "fatewalker/extended", "roll-again",
                (roll, state, option) -> map("use-one-time-bonus", false),
                "roll again without the bonus (it goes into the next roll), then on until done"));
        list.add(new DecisionSpec("fatewalker/extended#roll-again+bonus", "fatewalker/extended", "roll-again",
                (roll, state, option) -> map("use-one-time-bonus", true),
                "roll again with the 5 one-time bonus dice, then on until done"));
        for (String action : List.of("overcome", "create-advantage", "attack", "defend")) {
            list.add(new DecisionSpec("fate-condensed/" + action + "#invoke", "fate-condensed/" + action, "invoke",
                    (roll, state, option) -> map("aspect", "Quick Reflexes", "pay", "free-invoke", "effect", "reroll"),
                    "invoke with a re-roll (+2 and re-roll plans computed beside it)"));
            list.add(new DecisionSpec("fate-condensed/" + action + "#invoke-against", "fate-condensed/" + action,
                    "invoke-against", (roll, state, option) -> map("aspect", "Dark Alley", "pay", "free-invoke"),
                    "the opposition invokes for +2"));
        }
        list.add(new DecisionSpec("action-rolls/action-roll#daring", "action-rolls/action-roll", "daring",
                (roll, state, option) -> map("emotion", "anxiety"), "Daring Roll: two more d12"));
        list.add(new DecisionSpec("action-rolls/action-roll#accept", "action-rolls/action-roll", "accept",
                (roll, state, option) -> map(), "stop here"));
        return List.copyOf(list);
    }

    /**
     * Picks every failed die on the table, up to each roller's own KISSes (10; the most the rules let
     * a roller pay for), in table order. Die ids carry the roller's prefix ({@code p2-d1},
     * {@code s3-h2}) in rolls with several rollers.
     */
    private static Map<String, Object> kissAll(Prepared roll, RollState state, MoveOption option) {
        Optional<Field> field = option.form().field("dice");
        if (field.isEmpty() || !(field.get() instanceof PickField pick)) {
            return null;
        }
        var perOwner = new LinkedHashMap<String, Integer>();
        var picked = new ArrayList<String>();
        for (Option die : pick.options()) {
            String id = die.value();
            String owner = id.contains("-") ? id.substring(0, id.indexOf('-')) : "";
            int count = perOwner.merge(owner, 1, Integer::sum);
            if (count <= 10) {
                picked.add(id);
            }
        }
        return picked.isEmpty() ? null : map("dice", picked);
    }

    /** Ego for every roller offered it (all of them, or "you" on a single-roller form). */
    private static Map<String, Object> egoAll(Prepared roll, RollState state, MoveOption option) {
        Optional<Field> field = option.form().field("who");
        if (field.isEmpty()) {
            return map();
        }
        return map("who", ((PickField) field.get()).options().stream().map(Option::value).toList());
    }

    // ---------------------------------------------------------------- baselines' counterparts

    /** 10 d6 at rank 5, no KISS, no help: the Task whose success count the 10 d6 enumeration finds. */
    static final Spec TASK_10D6 = spec("tasks-checks/task@10d6", "tasks-checks", "task",
            map("job-level", 10, "rank", 5, "bonus-dice", 0, "stress", 0, "objectives", 1, "difficulty-factors", 1,
                    "offered-dice", 0, "kisses", 0, "health", 0, "stressful", false, "helpers", List.of()),
            "10 d6 at rank 5, 2 factors, no KISS, no help");

    /** 10 d10 at TN 4: the Fatewalker roll whose outcomes the d10 enumeration finds. */
    static final Spec ROLL_10D10 = spec("fatewalker/roll@10d10", "fatewalker", "roll",
            map("dice", 10, "tn", 4, "bonus-dice", 0), "10 d10 at TN 4");

    // ---------------------------------------------------------------- lookup and preparation

    private Cases() {
    }

    /** @return every pre-roll case, in report order */
    public static List<Spec> preRoll() {
        return PRE_ROLL;
    }

    /** @return every decision case, in report order */
    public static List<DecisionSpec> decisionSpecs() {
        return DECISIONS;
    }

    /** @return the pre-roll case with that id */
    public static Spec spec(String id) {
        for (Spec spec : PRE_ROLL) {
            if (spec.id().equals(id)) {
                return spec;
            }
        }
        for (Spec spec : List.of(TASK_10D6, ROLL_10D10)) {
            if (spec.id().equals(id)) {
                return spec;
            }
        }
        throw new IllegalArgumentException("no such case: " + id);
    }

    /** @return the decision case with that id */
    public static DecisionSpec decisionSpec(String id) {
        return DECISIONS.stream().filter(d -> d.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no such decision case: " + id));
    }

    /** @return the bundled systems, found with ServiceLoader as the server finds them, by id */
    public static Map<String, GameSystem> systems() {
        var systems = new LinkedHashMap<String, GameSystem>();
        for (GameSystem system : ServiceLoader.load(GameSystem.class, Cases.class.getClassLoader())) {
            systems.put(system.id(), system);
        }
        return Collections.unmodifiableMap(systems);
    }

    /** @return the procedure, by system and procedure id */
    public static Procedure procedure(String system, String procedure) {
        GameSystem found = systems().get(system);
        if (found == null) {
            throw new IllegalStateException("system " + system + " not found on the class path");
        }
        return found.procedures().stream().filter(p -> p.id().equals(procedure)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no procedure " + procedure + " in " + system));
    }

    /**
     * Checks the raw inputs as the server does: against the form, then the procedure's own rules.
     *
     * @throws IllegalStateException naming the violations if the inputs are not legal
     */
    public static Prepared prepare(Spec spec) {
        Procedure procedure = procedure(spec.system(), spec.procedure());
        InputChecker.Result result = InputChecker.check(procedure.form(), spec.raw());
        if (!result.ok()) {
            throw new IllegalStateException(spec.id() + ": inputs refused by the form: " + result.violations());
        }
        List<Violation> rules = procedure.check(result.inputs());
        if (!rules.isEmpty()) {
            throw new IllegalStateException(spec.id() + ": inputs refused by the rules: " + rules);
        }
        return new Prepared(spec, procedure, result.inputs());
    }

    /** @return the pre-roll case with that id, prepared */
    public static Prepared prepare(String id) {
        return prepare(spec(id));
    }

    /**
     * Rolls the case with {@code Dice.seeded(1…SEEDS)} and keeps the state whose move inputs pick the
     * most (dice or rollers), the lowest seed among equals, among states where the move is open, has
     * odds, and passes the form and {@link Procedure#checkMove}.
     *
     * @throws IllegalStateException if no seed opens the move
     */
    public static Decision decision(DecisionSpec spec) {
        return DECIDED.computeIfAbsent(spec.id(), id -> search(spec));
    }

    private static final Map<String, Decision> DECIDED = new java.util.concurrent.ConcurrentHashMap<>();

    private static Decision search(DecisionSpec spec) {
        Prepared roll = prepare(spec.caseId());
        Decision best = null;
        for (long seed = 1; seed <= SEEDS; seed++) {
            RollState state = roll.procedure().start(roll.inputs(), Dice.seeded(seed));
            if (state.complete()) {
                continue;
            }
            Optional<MoveOption> option = state.move(spec.move());
            if (option.isEmpty() || !option.get().hasOdds()) {
                continue;
            }
            Map<String, Object> raw = spec.moveInputs().raw(roll, state, option.get());
            if (raw == null) {
                continue;
            }
            InputChecker.Result checked = InputChecker.check(option.get().form(), raw);
            if (!checked.ok()) {
                continue;
            }
            Move move = new Move(spec.move(), checked.inputs());
            if (!roll.procedure().checkMove(roll.inputs(), state, move).isEmpty()) {
                continue;
            }
            if (best == null || picks(raw) > best.picks()) {
                best = new Decision(spec, roll, seed, state, raw, move);
            }
        }
        if (best == null) {
            throw new IllegalStateException(spec.id() + ": no seed in 1.." + SEEDS + " opens the move " + spec.move());
        }
        if (roll.procedure().odds(roll.inputs(), best.state(), best.move()).isEmpty()) {
            throw new IllegalStateException(spec.id() + ": the procedure gives no odds for this move");
        }
        return best;
    }

    /** @return the decision case with that id, prepared */
    public static Decision decision(String id) {
        return decision(decisionSpec(id));
    }

    static int picks(Map<String, Object> raw) {
        int n = 0;
        for (Object value : raw.values()) {
            if (value instanceof List<?> list) {
                n += list.size();
            }
        }
        return n;
    }

    // ---------------------------------------------------------------- small builders

    private static Spec spec(String id, String system, String procedure, Map<String, Object> raw, String note) {
        return new Spec(id, system, procedure, Collections.unmodifiableMap(raw), note);
    }

    /** @return a mutable ordered map of the given keys and values */
    static Map<String, Object> map(Object... keysAndValues) {
        var map = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static List<Map<String, Object>> rows(int n, java.util.function.IntFunction<Map<String, Object>> row) {
        var rows = new ArrayList<Map<String, Object>>();
        for (int i = 1; i <= n; i++) {
            rows.add(row.apply(i));
        }
        return rows;
    }

    /** @return the raw value as compact JSON, for the report */
    static String json(Object value) {
        if (value instanceof Map<?, ?> map) {
            var parts = new ArrayList<String>();
            map.forEach((k, v) -> parts.add(json(String.valueOf(k)) + ":" + json(v)));
            return "{" + String.join(",", parts) + "}";
        }
        if (value instanceof List<?> list) {
            var parts = new ArrayList<String>();
            list.forEach(v -> parts.add(json(v)));
            return "[" + String.join(",", parts) + "]";
        }
        if (value instanceof String text) {
            return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        return String.valueOf(value);
    }
}
