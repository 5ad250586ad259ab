package io.dicehall.api.contract;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A system whose moves open only for inputs other than the defaults, to test that the contract kit looks there:
 * roll 2d6 plus a bonus, 9 or more succeeds. A daring roller may push once (re-roll the lower die); a roller
 * with luck may nudge the total up by one per point. With the defaults (no daring, no luck) a roll never offers
 * a move. Each {@link Fault} breaks one probability where only such inputs, or only another move, lead.
 */
final class HiddenMoveSystem implements GameSystem {

    /** What is wrong with it. */
    enum Fault {
        /** Nothing: it keeps the whole contract. */
        NONE,
        /** The push's odds re-roll the higher die instead of the lower: open only to a daring roller. */
        PUSH_REROLLS_THE_WRONG_DIE,
        /** The push's odds are rounded to a whole percent: too small a difference for any sample to show. */
        PUSH_ROUNDED_TO_A_PERCENT,
        /** The push's odds forget the nudges already made: wrong only after another move. */
        PUSH_FORGETS_THE_NUDGES,
        /** The pre-roll odds are rounded to a whole percent, only with the largest bonus. */
        LARGEST_BONUS_ROUNDED
    }

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("failure", "Failure", Tone.BAD, "Less than 9."),
            new Outcome("success", "Success", Tone.GOOD, "9 or more."));

    private final Fault fault;

    HiddenMoveSystem(Fault fault) {
        this.fault = fault;
    }

    /** The system without a fault, as the service loader would make it. */
    HiddenMoveSystem() {
        this(Fault.NONE);
    }

    @Override
    public String id() {
        return "test-hidden-move";
    }

    @Override
    public String name() {
        return "Test Hidden Move";
    }

    @Override
    public String summary() {
        return "2d6 plus a bonus; a daring roller may push, a lucky one nudge.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Dicehall", "Test Hidden Move", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(new Gamble(fault));
    }

    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }

    /** The one procedure. */
    static final class Gamble implements Procedure {

        private static final Form FORM = Form.of(
                IntegerField.of("bonus", "Bonus", 0, 2, 0),
                FlagField.of("daring", "Daring").help("May push once: re-roll the lower die."),
                IntegerField.of("luck", "Luck", 0, 2, 0).help("Each point nudges the total up by one."));

        private final Fault fault;

        Gamble(Fault fault) {
            this.fault = fault;
        }

        @Override
        public String id() {
            return "gamble";
        }

        @Override
        public String name() {
            return "Gamble";
        }

        @Override
        public String summary() {
            return "Roll 2d6 plus a bonus: 9 or more succeeds.";
        }

        @Override
        public Form form() {
            return FORM;
        }

        @Override
        public List<Outcome> outcomes() {
            return OUTCOMES;
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            List<Die> thrown = List.of(Die.of("d1", 6, dice.roll(6), Verdict.NEUTRAL),
                    Die.of("d2", 6, dice.roll(6), Verdict.NEUTRAL));
            RollState.Builder state = RollState.builder().step("start", "Rolled 2d6")
                    .memo("pushed", 0).memo("nudges", 0).memo("luck", inputs.integer("luck"));
            return read(inputs, thrown, state, false, 0, inputs.integer("luck"));
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            boolean pushed = state.memoInt("pushed", 0) == 1;
            int nudges = state.memoInt("nudges", 0);
            int luck = state.memoInt("luck", 0);
            List<Die> current = state.group("dice").orElseThrow().dice();
            RollState.Builder next = state.toBuilder();
            switch (move.id()) {
                case "accept":
                    return next.step("accept", "Stopped").complete().build();
                case "nudge":
                    next.step("nudge", "Nudged the total up by one");
                    return read(inputs, current, next, pushed, nudges + 1, luck - 1);
                default:
                    Die lower = current.get(0).face() <= current.get(1).face() ? current.get(0) : current.get(1);
                    int face = dice.roll(6);
                    var thrown = new ArrayList<Die>();
                    for (Die die : current) {
                        thrown.add(die == lower ? die.rerolled(face, String.valueOf(face), Verdict.NEUTRAL) : die);
                    }
                    next.step("push", "Pushed: re-rolled " + lower.id());
                    return read(inputs, thrown, next, true, nudges, luck);
            }
        }

        private static RollState read(Inputs inputs, List<Die> thrown, RollState.Builder state, boolean pushed,
                int nudges, int luck) {
            int total = thrown.stream().mapToInt(Die::face).sum() + inputs.integer("bonus") + nudges;
            boolean success = total >= 9;
            state.groups(List.of()).group("dice", "Dice", thrown).tallies(List.of()).tally("total", "Total", total)
                    .outcome(OUTCOMES.get(success ? 1 : 0)).memo("pushed", pushed ? 1 : 0).memo("nudges", nudges)
                    .memo("luck", luck).moves(List.of());
            if (!success && inputs.flag("daring") && !pushed) {
                state.move(new MoveOption("push", "Push", "Re-roll the lower die.", Form.EMPTY, true));
            }
            if (!success && luck > 0) {
                state.move(new MoveOption("nudge", "Nudge", "Spend a point of luck: +1.", Form.EMPTY, true));
            }
            boolean open = !success && (inputs.flag("daring") && !pushed || luck > 0);
            if (open) {
                state.move(new MoveOption("accept", "Stop", "Keep the result.", Form.EMPTY, false));
            }
            return state.complete(!open).build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            int bonus = inputs.integer("bonus");
            Fraction success = Dist.die(6).times(2).atLeast(9 - bonus);
            if (fault == Fault.LARGEST_BONUS_ROUNDED && bonus == 2) {
                success = percent(success);
            }
            return oddsOf(success, "If no move is made after the throw.");
        }

        @Override
        public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
            List<Die> dice = state.group("dice").orElseThrow().dice();
            int nudges = state.memoInt("nudges", 0);
            int base = inputs.integer("bonus") + nudges;
            if (move.id().equals("nudge")) {
                int total = dice.get(0).face() + dice.get(1).face() + base + 1;
                return Optional.of(oddsOf(total >= 9 ? Fraction.ONE : Fraction.ZERO, "If you nudge and stop."));
            }
            if (!move.id().equals("push")) {
                return Optional.empty();
            }
            int higher = Math.max(dice.get(0).face(), dice.get(1).face());
            int lower = Math.min(dice.get(0).face(), dice.get(1).face());
            int kept = fault == Fault.PUSH_REROLLS_THE_WRONG_DIE ? lower : higher;
            if (fault == Fault.PUSH_FORGETS_THE_NUDGES) {
                base -= nudges;
            }
            Fraction success = Dist.die(6).atLeast(9 - kept - base);
            if (fault == Fault.PUSH_ROUNDED_TO_A_PERCENT) {
                success = percent(success);
            }
            return Optional.of(oddsOf(success, "If you push and then stop."));
        }

        private static Fraction percent(Fraction p) {
            BigInteger hundredths = new java.math.BigDecimal(p.numerator()).multiply(java.math.BigDecimal.valueOf(100))
                    .divide(new java.math.BigDecimal(p.denominator()), 0, RoundingMode.HALF_UP).toBigIntegerExact();
            return Fraction.of(hundredths, BigInteger.valueOf(100));
        }

        private static Odds oddsOf(Fraction success, String note) {
            return Odds.over(OUTCOMES).add("failure", success.complement()).add("success", success).note(note)
                    .build();
        }
    }
}
