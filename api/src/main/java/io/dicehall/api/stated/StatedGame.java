package io.dicehall.api.stated;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The game of a stated roll with declared re-rolls, derived from its throw, reading and {@link Rerolls}. A position
 * is the faces, sorted lowest first within each size of die (a reading does not depend on their order), the
 * re-rolls left, and whether the roll is over; its moves re-roll one die of each distinct size and face, or stop.
 * The first positions come from the sorted throws of each size of die, by dynamic programming.
 */
final class StatedGame implements Game<StatedGame.Position> {

    /** The faces, aligned with the sizes sorted ascending and sorted within each size; re-rolls left; over. */
    record Position(List<Integer> faces, int left, boolean over) {
    }

    private final Throw thrown;
    private final Reading<?> reading;
    private final Rerolls rerolls;
    /** The sides of the dice, ascending: the sides of each place of a position's faces. */
    private final List<Integer> sides;

    StatedGame(Throw thrown, Reading<?> reading, Rerolls rerolls) {
        this.thrown = thrown;
        this.reading = reading;
        this.rerolls = rerolls;
        this.sides = thrown.sides().stream().sorted().toList();
    }

    @Override
    public Lottery<Position> start() {
        var counts = new TreeMap<Integer, Integer>();
        thrown.sides().forEach(s -> counts.merge(s, 1, Integer::sum));
        Map<List<Integer>, Fraction> sortedThrows = Map.of(List.of(), Fraction.ONE);
        for (var entry : counts.entrySet()) {
            var longer = new LinkedHashMap<List<Integer>, Fraction>();
            Map<List<Integer>, Fraction> group = Pool.dice(entry.getValue(), entry.getKey()).sortedFaces();
            sortedThrows.forEach((before, p) -> group.forEach((faces, q) -> {
                var joined = new ArrayList<>(before);
                joined.addAll(faces);
                longer.merge(List.copyOf(joined), p.times(q), Fraction::plus);
            }));
            sortedThrows = longer;
        }
        Lottery.Builder<Position> first = Lottery.builder();
        sortedThrows.forEach((faces, p) -> first.add(position(faces, rerolls.times(), false), p));
        return first.build();
    }

    @Override
    public Position position(RollState state) {
        List<Integer> faces = state.group("dice").map(g -> g.dice().stream().map(Die::face).toList())
                .orElse(List.of());
        return position(sorted(faces, thrown.sides()), state.memoInt(Rerolls.LEFT, 0), state.complete());
    }

    @Override
    public List<Move> moves(Position position) {
        return position.over() ? List.of() : moves(position.faces(), sides);
    }

    @Override
    public Lottery<Position> next(Position position, Move move) {
        if (move.id().equals(Rerolls.ACCEPT)) {
            return Lottery.certain(new Position(position.faces(), position.left(), true));
        }
        int die = Integer.parseInt(move.inputs().choice("die").substring(1)) - 1;
        return after(position.faces(), sides, die, position.left());
    }

    /** The state's own dice ({@code d1}, {@code d2} … in throw order), then stop. */
    @Override
    public List<Move> moves(RollState state) {
        return state.complete() ? List.of()
                : moves(state.group("dice").orElseThrow().dice().stream().map(Die::face).toList(), thrown.sides());
    }

    /** One re-roll per distinct size and face (the first such die, {@code d1} for the first place), then stop. */
    private static List<Move> moves(List<Integer> faces, List<Integer> sidesOfFaces) {
        var moves = new ArrayList<Move>();
        var seen = new HashSet<List<Integer>>();
        for (int i = 0; i < faces.size(); i++) {
            if (seen.add(List.of(sidesOfFaces.get(i), faces.get(i)))) {
                moves.add(reroll("d" + (i + 1)));
            }
        }
        moves.add(new Move(Rerolls.ACCEPT, InputChecker.check(Form.EMPTY, Map.of()).orThrow()));
        return moves;
    }

    @Override
    public Lottery<Position> next(RollState state, Move move) {
        if (move.id().equals(Rerolls.ACCEPT)) {
            return next(position(state), move);
        }
        List<Die> dice = state.group("dice").orElseThrow().dice();
        String picked = move.inputs().choice("die");
        int die = 0;
        while (!dice.get(die).id().equals(picked)) {
            die++;
        }
        return after(dice.stream().map(Die::face).toList(), thrown.sides(), die, state.memoInt(Rerolls.LEFT, 0));
    }

    @Override
    public String outcome(Position position) {
        return reading.read(position.faces()).outcome();
    }

    /** Where re-rolling die {@code die} of these faces (of these sides, in the same order) leads. */
    private Lottery<Position> after(List<Integer> faces, List<Integer> sidesOfFaces, int die, int left) {
        Lottery.Builder<Position> next = Lottery.builder();
        Fraction each = Fraction.of(1, sidesOfFaces.get(die));
        for (int face = 1; face <= sidesOfFaces.get(die); face++) {
            var changed = new ArrayList<>(faces);
            changed.set(die, face);
            next.add(position(sorted(changed, sidesOfFaces), left - 1, false), each);
        }
        return next.build();
    }

    /** A position, over where the rules allow no more moves. */
    private Position position(List<Integer> faces, int left, boolean stopped) {
        boolean over = stopped || !rerolls.open(left, reading.read(faces).outcome(), faces);
        return new Position(faces, left, over);
    }

    /** The faces ordered by the sides of their dice, then by face: a position's order. */
    private static List<Integer> sorted(List<Integer> faces, List<Integer> sidesOfFaces) {
        var order = new ArrayList<Integer>();
        for (int i = 0; i < faces.size(); i++) {
            order.add(i);
        }
        order.sort(java.util.Comparator.<Integer>comparingInt(sidesOfFaces::get).thenComparingInt(faces::get));
        return order.stream().map(faces::get).toList();
    }

    private static Move reroll(String die) {
        return new Move(Rerolls.REROLL, InputChecker.check(StatedProcedure.rerollForm(List.of(Option.of(die, die)), die),
                Map.of("die", die)).orThrow());
    }
}
