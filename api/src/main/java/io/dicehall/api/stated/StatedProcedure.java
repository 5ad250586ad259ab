package io.dicehall.api.stated;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Flag;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A procedure whose roll is stated once, and everything else derived: a subclass says what is {@linkplain #thrown
 * thrown} (dice and sizes, from the inputs) and how it is {@linkplain #reading read} (a fold over the faces, or a
 * function of the sorted faces, into an outcome, tallies, flags and verdicts), and this class gives
 * <ul>
 *   <li>{@link #start}: throws the dice, in order, as {@code d1}, {@code d2} … of the group {@code dice}, with the
 *       verdicts, tallies, flags and outcome of the {@link Read}; the roll is then complete;</li>
 *   <li>{@link #odds(Inputs)}: the exact odds of the outcomes and flags, by dynamic programming over the pool
 *       ({@link Reading#odds}), with the note of {@link #note(Inputs)};</li>
 *   <li>{@link #game(Inputs)}: best play, which for a roll without moves is the odds of the outcomes that reach the
 *       goal.</li>
 * </ul>
 * A roll may declare moves after the throw, once, in {@link #rerolls(Inputs)}: re-rolls of a die of the player's
 * choice, so many times, until an outcome (see {@link Rerolls}). Then this class also gives {@link #apply} (re-roll
 * or stop), the exact odds of each re-roll ({@link #odds(Inputs, RollState, Move)}), and a game for best play
 * derived from the throw, the reading and the re-rolls; the pre-roll odds are those of keeping the first throw.
 * The rules' own limits ({@link #check}) and the outcome order keep {@link io.dicehall.api.Procedure}'s defaults
 * and may be overridden. A roll with other moves (pushes, bonuses, several throws) is written as a {@link
 * BasicProcedure}, whose odds can still use {@link Reading#odds}.
 *
 * <pre>{@code
 * final class Action extends StatedProcedure {
 *     Action() {
 *         super("action", "Action", "Roll your rating in d6s; the highest die decides.", FORM, OUTCOMES);
 *     }
 *
 *     public Throw thrown(Inputs inputs) {
 *         return Throw.dice(inputs.integer("rating"), 6);
 *     }
 *
 *     public Reading<?> reading(Inputs inputs) {
 *         return Reading.highestAndCount(6, r -> Read.as(r.count() >= 2 ? "critical"
 *                 : r.highest() == 6 ? "success" : r.highest() >= 4 ? "partial" : "failure"));
 *     }
 * }
 * }</pre>
 *
 * <p>The contract kit ({@code GameSystemContract}) knows stated procedures: it checks that {@code start} throws the
 * dice stated and reads them as stated, that a fold does not depend on the order of the dice, and it compares the
 * odds with the statement by dynamic programming on every input it tries, however many dice, besides comparing
 * them with every face of the rules where that is few enough. Immutable, as every procedure must be.
 *
 * @since 0.3
 */
public abstract class StatedProcedure extends BasicProcedure {

    /**
     * @param id the permanent id, lower-kebab-case, unique within the system
     * @param name the name players see, not blank
     * @param summary one or two sentences on when to use it, not blank
     * @param form the inputs a player fills in; {@link Form#EMPTY} for none
     * @param outcomes every outcome a roll can end with, worst to best, at least one, with distinct ids
     * @throws IllegalArgumentException if a declaration breaks the rules of {@link BasicProcedure}
     * @since 0.3
     */
    protected StatedProcedure(String id, String name, String summary, Form form, List<Outcome> outcomes) {
        super(id, name, summary, form, outcomes);
    }

    /**
     * What is thrown for these inputs.
     *
     * @param inputs checked inputs that broke no rule
     * @return the dice, in throw order; never null
     * @since 0.3
     */
    public abstract Throw thrown(Inputs inputs);

    /**
     * How the dice are read for these inputs.
     *
     * @param inputs checked inputs that broke no rule
     * @return the reading, whose reads name only declared outcomes; never null
     * @since 0.3
     */
    public abstract Reading<?> reading(Inputs inputs);

    /**
     * What the odds assume, in players' words. By default empty, or, where {@link #rerolls(Inputs)} offers
     * re-rolls, "If you keep the first throw as it lands."
     *
     * @param inputs checked inputs that broke no rule
     * @return the note, may be empty, never null
     * @since 0.3
     */
    protected String note(Inputs inputs) {
        return rerolls(inputs).times() > 0 ? "If you keep the first throw as it lands." : "";
    }

    /**
     * The text of the first step in the roll's history. By default "Rolled " and the dice ({@code Rolled 3d6}).
     *
     * @param inputs checked inputs that broke no rule
     * @param thrown what {@link #thrown(Inputs)} gave
     * @return the text, not blank
     * @since 0.3
     */
    protected String describe(Inputs inputs, Throw thrown) {
        return "Rolled " + thrown;
    }

    /**
     * The moves a roll offers after its throw: re-rolls of a die of the player's choice, declared once. By default
     * {@link Rerolls#none()}: the roll ends at the first throw. From it this class derives the moves of every
     * state ({@link Rerolls}), {@link #apply}, the odds of each re-roll and the game for best play.
     *
     * @param inputs checked inputs that broke no rule
     * @return the re-rolls; never null
     * @since 0.3
     */
    public Rerolls rerolls(Inputs inputs) {
        return Rerolls.none();
    }

    /**
     * Throws {@link #thrown(Inputs)} with {@code dice}, one {@code dice.roll(sides)} per die in order, and builds
     * the state of its {@link #reading(Inputs) reading}: complete, unless {@link #rerolls(Inputs)} leaves the player
     * a re-roll (then with the moves of {@link Rerolls}).
     *
     * @throws IllegalStateException if the reading names an outcome that is not declared
     */
    @Override
    public RollState start(Inputs inputs, Dice dice) {
        Throw thrown = thrown(inputs);
        var shown = new ArrayList<Die>();
        for (int sides : thrown.sides()) {
            shown.add(Die.of("d" + (shown.size() + 1), sides, dice.roll(sides), Verdict.NEUTRAL));
        }
        RollState.Builder state = RollState.builder().step("start", describe(inputs, thrown));
        return read(inputs, shown, rerolls(inputs).times(), state);
    }

    /**
     * Makes a move of {@link #rerolls(Inputs)}: {@value Rerolls#ACCEPT} completes the roll as it stands; {@value
     * Rerolls#REROLL} throws the die picked again, with {@code dice.roll(sides)}, and reads the dice again, with one
     * re-roll fewer left.
     *
     * @throws UnsupportedOperationException for a move this procedure does not declare
     * @since 0.3
     */
    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        if (move.id().equals(Rerolls.ACCEPT)) {
            return state.toBuilder().step(Rerolls.ACCEPT, "Kept the dice as they are").moves(List.of()).complete()
                    .build();
        }
        if (!move.id().equals(Rerolls.REROLL)) {
            return super.apply(inputs, state, move, dice);
        }
        String picked = move.inputs().choice("die");
        var shown = new ArrayList<Die>();
        for (Die die : state.group("dice").orElseThrow().dice()) {
            if (die.id().equals(picked)) {
                int face = dice.roll(die.sides());
                shown.add(die.rerolled(face, String.valueOf(face), Verdict.NEUTRAL));
            } else {
                shown.add(die);
            }
        }
        RollState.Builder next = state.toBuilder().step(Rerolls.REROLL, rerolls(inputs).label() + ": re-rolled "
                + picked);
        return read(inputs, shown, state.memoInt(Rerolls.LEFT, 0) - 1, next);
    }

    /** Reads the dice shown into the state: verdicts, tallies, flags, outcome, re-rolls left and the moves open. */
    private RollState read(Inputs inputs, List<Die> shown, int left, RollState.Builder state) {
        List<Integer> faces = shown.stream().map(Die::face).toList();
        Read read = reading(inputs).read(faces);
        Outcome outcome = outcomes().stream().filter(o -> o.id().equals(read.outcome())).findFirst()
                .orElseThrow(() -> new IllegalStateException("procedure " + id() + " reads " + faces
                        + " as the outcome " + read.outcome() + ", which it does not declare"));
        List<Verdict> verdicts = read.verdicts(faces);
        var dice = new ArrayList<Die>();
        for (int i = 0; i < shown.size(); i++) {
            dice.add(shown.get(i).withVerdict(verdicts.get(i)));
        }
        state.groups(List.of()).tallies(read.tallies()).flags(List.of()).moves(List.of());
        if (!dice.isEmpty()) {
            state.group("dice", "Dice", dice);
        }
        for (Flag flag : read.flags()) {
            state.flag(flag.id(), flag.text());
        }
        state.outcome(outcome);
        Rerolls rerolls = rerolls(inputs);
        for (String end : rerolls.until()) {
            if (outcomes().stream().noneMatch(o -> o.id().equals(end))) {
                throw new IllegalStateException("procedure " + id() + " ends its re-rolls at the outcome " + end
                        + ", which it does not declare");
            }
        }
        if (rerolls.times() > 0) {
            state.memo(Rerolls.LEFT, left);
        }
        if (!rerolls.open(left, outcome.id(), faces)) {
            return state.complete().build();
        }
        String lowest = dice.stream().min(java.util.Comparator.comparingInt(Die::face)).orElseThrow().id();
        var options = dice.stream().map(d -> Option.of(d.id(), d.id() + " showing " + d.face())).toList();
        state.move(MoveOption.of(Rerolls.REROLL, rerolls.label(), rerollForm(options, lowest))
                .help("Throw one die again (" + left + (left == 1 ? " re-roll" : " re-rolls") + " left).").withOdds());
        state.move(MoveOption.of(Rerolls.ACCEPT, "Stop here", Form.EMPTY).help("Keep the dice as they are."));
        return state.complete(false).build();
    }

    /** The form of the re-roll move: which die. */
    static Form rerollForm(List<Option> options, String lowest) {
        return Form.of(ChoiceField.of("die", "Die", options).defaultTo(lowest).help("The die to throw again."));
    }

    /** @return the exact odds of the reading over the throw, {@link Reading#odds}, with {@link #note(Inputs)} */
    @Override
    public Odds odds(Inputs inputs) {
        return reading(inputs).odds(outcomes(), thrown(inputs), note(inputs));
    }

    /**
     * The odds of a re-roll: the die picked thrown again, the others as they are, and then no further move; exact,
     * over the die's faces. Empty for any other move.
     *
     * @since 0.3
     */
    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals(Rerolls.REROLL)) {
            return Optional.empty();
        }
        String picked = move.inputs().choice("die");
        List<Die> dice = state.group("dice").orElseThrow().dice();
        Reading<?> reading = reading(inputs);
        Odds.Builder odds = Odds.over(outcomes()).note("If you re-roll " + picked + " and then stop.");
        for (int i = 0; i < dice.size(); i++) {
            if (dice.get(i).id().equals(picked)) {
                Fraction each = Fraction.of(1, dice.get(i).sides());
                for (int face = 1; face <= dice.get(i).sides(); face++) {
                    var faces = new ArrayList<>(dice.stream().map(Die::face).toList());
                    faces.set(i, face);
                    odds.add(reading.read(faces).outcome(), each);
                }
            }
        }
        return Optional.of(odds.build());
    }

    /**
     * @return the game of the roll: without moves, from {@link #odds(Inputs)}, when {@link #rerolls(Inputs)} is
     *     none; else derived from the throw, the reading and the re-rolls, its positions the sorted faces of each
     *     size of die (its first ones by dynamic programming) and the re-rolls left; none where the dice have more
     *     than {@link io.dicehall.api.odds.Pool#MAX_SORTED_THROWS} sorted throws ({@link Throw#sortedThrows()})
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        Rerolls rerolls = rerolls(inputs);
        if (rerolls.times() == 0) {
            return Optional.of(Game.withoutMoves(odds(inputs)));
        }
        Throw thrown = thrown(inputs);
        if (thrown.sortedThrows().compareTo(java.math.BigInteger.valueOf(
                io.dicehall.api.odds.Pool.MAX_SORTED_THROWS)) > 0) {
            return Optional.empty();
        }
        return Optional.of(new StatedGame(thrown, reading(inputs), rerolls));
    }
}
