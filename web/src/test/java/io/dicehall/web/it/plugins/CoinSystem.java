package io.dicehall.web.it.plugins;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
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

/** A third party's plugin as small as it gets: flip a coin. Packaged into a JAR by the tests. */
public class CoinSystem implements GameSystem {

    static final List<Outcome> OUTCOMES = List.of(new Outcome("tails", "Tails", Tone.BAD, ""),
            new Outcome("heads", "Heads", Tone.GOOD, ""));

    @Override
    public String id() {
        return "test-coin";
    }

    @Override
    public String name() {
        return "Test Coin";
    }

    @Override
    public String summary() {
        return "Flip a coin.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Tests", "Coin", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(new Flip());
    }

    /** The one procedure. */
    public static class Flip implements Procedure {
        @Override
        public String id() {
            return "flip";
        }

        @Override
        public String name() {
            return "Flip";
        }

        @Override
        public String summary() {
            return "Heads or tails.";
        }

        @Override
        public Form form() {
            return Form.EMPTY;
        }

        @Override
        public List<Outcome> outcomes() {
            return OUTCOMES;
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int face = dice.roll(2);
            return RollState.builder()
                    .group("coin", "Coin", List.of(Die.of("c1", 2, face, face == 2 ? Verdict.SUCCESS : Verdict.FAILURE)))
                    .outcome(OUTCOMES.get(face - 1)).step("start", "Flipped").complete().build();
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            throw new UnsupportedOperationException("a coin has no moves");
        }

        @Override
        public Odds odds(Inputs inputs) {
            return Odds.over(OUTCOMES).add("tails", Fraction.of(1, 2)).add("heads", Fraction.of(1, 2)).build();
        }
    }

    /** The same coin, renamed: a new version of the plugin. */
    public static class Renamed extends CoinSystem {
        @Override
        public String name() {
            return "Test Coin Two";
        }
    }

    /**
     * A plugin whose procedure never finishes when flipped with {@code n} = 5 (pure code, which ignores interrupts;
     * the server stops it), an input the load-time odds check never tries (it tries the defaults and each end).
     */
    public static class Hanging extends CoinSystem {
        @Override
        public String id() {
            return "test-hanging";
        }

        @Override
        public List<Procedure> procedures() {
            return List.of(new Flip() {
                @Override
                public Form form() {
                    return Form.of(IntegerField.of("n", "N", 1, 9, 1));
                }

                @Override
                public RollState start(Inputs inputs, Dice dice) {
                    long x = 1;
                    while (inputs.integer("n") == 5 && x > 0) {
                        x = (x * 31 + 7) & 0x3fff_ffff_ffffL | 1;
                    }
                    return super.start(inputs, dice);
                }
            });
        }
    }

    /** A plugin whose list of procedures throws. */
    public static class ThrowingProcedures extends CoinSystem {
        @Override
        public String id() {
            return "test-throwing-procedures";
        }

        @Override
        public List<Procedure> procedures() {
            throw new IllegalStateException("no procedures today");
        }
    }

    /** A plugin that claims a bundled system's id. */
    public static class Impostor extends CoinSystem {
        @Override
        public String id() {
            return "action-rolls";
        }
    }

    /** A plugin that answers with an outcome it never declared, when flipped with {@code n} = 5. */
    public static class Garbage extends CoinSystem {
        @Override
        public String id() {
            return "test-garbage";
        }

        @Override
        public List<Procedure> procedures() {
            return List.of(new Flip() {
                @Override
                public Form form() {
                    return Form.of(IntegerField.of("n", "N", 1, 9, 1));
                }

                @Override
                public RollState start(Inputs inputs, Dice dice) {
                    if (inputs.integer("n") != 5) {
                        return super.start(inputs, dice);
                    }
                    return RollState.builder().outcome(new Outcome("jackpot", "Jackpot", Tone.GOOD, ""))
                            .step("start", "?").complete().build();
                }
            });
        }
    }
}
