package io.dicehall.api.stated;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Flag;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
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
 * The rules' own limits ({@link #check}) and the outcome order keep {@link io.dicehall.api.Procedure}'s defaults
 * and may be overridden. Rolls of a stated procedure end at the first throw: a roll with moves after the throw
 * (re-rolls, pushes) is written as a {@link BasicProcedure}, whose odds can still use {@link Reading#odds}.
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
     * What the odds assume, in players' words. Empty by default.
     *
     * @param inputs checked inputs that broke no rule
     * @return the note, may be empty, never null
     * @since 0.3
     */
    protected String note(Inputs inputs) {
        return "";
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
     * Throws {@link #thrown(Inputs)} with {@code dice}, one {@code dice.roll(sides)} per die in order, and builds
     * the complete state of its {@link #reading(Inputs) reading}.
     *
     * @throws IllegalStateException if the reading names an outcome that is not declared
     */
    @Override
    public RollState start(Inputs inputs, Dice dice) {
        Throw thrown = thrown(inputs);
        var faces = new ArrayList<Integer>();
        for (int sides : thrown.sides()) {
            faces.add(dice.roll(sides));
        }
        Read read = reading(inputs).read(faces);
        Outcome outcome = outcomes().stream().filter(o -> o.id().equals(read.outcome())).findFirst()
                .orElseThrow(() -> new IllegalStateException("procedure " + id() + " reads " + faces
                        + " as the outcome " + read.outcome() + ", which it does not declare"));
        List<Verdict> verdicts = read.verdicts(faces);
        var shown = new ArrayList<Die>();
        for (int i = 0; i < faces.size(); i++) {
            shown.add(Die.of("d" + (i + 1), thrown.sides().get(i), faces.get(i), verdicts.get(i)));
        }
        RollState.Builder state = RollState.builder().step("start", describe(inputs, thrown));
        if (!shown.isEmpty()) {
            state.group("dice", "Dice", shown);
        }
        for (Tally tally : read.tallies()) {
            state.tally(tally);
        }
        for (Flag flag : read.flags()) {
            state.flag(flag.id(), flag.text());
        }
        return state.outcome(outcome).complete().build();
    }

    /** @return the exact odds of the reading over the throw, {@link Reading#odds}, with {@link #note(Inputs)} */
    @Override
    public Odds odds(Inputs inputs) {
        return reading(inputs).odds(outcomes(), thrown(inputs), note(inputs));
    }

    /** @return the game of a roll without moves, from {@link #odds(Inputs)} */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(Game.withoutMoves(odds(inputs)));
    }
}
