package io.dicehall.systems.taskschecks;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Goal;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Best play by brute force from the rules alone, like the kit's {@link BruteForce}, for rolls with exploding
 * dice, which never stop on their own: a call's throws stop once they have shown {@code sixes} 6s, and every
 * die after that shows 1. Every 6 is a success that no later move takes back, so once a call has shown as many
 * 6s as any goal needs, every goal is reached whatever else is thrown: the values stay exact (the states after
 * the stop are not the real ones, only as good). Every face, every legal input of every open move, real states.
 * Not thread-safe; small inputs only.
 */
final class ExplodingBruteForce {

    private final Procedure procedure;
    private final Inputs inputs;
    private final int sixes;
    private List<Map.Entry<RollState, Fraction>> first;
    private final Map<Key, List<Move>> legal = new HashMap<>();
    private final Map<Key, Map<Move, List<Map.Entry<RollState, Fraction>>>> next = new HashMap<>();
    private final Map<Goal, Map<Key, Fraction>> values = new HashMap<>();

    /** A state as a map key, hashed over its dice: a roll state's own hash reads only a few fields. */
    private record Key(RollState state, int hash) {
        static Key of(RollState state) {
            int h = state.memo().hashCode();
            for (var die : state.dice()) {
                for (var d = die; d != null; d = d.previous()) {
                    h = 31 * h + d.id().hashCode() * 7 + d.face();
                }
            }
            return new Key(state, h);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && hash == that.hash && state.equals(that.state);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    ExplodingBruteForce(Procedure procedure, Inputs inputs, int sixes) {
        this.procedure = procedure;
        this.inputs = inputs;
        this.sixes = sixes;
    }

    Fraction beforeRoll(Goal goal) {
        if (first == null) {
            first = faces(dice -> procedure.start(inputs, dice));
        }
        Fraction sum = Fraction.ZERO;
        for (var entry : first) {
            sum = sum.plus(entry.getValue().times(value(entry.getKey(), goal)));
        }
        return sum;
    }

    /** @return every state met so far, first throws included */
    List<RollState> states() {
        var states = new java.util.LinkedHashSet<Key>();
        first.forEach(e -> states.add(Key.of(e.getKey())));
        next.values().forEach(byMove -> byMove.values().forEach(l -> l.forEach(e -> states.add(Key.of(e.getKey())))));
        return states.stream().map(Key::state).toList();
    }

    Fraction value(RollState state, Goal goal) {
        Map<Key, Fraction> known = values.computeIfAbsent(goal, g -> new HashMap<>());
        Key key = Key.of(state);
        Fraction value = known.get(key);
        if (value != null) {
            return value;
        }
        if (state.complete()) {
            value = goal.reachedBy(state.outcome().id()) ? Fraction.ONE : Fraction.ZERO;
        } else {
            value = Fraction.ZERO;
            for (Move move : legalMoves(state)) {
                Fraction v = value(state, move, goal);
                value = v.compareTo(value) > 0 ? v : value;
            }
        }
        known.put(key, value);
        return value;
    }

    Fraction value(RollState state, Move move, Goal goal) {
        List<Map.Entry<RollState, Fraction>> after = next.computeIfAbsent(Key.of(state), s -> new HashMap<>())
                .computeIfAbsent(move, m -> faces(dice -> procedure.apply(inputs, state, m, dice)));
        Fraction sum = Fraction.ZERO;
        for (var entry : after) {
            sum = sum.plus(entry.getValue().times(value(entry.getKey(), goal)));
        }
        return sum;
    }

    List<Move> legalMoves(RollState state) {
        return legal.computeIfAbsent(Key.of(state), key -> {
            RollState s = key.state();
            var moves = new ArrayList<Move>();
            for (MoveOption option : s.moves()) {
                for (Inputs moveInputs : BruteForce.everyInput(option.form(), 100_000)) {
                    Move move = new Move(option.id(), moveInputs);
                    if (procedure.checkMove(inputs, s, move).isEmpty()) {
                        moves.add(move);
                    }
                }
            }
            return List.copyOf(moves);
        });
    }

    /** Every result of a call over every face, a depth-first walk of the throws, stopped after enough 6s. */
    private <T> List<Map.Entry<T, Fraction>> faces(Function<Dice, T> call) {
        var results = new LinkedHashMap<Object, Fraction>();
        List<int[]> prefix = new ArrayList<>();
        while (true) {
            Replay dice = new Replay(prefix);
            T result = call.apply(dice);
            BigInteger ways = BigInteger.ONE;
            for (int[] roll : dice.path) {
                ways = ways.multiply(BigInteger.valueOf(roll[0]));
            }
            results.merge(result instanceof RollState state ? Key.of(state) : result, Fraction.of(BigInteger.ONE, ways),
                    Fraction::plus);
            int last = dice.path.size() - 1;
            while (last >= 0 && dice.path.get(last)[1] == dice.path.get(last)[0]) {
                last--;
            }
            if (last < 0) {
                var list = new ArrayList<Map.Entry<T, Fraction>>();
                results.forEach((k, v) -> list.add(Map.entry(unchecked(k instanceof Key key ? key.state() : k), v)));
                return list;
            }
            prefix = new ArrayList<>(dice.path.subList(0, last + 1));
            int[] advanced = prefix.get(last).clone();
            advanced[1]++;
            prefix.set(last, advanced);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T unchecked(Object value) {
        return (T) value;
    }

    /** Replays faces, then 1s; once the call has shown enough 6s, every further die shows 1 and is no choice. */
    private final class Replay implements Dice {
        private final List<int[]> prefix;
        final List<int[]> path = new ArrayList<>();
        private int shown;

        Replay(List<int[]> prefix) {
            this.prefix = prefix;
        }

        @Override
        public int roll(int sides) {
            if (shown >= sixes) {
                return 1;
            }
            int at = path.size();
            int face = at < prefix.size() ? prefix.get(at)[1] : 1;
            path.add(new int[] {sides, face});
            if (face == 6) {
                shown++;
            }
            return face;
        }
    }
}
