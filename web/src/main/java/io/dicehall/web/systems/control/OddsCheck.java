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
 * <p>Exactly where the faces are few: every sequence of faces the first throw can draw is replayed
 * ({@link FirstThrows}), and each outcome's probability must equal the declared one. Otherwise against
 * {@value #SAMPLE} seeded throws: Pearson's chi-square must stay under its critical value at α = 10⁻⁶
 * ({@link OddsComparison}), so a system whose odds are right is refused about once in a million checks. The check
 * stops, passing what it has not reached, at a deadline. Each call of the procedure counts as one call for the
 * allocation budget ({@link SystemCalls#nextCall()}).
 */
final class OddsCheck {

    static final int SAMPLE = 10_000;
    /** At most this many inputs of a procedure are checked by sample. */
    static final int MAX_SAMPLED = 2;

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
                rolled = FirstThrows.fewFaces(procedure, inputs) ? FirstThrows.enumerate(procedure, inputs, deadline) : null;
            } catch (FirstThrows.Pending pending) {
                continue;
            } catch (FirstThrows.TooLarge | FirstThrows.OutOfTime tooLarge) {
                rolled = null;
            } catch (FirstThrows.NotAFunction random) {
                return new Result(where(procedure, inputs).replace("its odds disagree with its own rolls", "its odds "
                        + "cannot be checked") + ": " + random.getMessage(), exact, sampled, threw, false);
            } catch (RuntimeException broken) {
                threw++;
                continue;
            }
            if (rolled != null) {
                exact++;
                String differs = OddsComparison.differsExactly(declared, rolled);
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
                    counts.merge(FirstThrows.outcome(procedure, inputs, dice), 1, Integer::sum);
                }
            } catch (FirstThrows.Pending pending) {
                continue;
            } catch (RuntimeException broken) {
                threw++;
                continue;
            }
            sampled++;
            String differs = OddsComparison.differsInSample(declared, counts, n);
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
}
