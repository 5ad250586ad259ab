package io.dicehall.web.it.gauge;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
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
 * A small third-party system in two versions, for what a plugin upgrade does to stored characters: a d6
 * plus the character's level against 7. Version 1 takes levels up to 10; version 2 narrows them to 5.
 */
public class GaugeSystem implements GameSystem {

    static final List<Outcome> OUTCOMES = List.of(new Outcome("miss", "Miss", Tone.BAD, ""),
            new Outcome("hit", "Hit", Tone.GOOD, ""));

    /** @return the highest level this version takes */
    protected int maxLevel() {
        return 10;
    }

    @Override
    public String id() {
        return "test-gauge";
    }

    @Override
    public String name() {
        return "Test Gauge";
    }

    @Override
    public String summary() {
        return "A d6 plus your level against 7.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Tests", "Gauge", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(new Check(maxLevel()));
    }

    /** The one procedure. */
    public static class Check implements Procedure {
        private final Form form;

        Check(int maxLevel) {
            form = Form.of(IntegerField.of("level", "Level", 1, maxLevel, 1)).withCharacter("level");
        }

        @Override
        public String id() {
            return "check";
        }

        @Override
        public String name() {
            return "Check";
        }

        @Override
        public String summary() {
            return "A d6 plus your level.";
        }

        @Override
        public Form form() {
            return form;
        }

        @Override
        public List<Outcome> outcomes() {
            return OUTCOMES;
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int face = dice.roll(6);
            boolean hit = face + inputs.integer("level") >= 7;
            return RollState.builder()
                    .group("d", "Die", List.of(Die.of("d1", 6, face, hit ? Verdict.SUCCESS : Verdict.FAILURE)))
                    .outcome(OUTCOMES.get(hit ? 1 : 0)).step("start", "Rolled " + face).complete().build();
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            throw new UnsupportedOperationException("no moves");
        }

        @Override
        public Odds odds(Inputs inputs) {
            int level = inputs.integer("level");
            Dist hit = Dist.die(6).map(face -> face + level >= 7 ? 1 : 0);
            return Odds.over(OUTCOMES).add("miss", hit.p(0)).add("hit", hit.p(1)).build();
        }
    }

    /** Version 2: levels up to 5 only. */
    public static class Narrowed extends GaugeSystem {
        @Override
        protected int maxLevel() {
            return 5;
        }
    }
}
