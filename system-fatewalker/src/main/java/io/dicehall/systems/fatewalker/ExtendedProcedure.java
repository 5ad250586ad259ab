package io.dicehall.systems.fatewalker;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An extended roll (the Core Mechanic page, "Extended Roll Resolution"): a series of rolls whose
 * successes minus the difficulty add up to a running total. The work is done at 8 (+2 per extra step)
 * and fails outright if the total ever drops below 0. The first roll is made at the start; each further
 * roll is the move {@code roll-again}. A one-time bonus of dice may go into any one roll.
 *
 * <p>The work's time is shared out over 4 rolls, and one more for each extra step: splitting long
 * work into more steps makes each roll shorter, not the work longer (docs/rulings.md, "Fatewalker").
 */
final class ExtendedProcedure extends BasicProcedure {

    static final int BASE_TARGET = 8;
    static final int MAX_ONE_TIME_BONUS = 5;
    /** Ten hours in half seconds: above this per roll the document suggests more steps. */
    private static final long SPLIT_ABOVE = 10L * 3600 * 2;

    static final Outcome FAILED = new Outcome("failed", "Failed", Tone.BAD,
            "The running total fell below 0: the attempt fails and must start over; materials used are lost.");
    static final Outcome STOPPED = new Outcome("stopped", "Stopped unfinished", Tone.MIXED,
            "Work stopped before the total reached its goal; nothing is finished yet.");
    static final Outcome IN_PROGRESS = new Outcome("in-progress", "In progress", Tone.PENDING,
            "The running total is between 0 and the goal: roll again to keep working.");
    static final Outcome COMPLETED = new Outcome("completed", "Completed", Tone.GOOD,
            "The running total reached the goal: the work is done.");
    private static final List<Outcome> OUTCOMES = List.of(FAILED, STOPPED, IN_PROGRESS, COMPLETED);

    static final String ROLL_AGAIN = "roll-again";
    static final String ACCEPT = "accept";
    static final String USE_BONUS = "use-one-time-bonus";

    private static final Form FORM = buildForm();

    private static Form buildForm() {
        var fields = new ArrayList<Field>();
        fields.add(Fields.dice("dice", "Attribute dice", 4));
        fields.add(Fields.tn("tn", "Target number"));
        fields.add(Fields.bonus("bonus-dice", "Bonus / penalty dice"));
        fields.add(Difficulty.field());
        fields.addAll(Situation.fields());
        fields.add(new IntegerField("one-time-bonus", "One-time bonus dice",
                "Dice from a reference skill or a Will ability: usable on only one roll of the extended roll.",
                0, MAX_ONE_TIME_BONUS, 0));
        fields.add(new FlagField(USE_BONUS, "Use the one-time bonus on the first roll",
                "Otherwise it can go into any later roll.", false));
        // The situation's finer modifiers and the one-time bonus are occasional: folded under More options.
        var more = new ArrayList<String>();
        Situation.fields().forEach(f -> more.add(f.name()));
        more.remove("base-time");
        more.remove("extra-steps");
        more.add("one-time-bonus");
        more.add(USE_BONUS);
        return new Form(fields).withMore(more.toArray(String[]::new)).withCharacter("dice", "tn");
    }

    /**
     * The roll's setup, read from its inputs.
     *
     * @param work how long the whole work takes, in half seconds
     * @param plannedRolls how many rolls the work is shared out over: 4 plus the extra steps
     */
    record Setup(int dice, int tn, int perRoll, Difficulty difficulty, int target, long work,
            int plannedRolls, int oneTime, boolean bonusFirst) {

        static Setup of(Inputs inputs) {
            return new Setup(inputs.integer("dice"), inputs.integer("tn"),
                    inputs.integer("bonus-dice") + Situation.dice(inputs),
                    Difficulty.of(inputs.choice("difficulty")),
                    BASE_TARGET + 2 * inputs.integer("extra-steps"), Situation.halfSecondsOfWork(inputs),
                    Situation.plannedRolls(inputs), inputs.integer("one-time-bonus"), inputs.flag(USE_BONUS));
        }

        /** @return the time {@code rolls} rolls stand for, to the nearest half second */
        long halfSecondsFor(double rolls) {
            return Math.round(rolls * work / plannedRolls);
        }

        /** @return whether a roll stands for more than ten hours of work, exactly */
        boolean splitAdvised() {
            return work > SPLIT_ABOVE * plannedRolls;
        }

        int bonusDice(boolean withBonus) {
            return perRoll + (withBonus ? oneTime : 0);
        }

        int pool(boolean withBonus) {
            return Throw.pool(dice, bonusDice(withBonus));
        }

        ExtendedChain chain() {
            return new ExtendedChain(target, difficulty.value());
        }

        ExtendedChain.Pool chainPool(boolean withBonus) {
            return ExtendedChain.Pool.of(pool(withBonus), tn);
        }
    }

    ExtendedProcedure() {
        super("extended", "Extended roll", "Long or many-step work: roll again and again, adding successes minus the"
                + " difficulty, until the total reaches 8 (more for extra steps) or drops below 0.", FORM, OUTCOMES);
    }

    /**
     * Failed, then stopped and in progress as one tier (the work unfinished; in progress is never final), then
     * completed. The default goal is completing the work.
     */
    @Override
    public OutcomeOrder outcomeOrder() {
        return OutcomeOrder.ranked(List.of(List.of(FAILED), List.of(STOPPED, IN_PROGRESS), List.of(COMPLETED)));
    }

    /** Best play: when to spend the one-time bonus, and whether to go on at all ({@link ExtendedGame}). */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(new ExtendedGame(Setup.of(inputs)));
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        if (inputs.flag(USE_BONUS) && inputs.integer("one-time-bonus") == 0) {
            return List.of(new Violation(USE_BONUS,
                    "There is no one-time bonus to use: set the one-time bonus dice first."));
        }
        return List.of();
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        Setup setup = Setup.of(inputs);
        Throw thrown = Throw.roll("r1-d", setup.pool(setup.bonusFirst), setup.tn, dice);
        return afterRoll(RollState.builder(), "start", setup, 1, thrown, setup.bonusFirst, 0,
                setup.bonusFirst ? 1 : 0);
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals(ROLL_AGAIN) || !move.inputs().flag(USE_BONUS)) {
            return List.of();
        }
        if (inputs.integer("one-time-bonus") == 0) {
            return List.of(new Violation(USE_BONUS, "There is no one-time bonus to use on this extended roll."));
        }
        int spentOn = state.memoInt("bonus-spent-on", 0);
        if (spentOn > 0) {
            return List.of(new Violation(USE_BONUS, "A one-time bonus serves only one roll of an extended roll"
                    + " (Extended Roll Steps, step 1); it went into roll " + spentOn + "."));
        }
        return List.of();
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        Setup setup = Setup.of(inputs);
        int rolls = state.memoInt("rolls", 1);
        int total = state.memoInt("total", 0);
        if (move.id().equals(ACCEPT)) {
            return state.toBuilder()
                    .outcome(STOPPED.describedAs("Stopped at a total of " + total + " of " + setup.target
                            + " after " + rollCount(rolls) + "."))
                    .step(ACCEPT, "Stopped working at a total of " + total + " of " + setup.target + ".")
                    .complete()
                    .build();
        }
        boolean withBonus = move.inputs().flag(USE_BONUS);
        int roll = rolls + 1;
        Throw thrown = Throw.roll("r" + roll + "-d", setup.pool(withBonus), setup.tn, dice);
        return afterRoll(state.toBuilder(), ROLL_AGAIN, setup, roll, thrown, withBonus, total,
                withBonus ? roll : state.memoInt("bonus-spent-on", 0));
    }

    private RollState afterRoll(RollState.Builder state, String step, Setup setup, int roll, Throw thrown,
            boolean withBonus, int before, int bonusSpentOn) {
        int d = setup.difficulty.value();
        int net = thrown.successes() - d;
        int total = before + net;
        long spent = setup.halfSecondsFor(roll);
        String perRoll = Situation.duration(setup.halfSecondsFor(1));
        boolean inProgress = total >= 0 && total < setup.target;
        Outcome outcome;
        if (total >= setup.target) {
            outcome = COMPLETED.describedAs("Done: a total of " + total + " against a goal of " + setup.target
                    + ", in " + rollCount(roll) + " (" + Situation.duration(spent) + ").");
        } else if (total < 0) {
            outcome = FAILED.describedAs("The total fell to " + total + " on roll " + roll
                    + ": the attempt fails and must start over; materials used are lost.");
        } else {
            outcome = IN_PROGRESS.describedAs("A total of " + total + " of " + setup.target + " after "
                    + rollCount(roll) + ": roll again to keep working.");
        }
        state.groups(List.of())
                .group("roll-" + roll, "Roll " + roll + ", TN " + setup.tn
                        + (withBonus ? ", with the one-time bonus" : ""), thrown.dice())
                .tallies(List.of())
                .tally("pool", "Pool", thrown.dice().size())
                .tally("successes", "Successes", thrown.successes())
                .tally(new Tally("difficulty", "Difficulty", d, d + " · " + setup.difficulty.label))
                .tally(new Tally("net", "Net successes this roll", net, signed(net)))
                .tally(new Tally("total", "Running total", total, total + " of " + setup.target))
                .tally("target", "Goal", setup.target)
                .tally("rolls", "Rolls", roll)
                .tally(Tally.text("time-per-roll", "Time per roll", perRoll))
                .tally(Tally.text("time-spent", "Time spent", Situation.duration(spent)))
                .tally(Tally.text("one-time-bonus", "One-time bonus", bonusText(setup, bonusSpentOn)))
                .outcome(outcome)
                .flags(List.of())
                .memo("total", total)
                .memo("rolls", roll)
                .memo("bonus-spent-on", bonusSpentOn)
                .step(step, "Roll " + roll + (withBonus ? " (with the one-time bonus)" : "") + ": "
                        + thrown.count() + "; net " + signed(net) + " after difficulty " + d + ", total "
                        + total + " of " + setup.target + ".");
        RollProcedure.flagMinimumPool(state, setup.dice + setup.bonusDice(withBonus));
        if (withBonus) {
            state.flag("one-time-bonus-used", "The one-time bonus (" + Throw.dice(setup.oneTime)
                    + ") went into this roll.");
        }
        if (setup.splitAdvised()) {
            state.flag("split-advised", "Each roll stands for more than 10 hours of work: the rules suggest"
                    + " splitting it into more steps (+2 successes needed each, one more roll over the same time).");
        }
        if (!inProgress) {
            return state.complete().build();
        }
        String bonusHelp;
        if (setup.oneTime == 0) {
            bonusHelp = "This extended roll has no one-time bonus.";
        } else if (bonusSpentOn > 0) {
            bonusHelp = "Already spent on roll " + bonusSpentOn + ".";
        } else {
            bonusHelp = "Add the " + Throw.dice(setup.oneTime) + " of the one-time bonus to this roll; it serves"
                    + " one roll only.";
        }
        return state.complete(false)
                .moves(List.of(
                        new MoveOption(ROLL_AGAIN, "Roll again", "Put in another "
                                + perRoll + " of work and roll.",
                                Form.of(new FlagField(USE_BONUS, "Add the one-time bonus", bonusHelp, false)), true),
                        new MoveOption(ACCEPT, "Stop working", "End the extended roll here, unfinished.",
                                Form.EMPTY, false)))
                .build();
    }

    private static String bonusText(Setup setup, int spentOn) {
        if (setup.oneTime == 0) {
            return "none";
        }
        return Throw.dice(setup.oneTime) + (spentOn == 0 ? ", unspent" : ", spent on roll " + spentOn);
    }

    private static String rollCount(int rolls) {
        return rolls + (rolls == 1 ? " roll" : " rolls");
    }

    private static String signed(int value) {
        return value > 0 ? "+" + value : value < 0 ? "−" + -value : "0";
    }

    /**
     * Rolling on until the work is done or fails, never stopping early. The one-time bonus goes into the
     * first roll when the form says so, else into the second roll (the first roll again); plans show it
     * on the first roll and never used.
     */
    @Override
    public Odds odds(Inputs inputs) {
        Setup setup = Setup.of(inputs);
        ExtendedChain chain = setup.chain();
        ExtendedChain.Pool plainPool = setup.chainPool(false);
        ExtendedChain.Values plain = chain.rollOn(plainPool);
        Odds.Builder odds = Odds.over(OUTCOMES);
        ExtendedChain.Point chosen;
        String bonusNote = "";
        if (setup.oneTime == 0) {
            chosen = plain.at(0);
        } else {
            ExtendedChain.Pool bonusPool = setup.chainPool(true);
            ExtendedChain.Point first = chain.rollsThen(List.of(bonusPool), plain, 0);
            if (setup.bonusFirst) {
                chosen = first;
                bonusNote = " The one-time bonus goes into the first roll.";
            } else {
                chosen = chain.rollsThen(List.of(plainPool, bonusPool), plain, 0);
                bonusNote = " The one-time bonus goes into the second roll (the first roll again).";
            }
            odds.plan("bonus-on-first-roll", "One-time bonus on the first roll", ends(first))
                    .plan("bonus-unused", "One-time bonus never used", ends(plain.at(0)));
        }
        ends(chosen).forEach(odds::add);
        return figures(odds, setup, chosen.expectedRolls())
                .note("Rolling on until the total reaches " + setup.target + " or drops below 0, never stopping early."
                        + bonusNote)
                .build();
    }

    /**
     * Rolling again now, with or without the one-time bonus, then on until done; a bonus still unspent
     * goes into the roll after this one.
     */
    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals(ROLL_AGAIN)) {
            return Optional.empty();
        }
        Setup setup = Setup.of(inputs);
        int total = state.memoInt("total", 0);
        boolean withBonus = move.inputs().flag(USE_BONUS);
        boolean keptForLater = !withBonus && setup.oneTime > 0 && state.memoInt("bonus-spent-on", 0) == 0;
        ExtendedChain chain = setup.chain();
        ExtendedChain.Pool plainPool = setup.chainPool(false);
        ExtendedChain.Values plain = chain.rollOn(plainPool);
        ExtendedChain.Pool now = withBonus ? setup.chainPool(true) : plainPool;
        ExtendedChain.Point point;
        if (withBonus) {
            point = chain.rollsThen(List.of(now), plain, total);
        } else if (keptForLater) {
            point = chain.rollsThen(List.of(plainPool, setup.chainPool(true)), plain, total);
        } else {
            point = plain.at(total);
        }
        Odds.Builder odds = Odds.over(OUTCOMES);
        ends(point).forEach(odds::add);
        return Optional.of(figures(odds, setup, point.expectedRolls())
                .flag("completes-this-roll", "This roll completes the work", chain.completesNow(now, total))
                .flag("fails-this-roll", "This roll makes the work fail", chain.failsNow(now, total))
                .note("Rolling again now" + (withBonus ? " with the one-time bonus" : "")
                        + ", then on until the total reaches " + setup.target + " or drops below 0."
                        + (keptForLater ? " The one-time bonus goes into the next roll." : ""))
                .build());
    }

    private static Map<String, Fraction> ends(ExtendedChain.Point point) {
        return Map.of(FAILED.id(), point.failChance(), COMPLETED.id(), point.completeChance());
    }

    private static Odds.Builder figures(Odds.Builder odds, Setup setup, double rolls) {
        return odds.figure("expected-rolls", "Expected number of rolls", rolls,
                        String.format(Locale.ROOT, "%.2f rolls", rolls))
                .figure("expected-time", "Expected time", rolls * setup.work / setup.plannedRolls / 2.0,
                        Situation.duration(setup.halfSecondsFor(rolls)));
    }
}
