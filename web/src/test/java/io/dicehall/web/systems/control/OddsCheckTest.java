package io.dicehall.web.systems.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The load-time odds check: exact over few faces, by sample over many, and the bundled systems' odds agree. */
class OddsCheckTest {

    private static final List<Outcome> OUTCOMES = List.of(new Outcome("six", "Six", Tone.GOOD, ""),
            new Outcome("other", "Other", Tone.BAD, ""));

    /** Rolls {@code dice} d6 (a field); "six" when any shows 6. Declares {@code sixOnOne} for one die. */
    private static final class AnySix extends SingleThrowProcedure {
        private final Fraction sixOnOne;

        AnySix(Fraction sixOnOne) {
            super("any-six", "Any six", "A six on any die.", Form.of(IntegerField.of("dice", "Dice", 1, 8, 1)),
                    OUTCOMES);
            this.sixOnOne = sixOnOne;
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            var rolled = new ArrayList<Die>();
            boolean six = false;
            for (int i = 0; i < inputs.integer("dice"); i++) {
                int face = dice.roll(6);
                six |= face == 6;
                rolled.add(Die.of("d" + i, 6, face, face == 6 ? Verdict.SUCCESS : Verdict.FAILURE));
            }
            return RollState.builder().group("dice", "Dice", rolled).outcome(OUTCOMES.get(six ? 0 : 1))
                    .step("start", "Rolled").complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            int n = inputs.integer("dice");
            Fraction none = Fraction.ONE;
            for (int i = 0; i < n; i++) {
                none = none.times(n == 1 ? sixOnOne.complement() : Fraction.of(5, 6));
            }
            return Odds.over(OUTCOMES).add("six", none.complement()).add("other", none).build();
        }
    }

    private static long later(long seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    }

    @Test
    void trueOddsPassExactlyAndBySample() {
        var result = OddsCheck.check(new AnySix(Fraction.of(1, 6)), later(30), 1);
        assertThat(result.disagreement(), nullValue());
        assertThat("1 and 8 dice (defaults counted once) exactly", result.exact(), is(1));
        assertThat("8 dice (1,679,616 throws) by sample", result.sampled(), is(1));
        assertThat(result.cutShort(), is(false));
    }

    @Test
    void oddsThatLieAboutOneDieAreFoundExactlyWithBothFigures() {
        var result = OddsCheck.check(new AnySix(Fraction.of(1, 5)), later(30), 1);
        assertThat(result.disagreement(), containsString("procedure any-six, inputs {dice=1}"));
        assertThat(result.disagreement(), containsString("six declared 1/5, its rolls give 1/6"));
        assertThat(result.disagreement(), containsString("exactly"));
    }

    @Test
    void theChiSquareCriticalValueIsNearTheTables() {
        // Exact values at α = 1e-6: 23.93 (1 df), 35.89 (5), 46.86 (10); Wilson and Hilferty err on the high side.
        assertThat(OddsComparison.critical(1), is(greaterThan(23.9)));
        assertThat(OddsComparison.critical(1), is(lessThan(28.0)));
        assertThat(OddsComparison.critical(5), is(greaterThan(35.8)));
        assertThat(OddsComparison.critical(5), is(lessThan(38.0)));
        assertThat(OddsComparison.critical(10), is(greaterThan(46.8)));
        assertThat(OddsComparison.critical(10), is(lessThan(49.0)));
    }

    /** Every bundled system's odds agree with its rolls, given time to check everything. */
    @Test
    void theBundledSystemsOddsAgree() {
        for (GameSystem system : ServiceLoader.load(GameSystem.class)) {
            if (!system.getClass().getName().startsWith("io.dicehall.systems.")) {
                continue;
            }
            for (var procedure : system.procedures()) {
                long start = System.nanoTime();
                var result = OddsCheck.check(procedure, later(120), system.id().hashCode());
                System.out.printf("%s/%s: %d exact, %d sampled, %d ms%n", system.id(), procedure.id(), result.exact(),
                        result.sampled(), (System.nanoTime() - start) / 1_000_000);
                assertThat(system.id() + " " + procedure.id(), result.disagreement(), nullValue());
                assertThat(result.cutShort(), is(false));
            }
        }
    }
}
