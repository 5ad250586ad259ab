package org.example.spi1;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.List;

/** Flip a coin: no inputs, no moves; apply is written out, as SPI version 1 required. */
public class OldFlip implements Procedure {

    static final List<Outcome> OUTCOMES = List.of(new Outcome("tails", "Tails", Tone.BAD, ""),
            new Outcome("heads", "Heads", Tone.GOOD, ""));

    @Override
    public String id() {
        return "old-flip";
    }

    @Override
    public String name() {
        return "Old flip";
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
                .group("coin", "Coin", List.of(Die.of("coin", 2, face, face == 2 ? Verdict.SUCCESS : Verdict.FAILURE)))
                .outcome(OUTCOMES.get(face - 1))
                .step("start", "Flipped")
                .complete()
                .build();
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        throw new IllegalStateException("a flip has no moves");
    }

    @Override
    public Odds odds(Inputs inputs) {
        return Odds.over(OUTCOMES).add("tails", Fraction.of(1, 2)).add("heads", Fraction.of(1, 2)).build();
    }
}
