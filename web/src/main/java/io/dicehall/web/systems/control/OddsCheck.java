package io.dicehall.web.systems.control;

import io.dicehall.api.Dice;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Checks a procedure's pre-roll odds ({@link Procedure#odds(Inputs)}) against its own first throw
 * ({@link Procedure#start}, the outcome if no move is taken), on a small covering set of inputs: the defaults, and
 * the defaults with one field changed (an integer at its minimum and at its maximum, a flag set, a choice at its
 * first and at its last option). Inputs the form or the system's own rules refuse are left out, and so are inputs
 * whose first throw leaves the outcome pending (the odds then describe a play this check cannot know).
 *
 * <p>Exactly where the faces are few: every sequence of faces the first throw can draw is replayed (at most
 * {@value #MAX_RUNS} throws of at most {@value #MAX_DICE} dice), and each outcome's probability must equal the
 * declared one. Otherwise against {@value #SAMPLE} seeded throws: Pearson's chi-square over the declared outcomes
 * (those expected fewer than 5 times pooled) must stay under its critical value at α = 10⁻⁶, so a system whose odds
 * are right is refused about once in a million checks; and an outcome thrown that the odds give 0 is a disagreement.
 * The check stops, passing what it has not reached, at a deadline. Each call of the procedure counts as one call
 * for the allocation budget ({@link SystemCalls#nextCall()}).
 */
final class OddsCheck {

    static final int MAX_RUNS = 8192;
    static final int MAX_DICE = 24;
    static final int SAMPLE = 10_000;
    /** At most this many inputs of a procedure are checked by sample. */
    static final int MAX_SAMPLED = 2;
    /** The standard normal quantile of 1 - 10⁻⁶. */
    private static final double Z = 4.753424;

    private OddsCheck() {
    }

    /**
     * What was found: a disagreement, or how much was checked.
     *
     * @param disagreement the procedure, inputs and both figures where they disagree; null when none was found
     * @param exact how many inputs were checked exactly
     * @param sampled how many by sample
     * @param threw how many inputs could not be checked because the procedure threw (its calls answer 502 then)
     * @param cutShort whether the deadline stopped the check
     */
    record Result(String disagreement, int exact, int sampled, int threw, boolean cutShort) {
        Optional<String> refusal() {
            return Optional.ofNullable(disagreement);
        }
    }

    /**
     * Checks one procedure.
     *
     * @param procedure the procedure
     * @param deadline {@link System#nanoTime()} past which nothing more is checked
     * @param seed the seed of the sample's dice
     * @return the disagreement found, if any, with the procedure, inputs and both figures
     */
    static Result check(Procedure procedure, long deadline, long seed) {
        int exact = 0;
        int sampled = 0;
        int threw = 0;
        for (Inputs inputs : coveringInputs(procedure)) {
            if (System.nanoTime() - deadline > 0) {
                return new Result(null, exact, sampled, threw, true);
            }
            Odds odds;
            try {
                SystemCalls.nextCall();
                odds = procedure.odds(inputs);
            } catch (RuntimeException broken) {
                // A procedure that throws fails each call that meets it, and says so (502): not a lie about odds.
                threw++;
                continue;
            }
            if (odds == null) {
                return new Result(where(procedure, inputs) + ": its odds are null", exact, sampled, threw, false);
            }
            var declared = new LinkedHashMap<String, Fraction>();
            for (Chance chance : odds.outcomes()) {
                declared.merge(chance.id(), chance.probability(), Fraction::plus);
            }
            Map<String, Fraction> rolled;
            try {
                rolled = fewFaces(procedure, inputs) ? enumerate(procedure, inputs, deadline) : null;
            } catch (Pending pending) {
                continue;
            } catch (TooLarge | OutOfTime tooLarge) {
                rolled = null;
            } catch (NotAFunction random) {
                return new Result(where(procedure, inputs).replace("its odds disagree with its own rolls", "its odds "
                        + "cannot be checked") + ": " + random.getMessage(), exact, sampled, threw, false);
            } catch (RuntimeException broken) {
                threw++;
                continue;
            }
            if (rolled != null) {
                exact++;
                String differs = differsExactly(declared, rolled);
                if (differs != null) {
                    return new Result(where(procedure, inputs) + ": " + differs + " (exactly, over every face of its "
                            + "first throw)", exact, sampled, threw, false);
                }
                continue;
            }
            if (sampled >= MAX_SAMPLED) {
                continue;
            }
            if (System.nanoTime() - deadline > 0) {
                return new Result(null, exact, sampled, threw, true);
            }
            var counts = new HashMap<String, Integer>();
            Dice dice = Dice.seeded(seed ^ inputs.hashCode());
            int n = 0;
            try {
                for (; n < SAMPLE; n++) {
                    if ((n & 255) == 0 && System.nanoTime() - deadline > 0) {
                        return new Result(null, exact, sampled, threw, true);
                    }
                    counts.merge(outcome(procedure, inputs, dice), 1, Integer::sum);
                }
            } catch (Pending pending) {
                continue;
            } catch (RuntimeException broken) {
                threw++;
                continue;
            }
            sampled++;
            String differs = differsInSample(declared, counts, n);
            if (differs != null) {
                return new Result(where(procedure, inputs) + ": " + differs, exact, sampled, threw, false);
            }
        }
        return new Result(null, exact, sampled, threw, false);
    }

    private static String where(Procedure procedure, Inputs inputs) {
        return "its odds disagree with its own rolls: procedure " + procedure.id() + ", inputs "
                + new TreeMap<>(inputs.toMap());
    }

    /** @return the defaults, and the defaults with one field at each end of its range; checked, no rule broken */
    static List<Inputs> coveringInputs(Procedure procedure) {
        var raws = new ArrayList<Map<String, Object>>();
        raws.add(Map.of());
        for (Field field : procedure.form().fields()) {
            if (field instanceof IntegerField f) {
                raws.add(Map.of(f.name(), f.min()));
                raws.add(Map.of(f.name(), f.max()));
            } else if (field instanceof FlagField f) {
                raws.add(Map.of(f.name(), true));
            } else if (field instanceof ChoiceField f && !f.options().isEmpty()) {
                raws.add(Map.of(f.name(), f.options().get(0).value()));
                raws.add(Map.of(f.name(), f.options().get(f.options().size() - 1).value()));
            }
        }
        var inputs = new LinkedHashSet<Inputs>();
        for (Map<String, Object> raw : raws) {
            InputChecker.Result result = InputChecker.check(procedure.form(), raw);
            if (result.ok()) {
                var broken = procedure.check(result.inputs());
                if (broken != null && broken.isEmpty()) {
                    inputs.add(result.inputs());
                }
            }
        }
        return List.copyOf(inputs);
    }

    /** The first throw leaves the outcome pending: the odds cannot be read off it. */
    private static final class Pending extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Pending() {
            super(null, null, false, false);
        }
    }

    /** The rules drew different dice from the same faces: they use randomness or state besides their dice. */
    private static final class NotAFunction extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAFunction(String message) {
            super(message, null, false, false);
        }
    }

    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfTime() {
            super(null, null, false, false);
        }
    }

    private static String outcome(Procedure procedure, Inputs inputs, Dice dice) {
        SystemCalls.nextCall();
        RollState state = procedure.start(inputs, dice);
        if (state == null || state.outcome() == null) {
            throw new IllegalStateException("procedure " + procedure.id() + " returned no state or no outcome");
        }
        if (!state.complete() && state.outcome().tone() == Tone.PENDING) {
            throw new Pending();
        }
        return state.outcome().id();
    }

    /**
     * @return whether one throw's dice (those drawn when every die shows 1) have few enough faces in product to
     *     enumerate; a throw that draws more dice on other faces may still prove too large
     */
    private static boolean fewFaces(Procedure procedure, Inputs inputs) {
        var probe = new Replay(List.of());
        try {
            outcome(procedure, inputs, probe);
        } catch (TooLarge tooMany) {
            return false;
        }
        long product = 1;
        for (int[] die : probe.path) {
            product *= die[0];
            if (product > MAX_RUNS) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every outcome of the first throw with its exact probability: each sequence of faces replayed in turn (the
     * faces of the dice drawn so far counted up like an odometer, later dice first).
     */
    static Map<String, Fraction> enumerate(Procedure procedure, Inputs inputs, long deadline) {
        var outcomes = new LinkedHashMap<String, Fraction>();
        List<int[]> prefix = new ArrayList<>();
        for (int runs = 1;; runs++) {
            if (runs > MAX_RUNS) {
                throw new TooLarge();
            }
            if ((runs & 63) == 0 && System.nanoTime() - deadline > 0) {
                throw new OutOfTime();
            }
            var replay = new Replay(prefix);
            String outcome = outcome(procedure, inputs, replay);
            BigInteger ways = BigInteger.ONE;
            for (int[] die : replay.path) {
                ways = ways.multiply(BigInteger.valueOf(die[0]));
            }
            outcomes.merge(outcome, Fraction.of(BigInteger.ONE, ways), Fraction::plus);
            int last = replay.path.size() - 1;
            while (last >= 0 && replay.path.get(last)[1] == replay.path.get(last)[0]) {
                last--;
            }
            if (last < 0) {
                return outcomes;
            }
            prefix = new ArrayList<>(replay.path.subList(0, last + 1));
            int[] advanced = prefix.get(last).clone();
            advanced[1]++;
            prefix.set(last, advanced);
        }
    }

    /** Dice that give the faces of a prefix, then 1s, recording each die drawn as {sides, face}. */
    private static final class Replay implements Dice {
        private final List<int[]> prefix;
        final List<int[]> path = new ArrayList<>();

        Replay(List<int[]> prefix) {
            this.prefix = prefix;
        }

        @Override
        public int roll(int sides) {
            if (sides < 1) {
                throw new IllegalArgumentException("a die needs at least one side: " + sides);
            }
            int at = path.size();
            if (at >= MAX_DICE) {
                throw new TooLarge();
            }
            int face = 1;
            if (at < prefix.size()) {
                if (prefix.get(at)[0] != sides) {
                    throw new NotAFunction("its rolls drew a d" + sides + " where the same faces drew a d"
                            + prefix.get(at)[0] + " before: they are not a function of their dice");
                }
                face = prefix.get(at)[1];
            }
            path.add(new int[] {sides, face});
            return face;
        }
    }

    private static String differsExactly(Map<String, Fraction> declared, Map<String, Fraction> rolled) {
        var lines = new ArrayList<String>();
        var ids = new LinkedHashSet<>(declared.keySet());
        ids.addAll(rolled.keySet());
        for (String id : ids) {
            Fraction said = declared.getOrDefault(id, Fraction.ZERO);
            Fraction is = rolled.getOrDefault(id, Fraction.ZERO);
            if (!said.equals(is)) {
                lines.add(id + " declared " + said + ", its rolls give " + is);
            }
        }
        return lines.isEmpty() ? null : String.join("; ", lines);
    }

    private static String differsInSample(Map<String, Fraction> declared, Map<String, Integer> counts, int n) {
        for (var count : counts.entrySet()) {
            if (declared.getOrDefault(count.getKey(), Fraction.ZERO).isZero()) {
                return count.getKey() + " declared " + declared.getOrDefault(count.getKey(), Fraction.ZERO)
                        + ", yet thrown " + count.getValue() + " times in " + n + " seeded rolls";
            }
        }
        double statistic = 0;
        int cells = 0;
        double pooledExpected = 0;
        double pooledObserved = 0;
        String worst = null;
        double worstTerm = -1;
        for (var entry : declared.entrySet()) {
            double p = entry.getValue().toDouble();
            if (p <= 0) {
                continue;
            }
            double expected = p * n;
            double observed = counts.getOrDefault(entry.getKey(), 0);
            if (expected < 5) {
                pooledExpected += expected;
                pooledObserved += observed;
                continue;
            }
            double term = (observed - expected) * (observed - expected) / expected;
            statistic += term;
            cells++;
            if (term > worstTerm) {
                worstTerm = term;
                worst = entry.getKey() + " declared " + entry.getValue() + " (" + String.format(java.util.Locale.ROOT,
                        "%.4f", p) + "), its rolls gave " + String.format(java.util.Locale.ROOT, "%.4f", observed / n);
            }
        }
        if (pooledExpected > 0) {
            statistic += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
            cells++;
        }
        int df = cells - 1;
        if (df < 1) {
            return null;
        }
        double critical = critical(df);
        if (statistic <= critical) {
            return null;
        }
        return worst + " over " + n + " seeded rolls (chi-square " + String.format(java.util.Locale.ROOT, "%.1f",
                statistic) + " over " + df + " degrees of freedom, above " + String.format(java.util.Locale.ROOT,
                "%.1f", critical) + " at α = 1e-6)";
    }

    /** @return the chi-square critical value at α = 10⁻⁶ (Wilson and Hilferty's approximation) */
    static double critical(int df) {
        double a = 2.0 / (9 * df);
        double c = 1 - a + Z * Math.sqrt(a);
        return df * c * c * c;
    }
}
