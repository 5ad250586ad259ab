package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A large seeded sample of each plan, played through the real moves (the KISS picks chosen as the
 * plan says, then Ego for everyone), against the exact plan odds.
 */
class PlanSampleTest {

    private static final int SAMPLE = 10_000;

    @Test
    void taskWithDieOfFortuneHelpAndEgo() {
        sample(new TaskProcedure(), map("job-level", 1, "stress", 1, "difficulty-factors", 1, "kisses", 2,
                "health", 3, "helpers", List.of(map("rank", 3), map("rank", 6))), 11);
    }

    @Test
    void taskWithAPool() {
        sample(new TaskProcedure(), map("job-level", 4, "rank", 5, "objectives", 2, "difficulty-factors", 2,
                "kisses", 2, "helpers", List.of(map("rank", 2))), 12);
    }

    @Test
    void opposedTaskWithDiceOfFortune() {
        Map<String, Object> dof = map("job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 1,
                "health", 2, "helpers", List.of(map("rank", 4)));
        Map<String, Object> pool = map("job-level", 2, "rank", 5, "objectives", 1, "difficulty-factors", 1,
                "kisses", 1);
        sample(new OpposedTaskProcedure(), map("sides", List.of(dof, pool, dof)), 13);
    }

    @Test
    void groupCheckWithLending() {
        sample(new GroupCheckProcedure(), map("participants", List.of(
                map("rank", 3, "stress", 0, "kisses", 3), map("rank", 5, "stress", 1, "kisses", 0),
                map("rank", 6, "stress", 0, "kisses", 1))), 14);
    }

    @Test
    void versusCheck() {
        sample(new VersusCheckProcedure(), map("contestants", List.of(map("rank", 4, "kisses", 1),
                map("rank", 5, "kisses", 2), map("rank", 4, "stress", 1, "kisses", 0))), 15);
    }

    private void sample(RollProcedure procedure, Map<String, Object> raw, long seed) {
        Inputs inputs = InputChecker.check(procedure.form(), raw).orThrow();
        Odds odds = procedure.odds(inputs);
        for (boolean ego : new boolean[] {false, true}) {
            Dice dice = Dice.seeded(seed + (ego ? 1 : 0));
            Map<String, Integer> counts = new HashMap<>();
            for (int n = 0; n < SAMPLE; n++) {
                RollState state = play(procedure, inputs, procedure.start(inputs, dice), dice, ego);
                counts.merge(state.outcome().id(), 1, Integer::sum);
            }
            List<Chance> expected = odds.plans().get(ego ? 1 : 0).outcomes();
            for (Chance chance : expected) {
                double p = chance.probability().toDouble();
                double seen = counts.getOrDefault(chance.id(), 0) / (double) SAMPLE;
                double tolerance = 5 * Math.sqrt(p * (1 - p) / SAMPLE) + 1.0 / SAMPLE;
                assertTrue(Math.abs(seen - p) <= tolerance, procedure.id() + " ego=" + ego + " " + chance.id()
                        + ": expected " + p + ", sampled " + seen);
            }
        }
    }

    /**
     * Every KISS on failed dice, best chance first, lending as a Group Check allows; then Ego for all (declared with
     * the KISSes where the KISS move offers it, which an exploding roll requires).
     */
    private static RollState play(RollProcedure procedure, Inputs inputs, RollState state, Dice dice, boolean ego) {
        List<Roller> rollers = procedure.rollers(inputs);
        if (state.move("kiss").isPresent()) {
            List<Table.Slot> slots = Table.slots(rollers, state);
            Comparator<Table.Slot> best = Comparator.comparingInt(s -> s.rank() * 2 + (s.exploding() ? 0 : 1));
            List<String> picks = new ArrayList<>();
            List<Table.Slot> leftover = new ArrayList<>();
            int lend = 0;
            for (Roller roller : rollers) {
                List<Table.Slot> failed = slots.stream()
                        .filter(s -> s.owner() == roller && s.failed() && s.kissable()).sorted(best).toList();
                if (failed.isEmpty()) {
                    lend += roller.kisses();
                }
                for (int i = 0; i < failed.size(); i++) {
                    if (i < roller.kisses()) {
                        picks.add(failed.get(i).die().id());
                    } else {
                        leftover.add(failed.get(i));
                    }
                }
            }
            if (procedure instanceof GroupCheckProcedure) {
                leftover.sort(best);
                for (int i = 0; i < Math.min(lend, leftover.size()); i++) {
                    picks.add(leftover.get(i).die().id());
                }
            }
            if (!picks.isEmpty()) {
                Map<String, Object> raw = map("dice", picks);
                var egoField = state.move("kiss").orElseThrow().form().field("ego");
                if (ego && egoField.isPresent()) {
                    // Ego on an exploding roll is declared with the KISSes (on plain dice it may come after)
                    raw.put("ego", ((io.dicehall.api.form.PickField) egoField.get()).options().stream()
                            .map(o -> o.value()).toList());
                }
                state = apply(procedure, inputs, state, "kiss", raw, dice);
            }
        }
        if (ego && !state.complete() && state.move("ego").isPresent()) {
            MoveOption option = state.move("ego").orElseThrow();
            Map<String, Object> raw = option.form().fields().isEmpty() ? map()
                    : map("who", ((io.dicehall.api.form.PickField) option.form().fields().get(0)).options().stream()
                            .map(o -> o.value()).toList());
            state = apply(procedure, inputs, state, "ego", raw, dice);
        }
        return state;
    }

    private static RollState apply(RollProcedure procedure, Inputs inputs, RollState state, String id,
            Map<String, Object> raw, Dice dice) {
        MoveOption option = state.move(id).orElseThrow();
        Move move = new Move(id, InputChecker.check(option.form(), raw).orThrow());
        if (!procedure.checkMove(inputs, state, move).isEmpty()) {
            throw new AssertionError("the plan's move was refused: " + procedure.checkMove(inputs, state, move));
        }
        return procedure.apply(inputs, state, move, dice);
    }
}
