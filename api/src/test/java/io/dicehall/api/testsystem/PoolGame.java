package io.dicehall.api.testsystem;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pool's rules as a game for best play. A position is the hits so far, how many failed dice may still be
 * re-rolled, and the re-rolls left; it is over when either is 0. Re-rolling {@code k} failed dice leads to
 * {@code hits + Bin(k, p)} hits: the very distribution the decision odds use. All failed dice are alike, so
 * re-rolling {@code k} of them is listed once, as the first {@code k} (in a real state, its first failed dice by
 * id; in a position, {@code d1..dk} standing for any {@code k}).
 */
final class PoolGame implements Game<PoolGame.Position> {

    private static final Move ACCEPT = new Move("accept", Inputs.NONE);

    /**
     * @param hits the dice that hit so far
     * @param failed how many failed dice may still be re-rolled; 0 once the roll is over
     * @param rerolls the re-rolls left; 0 once the roll is over
     */
    record Position(int hits, int failed, int rerolls) {
        static Position over(int hits) {
            return new Position(hits, 0, 0);
        }

        static Position of(int hits, int failed, int rerolls) {
            return failed == 0 || rerolls == 0 ? over(hits) : new Position(hits, failed, rerolls);
        }

        boolean isOver() {
            return rerolls == 0;
        }
    }

    private final int dice;
    private final int rerolls;
    private final Fraction hit;
    /** Whether to answer positions itself: the system's fast answer. */
    private final boolean shortcut;

    PoolGame(Inputs inputs, boolean shortcut) {
        this.dice = inputs.integer("dice");
        this.rerolls = inputs.integer("rerolls");
        this.hit = Fraction.of(7 - inputs.integer("target"), 6);
        this.shortcut = shortcut;
    }

    @Override
    public Lottery<Position> start() {
        return Lottery.of(Dist.binomial(dice, hit), hits -> Position.of(hits, dice - hits, rerolls));
    }

    @Override
    public Position position(RollState state) {
        int hits = state.tally("hits").orElseThrow().value();
        return state.complete() ? Position.over(hits)
                : Position.of(hits, failed(state).size(), state.memoInt("rerolls", 0));
    }

    private static List<String> failed(RollState state) {
        return state.group("pool").orElseThrow().dice().stream()
                .filter(d -> d.verdict() == Verdict.FAILURE && !d.wasRerolled()).map(Die::id).toList();
    }

    @Override
    public List<Move> moves(Position position) {
        var ids = new ArrayList<String>();
        for (int i = 1; i <= position.failed(); i++) {
            ids.add("d" + i);
        }
        return moves(position, ids);
    }

    /** In a real state the moves pick its own failed dice, first ones first. */
    @Override
    public List<Move> moves(RollState state) {
        return moves(position(state), failed(state));
    }

    private static List<Move> moves(Position position, List<String> failed) {
        if (position.isOver()) {
            return List.of();
        }
        List<Option> options = failed.stream().map(id -> Option.of(id, id)).toList();
        Form form = Form.of(new PickField("dice", "Dice", "", options, 1, options.size()));
        var moves = new ArrayList<Move>();
        for (int k = 1; k <= Math.min(position.rerolls(), failed.size()); k++) {
            moves.add(new Move("reroll", InputChecker.check(form, Map.of("dice", failed.subList(0, k))).orThrow()));
        }
        moves.add(ACCEPT);
        return moves;
    }

    /** A re-roll leads where its number of dice says, whichever they are: the default {@code next(state, move)}. */
    @Override
    public Lottery<Position> next(Position position, Move move) {
        if (move.id().equals("accept")) {
            return Lottery.certain(Position.over(position.hits()));
        }
        int k = move.inputs().picks("dice").size();
        return Lottery.of(Dist.binomial(k, hit), h -> Position.over(position.hits() + h));
    }

    @Override
    public String outcome(Position position) {
        int hits = position.hits();
        return PoolProcedure.OUTCOMES.get(hits == 0 ? 0 : hits >= 3 ? 2 : 1).id();
    }

    /**
     * The fast answer: more hits never hurt, so best play re-rolls as many failed dice as it may, and the
     * chance is that of {@code hits + Bin(min(rerolls, failed), p)} reaching the goal, with no search.
     */
    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        if (!shortcut) {
            return Optional.empty();
        }
        int k = Math.min(position.rerolls(), position.failed());
        Dist hits = Dist.binomial(k, hit).map(h -> h + position.hits());
        return Optional.of(hits.p(h -> goal.reachedBy(outcome(Position.over(h)))));
    }
}
