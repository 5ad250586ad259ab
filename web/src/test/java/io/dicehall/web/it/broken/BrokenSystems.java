package io.dicehall.web.it.broken;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.List;

/** Systems that misbehave in every way the server must survive. Deployed only by tests. */
public final class BrokenSystems {

    private BrokenSystems() {
    }

    abstract static class Base implements GameSystem {
        @Override
        public String name() {
            return getClass().getSimpleName();
        }

        @Override
        public String summary() {
            return "Misbehaves on purpose.";
        }

        @Override
        public Attribution attribution() {
            return new Attribution("Tests", "Broken", "CC0 1.0", "");
        }

        @Override
        public List<Procedure> procedures() {
            return List.of(new Throwing());
        }
    }

    /** Its id is blank. */
    public static final class BlankId extends Base {
        @Override
        public String id() {
            return " ";
        }
    }

    /** Its id is already taken by the test pool system. */
    public static final class DuplicateId extends Base {
        @Override
        public String id() {
            return "test-pool";
        }
    }

    /** Its constructor throws. */
    public static final class ThrowingConstructor extends Base {
        public ThrowingConstructor() {
            throw new IllegalStateException("cannot start");
        }

        @Override
        public String id() {
            return "throwing-constructor";
        }
    }

    /** Built for a future SPI. */
    public static final class FutureSpi extends Base {
        @Override
        public String id() {
            return "future-spi";
        }

        @Override
        public int spiVersion() {
            return GameSystem.SPI_VERSION + 1;
        }
    }

    /** Loads fine, but its procedure throws while rolling and computing odds. */
    public static final class Faulty extends Base {
        @Override
        public String id() {
            return "faulty";
        }
    }

    static final class Throwing implements Procedure {
        @Override
        public String id() {
            return "explode";
        }

        @Override
        public String name() {
            return "Explode";
        }

        @Override
        public String summary() {
            return "Always fails.";
        }

        @Override
        public Form form() {
            return Form.EMPTY;
        }

        @Override
        public List<Outcome> outcomes() {
            return List.of(new Outcome("never", "Never", Tone.BAD, ""));
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            throw new IllegalStateException("the rules code has a bug");
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            throw new IllegalStateException("the rules code has a bug");
        }

        @Override
        public Odds odds(Inputs inputs) {
            throw new ArithmeticException("the odds code has a bug");
        }
    }
}
