package io.dicehall.systems.dice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dicehall.api.Dice;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Helpers for the tests: inputs from text, and every face sequence of a roll enumerated. */
final class Rolls {

    static final RollProcedure ROLL = new RollProcedure();
    /** Small caps (two explosions, two re-rolls a die), so every face sequence of a few dice can be listed. */
    static final RollProcedure SMALL_CAPS = new RollProcedure(new Limits.Caps(2, 2));

    private Rolls() {
    }

    /** @return checked inputs of this expression text; fails if the form refuses it */
    static Inputs inputs(String expression) {
        return InputChecker.check(ROLL.form(), Map.of(RollProcedure.EXPRESSION, expression)).orThrow();
    }

    /** @return the rules' violations of this text (the form's and the procedure's) */
    static List<Violation> violations(String expression) {
        var checked = InputChecker.check(ROLL.form(), Map.of(RollProcedure.EXPRESSION, expression));
        return checked.ok() ? ROLL.check(checked.inputs()) : checked.violations();
    }

    static RollState roll(String expression, int... faces) {
        Inputs inputs = inputs(expression);
        assertEquals(List.of(), ROLL.check(inputs), expression);
        return ROLL.start(inputs, Dice.scripted(faces));
    }

    /** @return the total of expression {@code index} (from 0) of the distributions the procedure gives */
    static Dist dist(String expression, int index) {
        return dist(ROLL, expression, index);
    }

    static Dist dist(RollProcedure procedure, String expression, int index) {
        return procedure.distributions(inputs(expression)).get(index).dist();
    }

    /** @return every value's probability in {@code dist}, in order */
    static Map<Integer, Fraction> asMap(Dist dist) {
        var out = new TreeMap<Integer, Fraction>();
        dist.forEach(e -> out.put(e.value(), e.p()));
        return out;
    }

    /**
     * Runs {@code run} on every sequence of faces it can ask for (depth first, as an odometer), and adds up what it
     * reads weighted by each sequence's probability.
     *
     * @param budget the most sequences; fails beyond it
     */
    static <K extends Comparable<K>> Map<K, Fraction> everyFace(Function<Dice, K> run, int budget) {
        var out = new TreeMap<K, Fraction>();
        var faces = new ArrayList<Integer>();
        var sides = new ArrayList<Integer>();
        for (int n = 0; ; n++) {
            if (n > budget) {
                throw new AssertionError("more than " + budget + " face sequences");
            }
            int[] used = {0};
            K result = run.apply(s -> {
                int i = used[0]++;
                if (i < faces.size()) {
                    if (sides.get(i) != s) {
                        throw new IllegalStateException("the dice asked for changed");
                    }
                    return faces.get(i);
                }
                faces.add(1);
                sides.add(s);
                return 1;
            });
            while (faces.size() > used[0]) {
                faces.remove(faces.size() - 1);
                sides.remove(sides.size() - 1);
            }
            BigInteger denominator = BigInteger.ONE;
            for (int s : sides) {
                denominator = denominator.multiply(BigInteger.valueOf(s));
            }
            out.merge(result, Fraction.of(BigInteger.ONE, denominator), Fraction::plus);
            while (!faces.isEmpty() && faces.get(faces.size() - 1).equals(sides.get(sides.size() - 1))) {
                faces.remove(faces.size() - 1);
                sides.remove(sides.size() - 1);
            }
            if (faces.isEmpty()) {
                return out;
            }
            faces.set(faces.size() - 1, faces.get(faces.size() - 1) + 1);
        }
    }

    /** @return the distribution of tally {@code total-(index + 1)} over every face sequence of a roll */
    static Map<Integer, Fraction> everyFace(RollProcedure procedure, String expression, int index, int budget) {
        Inputs inputs = inputs(expression);
        String tally = "total-" + (index + 1);
        return everyFace(dice -> procedure.start(inputs, dice).tally(tally).orElseThrow().value(), budget);
    }
}
