package io.dicehall.systems.taskschecks;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.List;

/**
 * A Slow Check (the Checks page, Slow Checks): no dice; the Check passes as though with two
 * successes, and takes a time that depends on the rank. Not allowed at two stress. No dice and no moves: best
 * play is the sure pass.
 */
final class SlowCheckProcedure extends SingleThrowProcedure {

    static final List<Outcome> OUTCOMES = List.of(new Outcome("automatic-pass", "Automatic Pass", Tone.GOOD,
            "You take your time and it works, as a Regular Pass (two successes) would; the time it takes depends"
                    + " on your rank."));

    /** How long a Slow Check takes, by rank 1–6. */
    static final List<String> DURATIONS = List.of("about 5–10 minutes", "about 10–15 minutes",
            "about 20–30 minutes", "about 30–45 minutes", "about 60–90 minutes", "about 120–180 minutes");

    private static final Form FORM = Form.of(CheckProcedure.RANK, CheckProcedure.STRESS);

    SlowCheckProcedure() {
        super("slow-check", "Slow Check", "When time is not pressing: pass a Check without rolling, at a cost in time"
                + " set by your rank.", FORM, OUTCOMES);
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        if (inputs.integer("stress") >= 2) {
            return List.of(new Violation("stress", "A Slow Check is not allowed with 2 stress in the ability: make"
                    + " an active Check instead (the Checks rules, Slow Checks)"));
        }
        return List.of();
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        String duration = DURATIONS.get(inputs.integer("rank") - 1);
        return RollState.builder()
                .outcome(OUTCOMES.get(0).describedAs("Passed as though with two successes, after " + duration
                        + " of careful work."))
                .tally("successes", "Successes", 2)
                .tally(Tally.text("duration", "Time taken", duration))
                .step("start", "Took your time at rank " + inputs.integer("rank") + ": passed after " + duration)
                .complete()
                .build();
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        return List.of(new Violation("", "A Slow Check has no moves: it is passed without rolling"));
    }

    @Override
    public Odds odds(Inputs inputs) {
        return Odds.over(OUTCOMES).add("automatic-pass", Fraction.ONE)
                .note("No dice are rolled: a Slow Check always passes.").build();
    }
}
