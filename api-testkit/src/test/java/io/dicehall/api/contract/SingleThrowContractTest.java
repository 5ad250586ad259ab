package io.dicehall.api.contract;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.List;

/**
 * A procedure written as a {@link SingleThrowProcedure}, a constructor and two methods, keeps the whole contract,
 * best play included: the game it derives from its odds agrees with its rules.
 */
class SingleThrowContractTest extends GameSystemContract {

    static final List<Outcome> OUTCOMES = List.of(Outcome.of("miss", "Miss", Tone.BAD),
            Outcome.of("hit", "Hit", Tone.MIXED), Outcome.of("strong-hit", "Strong hit", Tone.GOOD));

    /** 2d6 plus a modifier: 6 or less misses, 7 to 9 hits, 10 or more hits strongly. */
    static final class Move2d6 extends SingleThrowProcedure {
        Move2d6() {
            super("move", "Move", "Roll 2d6 plus a modifier.",
                    Form.of(IntegerField.of("modifier", "Modifier", -2, 3, 0)), OUTCOMES);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            Die a = Die.of("d1", 6, dice.roll(6), Verdict.NEUTRAL);
            Die b = Die.of("d2", 6, dice.roll(6), Verdict.NEUTRAL);
            int total = a.face() + b.face() + inputs.integer("modifier");
            return RollState.builder().step("start", "Rolled 2d6").group("dice", "Dice", List.of(a, b))
                    .tally("total", "Total", total).outcome(OUTCOMES.get(total >= 10 ? 2 : total >= 7 ? 1 : 0))
                    .complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            Dist total = Dist.die(6).times(2).map(t -> t + inputs.integer("modifier"));
            return Odds.over(OUTCOMES).add("miss", total.p(t -> t <= 6)).add("hit", total.p(t -> t >= 7 && t <= 9))
                    .add("strong-hit", total.atLeast(10)).build();
        }
    }

    @Override
    protected GameSystem system() {
        return new GameSystem() {
            @Override
            public String id() {
                return "test-single-throw";
            }

            @Override
            public String name() {
                return "Test Single Throw";
            }

            @Override
            public String summary() {
                return "One procedure of one throw.";
            }

            @Override
            public Attribution attribution() {
                return Attribution.of("Dicehall", "Test Single Throw", "CC0 1.0");
            }

            @Override
            public List<Procedure> procedures() {
                return List.of(new Move2d6());
            }

            @Override
            public int spiVersion() {
                return SPI_VERSION;
            }
        };
    }
}
