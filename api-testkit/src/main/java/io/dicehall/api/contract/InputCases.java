package io.dicehall.api.contract;

import io.dicehall.api.Procedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.TextField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * The inputs the kit checks a procedure's odds on, each with where it came from: the defaults, the inputs the
 * author added, every combination of the declared fields' values (when there are at most a budget of them) or else
 * an all-pairs covering array (every value of each field met with every value of each other field), the defaults
 * with one field changed, and random legal inputs. The declared fields are the integer, choice and flag fields of
 * the form's top level, and its text fields for which the author gives legal values: an integer field takes every
 * value when it has at most {@value #ALL_VALUES} of them, else its bounds, their neighbours, its default and a few
 * values between; a text field each legal value given; other text fields, picks and groups keep their defaults.
 * Inputs the form or the rules refuse, or that the author marks impossible, are left out. Deterministic.
 */
final class InputCases {

    /** An integer field with at most this many values takes each of them. */
    static final int ALL_VALUES = 13;

    /** An input, and how the kit came to it (for test names). */
    record Case(Inputs inputs, String source) {
    }

    private final Procedure procedure;
    private final BiPredicate<Procedure, Inputs> possible;
    private final Function<Procedure, List<Map<String, Object>>> added;
    private final Function<TextField, List<String>> texts;

    InputCases(Procedure procedure, Function<Procedure, List<Map<String, Object>>> added,
            BiPredicate<Procedure, Inputs> possible) {
        this(procedure, added, possible, field -> List.of());
    }

    /** @param texts the legal values the author gives for a text field; empty for none */
    InputCases(Procedure procedure, Function<Procedure, List<Map<String, Object>>> added,
            BiPredicate<Procedure, Inputs> possible, Function<TextField, List<String>> texts) {
        this.procedure = procedure;
        this.added = added;
        this.possible = possible;
        this.texts = texts;
    }

    /**
     * @param field a text field of the procedure's form or of one of its moves
     * @return the legal values the author gives for it, distinct, in order; empty if none
     */
    List<String> texts(TextField field) {
        List<String> given = texts.apply(field);
        return given == null ? List.of() : List.copyOf(new LinkedHashSet<>(given));
    }

    /**
     * @param budget the most combinations of the declared fields checked one by one; beyond it, all pairs
     * @param explorer for the defaults with one field changed and random inputs
     * @param randomCases how many random legal inputs at most
     * @return distinct checked inputs that break no rule, with their source
     */
    List<Case> cases(int budget, Explorer explorer, int randomCases) {
        var cases = new LinkedHashMap<Inputs, String>();
        List<Inputs> added = added();
        for (Inputs inputs : explorer.inputs(0)) {
            cases.putIfAbsent(inputs, cases.isEmpty() ? "defaults" : added.contains(inputs) ? "added"
                    : "one field changed");
        }
        List<Field> declared = procedure.form().fields().stream()
                .filter(f -> f instanceof IntegerField || f instanceof ChoiceField || f instanceof FlagField
                        || f instanceof TextField t && !texts(t).isEmpty())
                .toList();
        List<List<Object>> domains = declared.stream()
                .map(f -> f instanceof TextField t ? List.<Object>copyOf(texts(t)) : domain(f)).toList();
        long product = 1;
        for (List<Object> domain : domains) {
            product = Math.min(Long.MAX_VALUE / 64, product * domain.size());
        }
        boolean every = product <= budget;
        List<List<Object>> rows = every ? everyCombination(domains) : allPairs(domains);
        Map<String, Object> defaults = procedure.form().defaults();
        for (List<Object> row : rows) {
            var raw = new LinkedHashMap<String, Object>(defaults);
            for (int i = 0; i < declared.size(); i++) {
                raw.put(declared.get(i).name(), row.get(i));
            }
            accept(raw).ifPresent(inputs -> cases.putIfAbsent(inputs, every ? "every combination" : "all pairs"));
        }
        int before = cases.size();
        for (Inputs inputs : explorer.inputs(randomCases)) {
            if (cases.size() - before >= randomCases) {
                break;
            }
            cases.putIfAbsent(inputs, "random");
        }
        var list = new ArrayList<Case>();
        cases.forEach((inputs, source) -> list.add(new Case(inputs, source)));
        return list;
    }

    /**
     * @return the inputs the author added, checked against the form and the rules
     * @throws AssertionError if one is refused: an added input must be legal
     */
    List<Inputs> added() {
        var inputs = new ArrayList<Inputs>();
        for (Map<String, Object> raw : added.apply(procedure)) {
            InputChecker.Result result = InputChecker.check(procedure.form(), raw);
            if (!result.ok()) {
                throw new AssertionError(procedure.id() + ": an input added by moreInputs() is refused by the form: "
                        + raw + " → " + result.violations());
            }
            if (!procedure.check(result.inputs()).isEmpty()) {
                throw new AssertionError(procedure.id() + ": an input added by moreInputs() breaks a rule: " + raw
                        + " → " + procedure.check(result.inputs()));
            }
            inputs.add(result.inputs());
        }
        return inputs;
    }

    /** @return whether the author allows these inputs */
    boolean possible(Inputs inputs) {
        return possible.test(procedure, inputs);
    }

    private java.util.Optional<Inputs> accept(Map<String, Object> raw) {
        InputChecker.Result result = InputChecker.check(procedure.form(), raw);
        if (result.ok() && procedure.check(result.inputs()).isEmpty() && possible(result.inputs())) {
            return java.util.Optional.of(result.inputs());
        }
        return java.util.Optional.empty();
    }

    /** The values tried in a declared field. */
    static List<Object> domain(Field field) {
        if (field instanceof FlagField) {
            return List.of(false, true);
        }
        if (field instanceof ChoiceField f) {
            return f.options().stream().map(Option::value).<Object>map(v -> v).toList();
        }
        IntegerField f = (IntegerField) field;
        var values = new TreeSet<Integer>();
        if ((long) f.max() - f.min() < ALL_VALUES) {
            for (int v = f.min(); v <= f.max(); v++) {
                values.add(v);
            }
        } else {
            values.add(f.min());
            values.add(f.min() + 1);
            values.add(f.max() - 1);
            values.add(f.max());
            values.add(f.defaultValue());
            for (int k = 1; k <= 4; k++) {
                values.add((int) (f.min() + ((long) f.max() - f.min()) * k / 5));
            }
        }
        return new ArrayList<>(values);
    }

    private static List<List<Object>> everyCombination(List<List<Object>> domains) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of());
        for (List<Object> domain : domains) {
            var next = new ArrayList<List<Object>>();
            for (List<Object> row : rows) {
                for (Object value : domain) {
                    var longer = new ArrayList<>(row);
                    longer.add(value);
                    next.add(longer);
                }
            }
            rows = next;
        }
        return rows;
    }

    /**
     * A covering array of strength 2, greedily: each row starts from a pair not yet covered and gives every other
     * field the value that covers the most new pairs with the fields already set (the first such value on a tie).
     */
    static List<List<Object>> allPairs(List<List<Object>> domains) {
        int k = domains.size();
        if (k < 2) {
            return everyCombination(domains);
        }
        var uncovered = new LinkedHashSet<List<Integer>>();
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                for (int a = 0; a < domains.get(i).size(); a++) {
                    for (int b = 0; b < domains.get(j).size(); b++) {
                        uncovered.add(List.of(i, a, j, b));
                    }
                }
            }
        }
        var rows = new ArrayList<List<Object>>();
        while (!uncovered.isEmpty()) {
            List<Integer> seed = uncovered.iterator().next();
            int[] row = new int[k];
            java.util.Arrays.fill(row, -1);
            row[seed.get(0)] = seed.get(1);
            row[seed.get(2)] = seed.get(3);
            for (int f = 0; f < k; f++) {
                if (row[f] >= 0) {
                    continue;
                }
                int best = 0;
                int bestGain = -1;
                for (int v = 0; v < domains.get(f).size(); v++) {
                    int gain = 0;
                    for (int g = 0; g < k; g++) {
                        if (g != f && row[g] >= 0) {
                            List<Integer> pair = g < f ? List.of(g, row[g], f, v) : List.of(f, v, g, row[g]);
                            gain += uncovered.contains(pair) ? 1 : 0;
                        }
                    }
                    if (gain > bestGain) {
                        bestGain = gain;
                        best = v;
                    }
                }
                row[f] = best;
            }
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k; j++) {
                    uncovered.remove(List.of(i, row[i], j, row[j]));
                }
            }
            var values = new ArrayList<Object>();
            for (int f = 0; f < k; f++) {
                values.add(domains.get(f).get(row[f]));
            }
            rows.add(values);
        }
        return rows;
    }
}
