package io.dicehall.systems.taskschecks;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * A Task (the Tasks page): job level plus bonus dice, less stress, less offered dice, at the job's
 * rank, plus one helping die (a lone helper's rank, or a rank from the number of helpers); pass when
 * successes reach the factors (objectives plus difficulty factors, plus a defender's Lots). An empty pool
 * rolls the Die of Fortune.
 */
final class TaskProcedure extends RollProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("fail", "Fail", Tone.BAD,
                    "Fewer successes than factors: no objective is met except those secured by offerings, the"
                            + " consequences still land, and the job gains an experience point."),
            new Outcome("pass", "Pass", Tone.GOOD,
                    "Successes meet the factors: the task is done and its objectives are met."));

    static final GroupField HELPERS = new GroupField("helpers", "Helpers",
            "Those who offered help before the roll. Help comes as one die, rolled separately; stress does not touch"
                    + " it and it cannot be offered.",
            0, 8, Form.of(TextField.of("name", "Name", 40),
                    IntegerField.of("rank", "Rank", 1, 6, 5).help("The helper's rank in the ability they help with.")),
            0);

    static final String HELP_RANK = "help-rank";
    static final String HELP_TABLE = "table";
    static final String HELP_BEST = "best";
    static final String HELP_EACH = "each";

    /**
     * How several helpers help (the Helping page of the Tasks era): one die whose rank comes from how many they
     * are, or, when quality matters more than numbers, the best helper's rank; or, as a table's own choice, one
     * die per helper.
     */
    static final ChoiceField HELP_RANK_FIELD = ChoiceField.of(HELP_RANK, "Several helpers", List.of(
            Option.of(HELP_TABLE, "One die, rank by how many help (2: rank 5, 3–4: rank 4, 5 or more: rank 3)"),
            Option.of(HELP_BEST, "One die at the best helper's rank (quality over numbers)"),
            Option.of(HELP_EACH, "One die per helper, each at their own rank (a table's variant)")))
            .help("A single helper's die always has that helper's rank. With several, the group agrees how their"
                    + " help counts.");

    /** Whether the job is a magic (or high-tech) one, whose dice explode. */
    static final String MAGIC = "magic";

    /** The magic job's flag, on a Task and on each side of an Opposed Task. */
    static final FlagField MAGIC_FIELD = FlagField.of(MAGIC, "Magic job (dice explode)")
            .help("For a job with the magic or high-tech tag: every 6 in the pool is a success and throws one more"
                    + " die at the same rank, again and again, before any KISS. A die that showed 6 cannot be"
                    + " KISSed. Ego then adds Health in exploding dice instead of doubling 6s. Such rolls are"
                    + " always stressful. Help dice do not explode.");

    /** Lots a defender spends in a one-sided Opposed Task, each one more difficulty factor. */
    static final String DEFENDER_LOTS = "defender-lots";

    static final String DIFFICULTY_FACTORS = "difficulty-factors";
    /**
     * The most difficulty factors a Task takes. The Facilitator declares up to four, but a monster or a
     * subsystem may set a count of its own beforehand, closer to a target number (the Tasks page, "Set
     * the Difficulty Factors"); 12 leaves room for those.
     */
    static final int MOST_DIFFICULTY_FACTORS = 12;

    /** The fields of a Task, shared by each side of an Opposed Task. */
    static final List<Field> FIELDS = List.of(
            IntegerField.of("job-level", "Job level", 0, 10, 3)
                    .help("Dice from the job's level; a job still being learned is level 0."),
            CheckProcedure.RANK,
            IntegerField.of("bonus-dice", "Bonus dice", 0, 10, 0).help("Dice from assets, gear and other sources."),
            IntegerField.of("stress", "Stress", 0, 2, 0)
                    .help("Stress in the job's ability: one die fewer per point; help dice are not affected."),
            IntegerField.of("objectives", "Objectives", 1, 4, 1)
                    .help("The main objective plus up to three side objectives; each one is a factor."),
            IntegerField.of(DIFFICULTY_FACTORS, "Difficulty factors", 0, MOST_DIFFICULTY_FACTORS, 1)
                    .help("Obstacles the Facilitator declares, usually up to four; a monster or a subsystem may"
                            + " set more beforehand, up to 12. Each needs one more success."),
            IntegerField.of("offered-dice", "Offered dice", 0, 3, 0)
                    .help("Fate's Offering: each die taken from your own pool before the roll secures one side"
                            + " objective whatever happens."),
            CheckProcedure.KISSES,
            IntegerField.of("health", "Health", 0, 10, 0)
                    .help("Only used when Ego is spent on a Die of Fortune: it adds this many exploding dice."),
            FlagField.of("stressful", "Stressful")
                    .help("Announced before the roll: failing it gives a point of stress in the job's ability."),
            HELPERS, HELP_RANK_FIELD);

    /**
     * Offerings, health (for Ego on a Die of Fortune), stressful rolls, how several helpers count and a
     * defender's Lots are occasional: under More options.
     */
    private static final Form FORM = new Form(taskOnly()).withMore("offered-dice", "health", "stressful",
            HELP_RANK, DEFENDER_LOTS, CheckProcedure.FIDELITY.name(), MAGIC).withCharacter("job-level", "rank", "stress", CheckProcedure.KISSES.name(),
                    "health");

    /** A Task's own fields: those of an Opposed Task's side, and a defender's Lots and Fidelity. */
    private static List<Field> taskOnly() {
        var fields = new ArrayList<>(FIELDS);
        fields.add(fields.indexOf(CheckProcedure.KISSES) + 1, CheckProcedure.FIDELITY);
        fields.add(MAGIC_FIELD);
        fields.add(fields.indexOf(CheckProcedure.KISSES), IntegerField.of(DEFENDER_LOTS, "Defender's Lots", 0, 8, 0)
                .help("One-sided opposition: the defender sets the difficulty and may spend Lots, each one more"
                        + " difficulty factor (spent only if you take up the challenge and roll)."));
        return fields;
    }

    TaskProcedure() {
        super("task", "Task", "Several things at once with a job's training: job dice against objectives plus"
                + " difficulty factors, with help, offerings and KISSes.", FORM, OUTCOMES);
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        return check(inputs, "");
    }

    /** The Fate's Offering limits of one task's inputs, with field paths under {@code path}. */
    static List<Violation> check(Inputs task, String path) {
        var violations = new ArrayList<Violation>();
        int offered = task.integer("offered-dice");
        int objectives = task.integer("objectives");
        int own = ownDice(task);
        if (offered > objectives - 1) {
            violations.add(new Violation("offered-dice", "Fate's Offering: the main objective can never be offered,"
                    + " so with " + CheckProcedure.plural(objectives, "objective", "objectives") + " at most "
                    + (objectives - 1) + " dice may be offered").under(path));
        } else if (offered > own) {
            violations.add(new Violation("offered-dice", "Fate's Offering: each offering removes a die from your own"
                    + " pool after stress, and help dice cannot be offered; the pool has "
                    + CheckProcedure.plural(own, "die", "dice")).under(path));
        }
        return violations;
    }

    /** Job level plus bonus dice less stress, never below zero (the Tasks page, Subtracting Stress). */
    static int ownDice(Inputs task) {
        return Math.max(0, task.integer("job-level") + task.integer("bonus-dice") - task.integer("stress"));
    }

    /** Objectives plus difficulty factors, plus a defender's Lots where the form has them. */
    static int factors(Inputs task) {
        return task.integer("objectives") + difficulty(task);
    }

    /** The difficulty factors: those declared, plus one per Lot a defender spends. */
    static int difficulty(Inputs task) {
        return task.integer(DIFFICULTY_FACTORS) + (task.has(DEFENDER_LOTS) ? task.integer(DEFENDER_LOTS) : 0);
    }

    static Roller roller(String key, String name, Inputs task) {
        int main = ownDice(task) - task.integer("offered-dice");
        return new Roller(key, name, task.integer("rank"), Math.max(0, main), main <= 0, helpers(task),
                task.integer("kisses"), task.integer("health"), CheckProcedure.fidelity(task), magic(task));
    }

    /**
     * The help dice (the Helping page of the Tasks era): one die at a lone helper's rank; with several, one die at
     * the rank the table gives for their number (two: 5, a few (3–4): 4, several (5 or more): 3), or at the best
     * helper's rank; or, as a table's variant, one die per helper at each one's rank.
     */
    static List<Roller.Helper> helpers(Inputs task) {
        List<Inputs> rows = task.rows("helpers");
        var each = new ArrayList<Roller.Helper>();
        for (Inputs row : rows) {
            each.add(new Roller.Helper(row.text("name"), row.integer("rank")));
        }
        String mode = task.has(HELP_RANK) ? task.choice(HELP_RANK) : HELP_TABLE;
        if (each.size() <= 1 || mode.equals(HELP_EACH)) {
            return each;
        }
        int rank = mode.equals(HELP_BEST) ? each.stream().mapToInt(Roller.Helper::rank).min().orElseThrow()
                : rankForHelpers(each.size());
        String names = String.join(", ", each.stream().map(Roller.Helper::name).filter(n -> !n.isBlank()).toList());
        return List.of(new Roller.Helper(names.isEmpty() ? each.size() + " helpers" : names, rank));
    }

    /** Whether the task is rolled with a magic job's exploding pool (absent in older requests: no). */
    static boolean magic(Inputs task) {
        return task.has(MAGIC) && task.flag(MAGIC);
    }

    /** Whether a failed task gives stress: announced as stressful, or a magic job's roll, which always is. */
    static boolean stressful(Inputs task) {
        return task.flag("stressful") || magic(task);
    }

    /** The helping die's rank for two or more helpers: two 5, a few (3–4) 4, several (5 or more) 3. */
    static int rankForHelpers(int helpers) {
        return helpers == 2 ? 5 : helpers <= 4 ? 4 : 3;
    }

    @Override
    List<Roller> rollers(Inputs inputs) {
        return List.of(roller("", "You", inputs));
    }

    @Override
    boolean named() {
        return false;
    }

    /**
     * Best play: pass is better than fail. A pool of dice plays like a Check with help dice at their own ranks;
     * the Die of Fortune has a game of its own, since there the best pick depends on the goal.
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        Roller roller = roller("", "You", inputs);
        int factors = factors(inputs);
        IntFunction<String> outcome = s -> OUTCOMES.get(s >= factors ? 1 : 0).id();
        if (roller.magicPool()) {
            return Optional.of(new MagicGame(roller, factors, outcome));
        }
        return Optional.of(roller.fortune() ? new FortuneGame(roller, factors, outcome)
                : new KissGame(List.of(roller), false, factors, outcome));
    }

    @Override
    void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state) {
        Roller roller = rollers.get(0);
        int s = successes[0];
        int factors = factors(inputs);
        boolean pass = s >= factors;
        Outcome outcome = OUTCOMES.get(pass ? 1 : 0);
        state.outcome(outcome.describedAs(CheckProcedure.plural(s, "success", "successes") + " against "
                + CheckProcedure.plural(factors, "factor", "factors") + ". " + outcome.description()));
        for (Tally tally : tallies("", "", inputs, roller, s)) {
            state.tally(tally);
        }
        flags("", inputs, roller, s, ego[0], state);
    }

    /** The tallies of one task; {@code id} and {@code label} prefix them for a side of an Opposed Task. */
    static List<Tally> tallies(String id, String label, Inputs task, Roller roller, int s) {
        int factors = factors(task);
        int offered = task.integer("offered-dice");
        var tallies = new ArrayList<Tally>();
        tallies.add(Tally.of(id + "successes", label + "Successes", s));
        tallies.add(Tally.of(id + "factors", label + "Factors", factors));
        tallies.add(new Tally(id + "factors-overcome", label + "Factors overcome", Math.min(s, factors),
                Math.min(s, factors) + " of " + factors));
        tallies.add(new Tally(id + "objectives-guaranteed", label + "Objectives secured by offerings", offered,
                offered == 0 ? "none" : CheckProcedure.plural(offered, "side objective", "side objectives")
                        + ", met whatever the outcome"));
        tallies.add(new Tally(id + "dice", label + "Pool dice", roller.mainDice(),
                roller.fortune() ? "0: Die of Fortune" : roller.mainDice() + (roller.magic() ? ", exploding" : "")));
        tallies.add(Tally.of(id + "help-dice", label + "Help dice", roller.helpers().size()));
        return tallies;
    }

    /** The flags of one task: Die of Fortune, experience, stress, Ego. */
    static void flags(String id, Inputs task, Roller roller, int s, boolean ego, RollState.Builder state) {
        boolean fail = s < factors(task);
        String whose = id.isEmpty() ? "" : roller.name() + ": ";
        if (roller.fortune()) {
            state.flag(id + "die-of-fortune", whose + "no pool dice left, so the Die of Fortune was rolled.");
        }
        if (fail) {
            state.flag(id + "experience-point", whose + "the task failed, so the job gains one experience point.");
            if (stressful(task)) {
                state.flag(id + "stress", whose + "a failed stressful task: mark one stress in the job's ability.");
            }
        }
        if (ego) {
            state.flag(id + "ego-spent", whose + "Ego spent on this roll.");
        }
    }

    @Override
    List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed) {
        return CheckProcedure.ownKissesOnly(rollers, picked, "the KISSing rules");
    }

    @Override
    Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts) {
        Fraction pass = counts.get(0).atLeast(factors(inputs));
        Fraction fail = Q.ONE.minus(Q.of(pass)).toFraction();
        Map<String, Fraction> outcomes = new LinkedHashMap<>();
        outcomes.put("fail", fail);
        outcomes.put("pass", pass);
        var flags = new ArrayList<Chance>();
        flags.add(new Chance("experience-point", "Experience point from a failed task", fail));
        if (stressful(inputs)) {
            flags.add(new Chance("stress", "Stress from a failed stressful task", fail));
        }
        return new Chances(outcomes, flags);
    }
}
