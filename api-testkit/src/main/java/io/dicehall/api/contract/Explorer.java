package io.dicehall.api.contract;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the contract kit looks: the inputs of a procedure's rolls and the real states they reach, beyond the
 * defaults. Inputs are the form's defaults, the defaults with one field changed (each flag turned, each integer at
 * its bounds, each other option), and random legal inputs; states come from random throws and then random legal
 * moves (every open move, with random inputs that pass its form and {@code checkMove}), not only the moves a game
 * lists. So a move that opens only for some inputs, or only after another move, is met. Deterministic given its
 * seed.
 */
final class Explorer {

    /** A real state of a roll, with the inputs it was rolled with. */
    record Reached(Inputs inputs, RollState state) {
    }

    /** A legal move of a reached state. */
    record Candidate(Inputs inputs, RollState state, Move move) {
    }

    private final Procedure procedure;
    private final RandomInputs random;
    private final InputCases author;

    Explorer(Procedure procedure, long seed) {
        this(procedure, seed, new InputCases(procedure, p -> List.of(), (p, i) -> true));
    }

    /** @param author the inputs the author added, and which the author marks impossible */
    Explorer(Procedure procedure, long seed, InputCases author) {
        this.procedure = procedure;
        this.random = new RandomInputs(seed ^ procedure.id().hashCode(), author::texts);
        this.author = author;
    }

    /** @return the random source, for choices the caller makes on the way */
    RandomInputs random() {
        return random;
    }

    /**
     * @param randomCases how many random legal inputs to add at most
     * @return distinct checked inputs that break no rule and that the author does not mark impossible: the
     *     defaults first, then the inputs the author added, then the defaults with one field changed (at most 16),
     *     then random legal inputs
     */
    List<Inputs> inputs(int randomCases) {
        var cases = new LinkedHashSet<Inputs>();
        Map<String, Object> defaults = procedure.form().defaults();
        Inputs defaultInputs = InputChecker.check(procedure.form(), Map.of()).orThrow();
        if (author.possible(defaultInputs)) {
            cases.add(defaultInputs);
        }
        cases.addAll(author.added());
        int corners = 0;
        for (Field field : procedure.form().fields()) {
            for (Object value : others(field, defaults.get(field.name()), author)) {
                if (corners >= 16) {
                    break;
                }
                var raw = new LinkedHashMap<>(defaults);
                raw.put(field.name(), value);
                InputChecker.Result result = InputChecker.check(procedure.form(), raw);
                if (result.ok() && procedure.check(result.inputs()).isEmpty() && author.possible(result.inputs())
                        && cases.add(result.inputs())) {
                    corners++;
                }
            }
        }
        int added = 0;
        for (int attempt = 0; attempt < randomCases * 10 && added < randomCases; attempt++) {
            InputChecker.Result result = InputChecker.check(procedure.form(), random.legal(procedure.form()));
            if (result.ok() && procedure.check(result.inputs()).isEmpty() && author.possible(result.inputs())
                    && cases.add(result.inputs())) {
                added++;
            }
        }
        return List.copyOf(cases);
    }

    /**
     * Values of a field other than its default: the other flag, an integer's bounds, the other options, the first
     * legal values the author gives for a text field.
     */
    private static List<Object> others(Field field, Object current, InputCases author) {
        var values = new ArrayList<Object>();
        if (field instanceof io.dicehall.api.form.TextField f) {
            author.texts(f).stream().limit(4).forEach(values::add);
        }
        if (field instanceof FlagField) {
            values.add(!Boolean.TRUE.equals(current));
        } else if (field instanceof IntegerField f) {
            values.add(f.min());
            values.add(f.max());
        } else if (field instanceof ChoiceField f) {
            f.options().stream().map(Option::value).limit(4).forEach(values::add);
        }
        values.removeIf(v -> v.equals(current));
        return values;
    }

    /**
     * @param inputs the roll's inputs
     * @param throwsPerInput how many first throws to make
     * @param depth the most random moves to play after each
     * @return the distinct states met: every first throw and every state a random legal move led to
     */
    List<Reached> states(Inputs inputs, int throwsPerInput, int depth) {
        var states = new LinkedHashSet<RollState>();
        for (int t = 0; t < throwsPerInput; t++) {
            Dice dice = Dice.seeded(random.nextSeed());
            RollState state = procedure.start(inputs, dice);
            states.add(state);
            for (int step = 0; step < depth && !state.complete(); step++) {
                List<MoveOption> open = state.moves();
                if (open.isEmpty()) {
                    break;
                }
                Optional<Move> move = legalMove(inputs, state, open.get(random.nextInt(open.size())));
                if (move.isEmpty()) {
                    break;
                }
                state = procedure.apply(inputs, state, move.get(), dice);
                states.add(state);
            }
        }
        return states.stream().map(s -> new Reached(inputs, s)).toList();
    }

    /**
     * @return a legal move of the option in that state: random inputs that pass the move's form and {@code
     *     checkMove}; empty if ten tries found none
     */
    Optional<Move> legalMove(Inputs inputs, RollState state, MoveOption option) {
        for (int tries = 0; tries < 10; tries++) {
            InputChecker.Result checked = InputChecker.check(option.form(), random.legal(option.form()));
            if (!checked.ok()) {
                continue;
            }
            Move move = new Move(option.id(), checked.inputs());
            if (procedure.checkMove(inputs, state, move).isEmpty()) {
                return Optional.of(move);
            }
        }
        return Optional.empty();
    }

    /**
     * Orders candidates so that every kind of move comes early: a seeded shuffle, then the first of each move id,
     * the second of each, and so on.
     */
    List<Candidate> roundRobin(List<Candidate> candidates) {
        var shuffled = new ArrayList<>(candidates);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Candidate swap = shuffled.get(i);
            shuffled.set(i, shuffled.get(j));
            shuffled.set(j, swap);
        }
        var seen = new HashMap<String, Integer>();
        var ranked = new ArrayList<Map.Entry<Integer, Candidate>>();
        for (Candidate c : shuffled) {
            ranked.add(Map.entry(seen.merge(c.move().id(), 1, Integer::sum), c));
        }
        ranked.sort(Comparator.comparing(Map.Entry::getKey));
        return ranked.stream().map(Map.Entry::getValue).toList();
    }

    /**
     * The exact distribution of the outcomes a call of the rules ends with, over every face it draws; or empty
     * when that would take more than {@code budget} runs of the rules. One run with every die at 1 first: if the
     * dice it draws have more combinations than the budget, the enumeration is not tried (sampled instead).
     *
     * @param call the rules, from dice to the state whose outcome counts
     * @param budget the most runs of the rules
     * @return each outcome id with its exact probability
     */
    static Optional<Map<String, Fraction>> outcomesExactly(Function<Dice, RollState> call, int budget) {
        if (!fewFaces(call, budget)) {
            return Optional.empty();
        }
        try {
            var exact = new LinkedHashMap<String, Fraction>();
            for (var entry : BruteForce.faces(dice -> call.apply(dice).outcome().id(), budget)) {
                exact.merge(entry.getKey(), entry.getValue(), Fraction::plus);
            }
            return Optional.of(exact);
        } catch (BruteForce.TooLarge tooLarge) {
            return Optional.empty();
        }
    }

    private static final class Many extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Many() {
            super(null, null, false, false);
        }
    }

    /**
     * @return the combinations of faces a call of the rules draws, counted on one run with every die at 1, or
     *     {@code cap + 1} if more than {@code cap}
     */
    static long faces(Function<Dice, RollState> call, long cap) {
        long[] combinations = {1};
        Dice ones = sides -> {
            combinations[0] *= Math.max(1, sides);
            if (combinations[0] > cap) {
                throw new Many();
            }
            return 1;
        };
        try {
            call.apply(ones);
            return combinations[0];
        } catch (Many many) {
            return cap + 1;
        }
    }

    private static boolean fewFaces(Function<Dice, RollState> call, int budget) {
        long[] combinations = {1};
        Dice ones = sides -> {
            combinations[0] *= Math.max(1, sides);
            if (combinations[0] > budget) {
                throw new Many();
            }
            return 1;
        };
        try {
            call.apply(ones);
            return true;
        } catch (Many many) {
            return false;
        }
    }
}
