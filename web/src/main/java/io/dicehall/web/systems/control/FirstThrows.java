package io.dicehall.web.systems.control;

import io.dicehall.api.Dice;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A procedure's first throw, made for the {@link OddsCheck}: its outcome under given dice, and, where the faces are
 * few, every outcome with its exact probability, found by replaying each sequence of faces the throw can draw (at
 * most {@value #MAX_RUNS} throws of at most {@value #MAX_DICE} dice). Each throw counts as one call for the
 * allocation budget ({@link SystemCalls#nextCall()}). What stops a throw from being read is one of the exceptions
 * here: the outcome is still pending, the rules are not a function of their dice, or there are too many faces or
 * too little time.
 */
final class FirstThrows {

    static final int MAX_RUNS = 8192;
    static final int MAX_DICE = 24;

    private FirstThrows() {
    }

    /** The first throw leaves the outcome pending: the odds cannot be read off it. */
    static final class Pending extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Pending() {
            super(null, null, false, false);
        }
    }

    /** The rules drew different dice from the same faces: they use randomness or state besides their dice. */
    static final class NotAFunction extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAFunction(String message) {
            super(message, null, false, false);
        }
    }

    /** More throws or dice than are replayed. */
    static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    /** The deadline came first. */
    static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfTime() {
            super(null, null, false, false);
        }
    }

    /**
     * @return the outcome of the procedure's first throw with these dice
     * @throws Pending when the throw leaves the outcome pending
     */
    static String outcome(Procedure procedure, Inputs inputs, Dice dice) {
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
    static boolean fewFaces(Procedure procedure, Inputs inputs) {
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
}
