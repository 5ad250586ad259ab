package io.dicehall.api.contract;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An action roll of a pool of d6s, written twice: by hand ({@link HandWritten}: {@code start} and {@code odds}, the
 * rule in both), and stated once ({@link Stated}: what is thrown and how it is read). Roll the rating in d6s, one
 * more for an assist and one more for a push; the highest die decides (6 a full success, 4 or 5 a partial, 1 to 3 a
 * failure) and two sixes are a critical. With no dice, roll two and keep the lower, and no critical. Each can carry
 * one planted error in its odds, for the kit's own tests.
 */
final class ActionPoolSystem implements GameSystem {

    /** An error planted in the odds. */
    enum Fault {
        NONE,
        /** 1/216 moved from partial to success at rating 2 with an assist, and only there. */
        TWO_FIELDS,
        /** 1/7776 moved from failure to partial at rating 3 with an assist and a push, and only there. */
        THREE_FIELDS,
        /** A stated roll whose hand-tuned odds move 1/6^12 from failure to partial at twelve dice. */
        LARGE_POOL
    }

    static final List<Outcome> OUTCOMES = List.of(
            Outcome.of("failure", "Failure", Tone.BAD, "1 to 3: things go badly."),
            Outcome.of("partial", "Partial success", Tone.MIXED, "4 or 5: it works, with a consequence."),
            Outcome.of("success", "Full success", Tone.GOOD, "A 6: it works."),
            Outcome.of("critical", "Critical", Tone.GOOD, "Two 6s: it works, with increased effect."));

    private static final Form FORM = Form.of(
            IntegerField.of("rating", "Rating", 0, 4, 1),
            FlagField.of("assist", "Assist").help("Someone helps: one more die."),
            FlagField.of("push", "Push yourself").help("Take stress: one more die."),
            ChoiceField.of("position", "Position", List.of(Option.of("risky", "Risky"),
                    Option.of("controlled", "Controlled"), Option.of("desperate", "Desperate"))));

    /** The stated roll's form: also bonus dice, for pools far beyond what brute force can count. */
    private static final Form LARGE_FORM = Form.of(
            IntegerField.of("rating", "Rating", 0, 4, 1),
            FlagField.of("assist", "Assist"),
            FlagField.of("push", "Push yourself"),
            IntegerField.of("bonus", "Bonus dice", 0, 8, 0).help("Dice from gear, a bargain, a ritual."));

    private final Fault fault;
    private final boolean stated;

    ActionPoolSystem(Fault fault, boolean stated) {
        this.fault = fault;
        this.stated = stated;
    }

    @Override
    public String id() {
        return stated ? "test-stated-action" : "test-action";
    }

    @Override
    public String name() {
        return stated ? "Stated action" : "Action";
    }

    @Override
    public String summary() {
        return "A pool of d6s; the highest die decides.";
    }

    @Override
    public Attribution attribution() {
        return Attribution.of("Dicehall", "The contract kit's tests", "Apache-2.0");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(stated ? new Stated(fault) : new HandWritten(fault));
    }

    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }

    static int dice(Inputs inputs) {
        return inputs.integer("rating") + (inputs.flag("assist") ? 1 : 0) + (inputs.flag("push") ? 1 : 0)
                + (inputs.has("bonus") ? inputs.integer("bonus") : 0);
    }

    static String outcome(int top, int sixes) {
        return sixes >= 2 ? "critical" : top == 6 ? "success" : top >= 4 ? "partial" : "failure";
    }

    static Verdict verdict(int face) {
        return face == 6 ? Verdict.SUCCESS : face >= 4 ? Verdict.PARTIAL : Verdict.FAILURE;
    }

    /** The rule written once: the dice, and how they read. */
    static final class Stated extends StatedProcedure {
        private final Fault fault;

        Stated(Fault fault) {
            super("action", "Action", "Roll your rating in d6s; the highest die decides.", LARGE_FORM, OUTCOMES);
            this.fault = fault;
        }

        @Override
        public Throw thrown(Inputs inputs) {
            int n = dice(inputs);
            return Throw.dice(n == 0 ? 2 : n, 6);
        }

        @Override
        public Reading<?> reading(Inputs inputs) {
            if (dice(inputs) == 0) {
                return Reading.sorted(f -> read(f.get(0), 0)
                        .verdictsSorted(List.of(verdict(f.get(0)), Verdict.UNCOUNTED)));
            }
            return Reading.highestAndCount(6, r -> read(r.highest(), r.count()).verdicts(ActionPoolSystem::verdict));
        }

        private static Read read(int top, int sixes) {
            Read read = Read.as(outcome(top, sixes)).tally("highest", "Highest die", top);
            return sixes >= 2 ? read.flag("critical", "Increased effect") : read;
        }

        @Override
        public Odds odds(Inputs inputs) {
            Odds odds = super.odds(inputs);
            return fault == Fault.LARGE_POOL && dice(inputs) == 12
                    ? shift(odds, "failure", "partial", Fraction.of(1, 2_176_782_336L)) : odds;
        }
    }

    /** The same rules by hand, as an author wrote them before stated rolls: the rule in start and again in odds. */
    static final class HandWritten extends SingleThrowProcedure {
        private final Fault fault;

        HandWritten(Fault fault) {
            super("action", "Action", "Roll your rating in d6s; the highest die decides.", FORM, OUTCOMES);
            this.fault = fault;
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int n = dice(inputs);
            var thrown = new ArrayList<Die>();
            for (int i = 1; i <= (n == 0 ? 2 : n); i++) {
                int face = dice.roll(6);
                thrown.add(Die.of("d" + i, 6, face, verdict(face)));
            }
            int top;
            int sixes;
            if (n == 0) {
                Die low = thrown.stream().min(Comparator.comparingInt(Die::face)).orElseThrow();
                top = low.face();
                sixes = 0;
                thrown.replaceAll(d -> d == low ? d : d.withVerdict(Verdict.UNCOUNTED));
            } else {
                top = thrown.stream().mapToInt(Die::face).max().orElseThrow();
                sixes = (int) thrown.stream().filter(d -> d.face() == 6).count();
            }
            String id = outcome(top, sixes);
            return RollState.builder().step("start", "Rolled " + thrown.size() + "d6").group("dice", "Dice", thrown)
                    .tally("highest", "Highest die", top)
                    .outcome(OUTCOMES.stream().filter(o -> o.id().equals(id)).findFirst().orElseThrow())
                    .complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            int n = dice(inputs);
            Odds odds = n == 0 ? Odds.of(OUTCOMES, Pool.dice(2, 6).lowest(), low -> outcome(low, 0))
                    : Odds.of(OUTCOMES, Pool.dice(n, 6).highestAndCount(6), r -> outcome(r.highest(), r.count()));
            boolean assist = inputs.flag("assist");
            int rating = inputs.integer("rating");
            if (fault == Fault.TWO_FIELDS && rating == 2 && assist) {
                return shift(odds, "partial", "success", Fraction.of(1, 216));
            }
            if (fault == Fault.THREE_FIELDS && rating == 3 && assist && inputs.flag("push")) {
                return shift(odds, "failure", "partial", Fraction.of(1, 7776));
            }
            return odds;
        }
    }

    static Odds shift(Odds odds, String from, String to, Fraction amount) {
        Odds.Builder shifted = Odds.over(OUTCOMES);
        for (Outcome outcome : OUTCOMES) {
            Fraction p = odds.probability(outcome.id());
            shifted.add(outcome.id(), outcome.id().equals(from) ? p.minus(amount)
                    : outcome.id().equals(to) ? p.plus(amount) : p);
        }
        return shifted.build();
    }
}
