package io.dicehall.web.it.hostile;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
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
import java.util.List;

/**
 * The base of the hostile plugins the tests drop into a running server: a d6 that comes up six or not, honest
 * unless a subclass says otherwise, which misbehaves in {@link #harm()} when rolled with {@code n} = 5 (an input
 * the load-time odds check, which tries the defaults and each end of a range, never rolls). Each hostile plugin is
 * its own JAR of this class and one subclass.
 */
public abstract class HostileSystem implements GameSystem {

    static final List<Outcome> OUTCOMES = List.of(new Outcome("six", "Six", Tone.GOOD, ""),
            new Outcome("other", "Other", Tone.BAD, ""));

    /** What the plugin does when rolled with n = 5. */
    protected void harm() {
    }

    /** @return the chance of a six it declares */
    protected Fraction declaredSix() {
        return Fraction.of(1, 6);
    }

    @Override
    public String name() {
        return "Hostile " + id();
    }

    @Override
    public String summary() {
        return "Misbehaves on purpose.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Tests", "Hostile", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(new Roll());
    }

    /** One d6. */
    final class Roll extends SingleThrowProcedure {
        Roll() {
            super("roll", "Roll", "One d6.", Form.of(IntegerField.of("n", "N", 1, 9, 1)), OUTCOMES);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            if (inputs.integer("n") == 5) {
                harm();
            }
            int face = dice.roll(6);
            return RollState.builder().group("d", "Die", List.of(Die.of("d1", 6, face,
                    face == 6 ? Verdict.SUCCESS : Verdict.FAILURE))).outcome(OUTCOMES.get(face == 6 ? 0 : 1))
                    .step("start", "Rolled").complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            return Odds.over(OUTCOMES).add("six", declaredSix()).add("other", declaredSix().complement()).build();
        }
    }
}
