package io.dicehall.systems.fatewalker;

import io.dicehall.api.Move;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An extended roll as a game for best play. A position is the running total and whether the one-time bonus is
 * still to spend while the work is in progress, and the outcome alone once it has ended (completed, failed or
 * stopped). The moves are the player's: roll again without the bonus, roll again with it (while it is unspent),
 * stop. A roll's lottery is the distribution of a pool's successes ({@link PoolOdds#successes}) moved by the
 * difficulty. The total can fall back, so positions come round again.
 *
 * <p>The game answers every position itself ({@link BonusPlay}): toward completing the work, best play rolls on and
 * spends the bonus at the first roll it can (the chance is the extended chain's, worked out once per game); toward
 * anything less (not failing), stopping reaches it for certain. So the solver searches nothing, however large the
 * goal and the pools, and only sums the values of where each move open now leads.
 */
final class ExtendedGame implements Game<ExtendedGame.Position> {

    private static final Form ROLL_FORM = Form.of(new FlagField(ExtendedProcedure.USE_BONUS, "Add the one-time bonus",
            "", false));
    private static final Move ROLL = roll(false);
    private static final Move ROLL_WITH_BONUS = roll(true);
    private static final Move ACCEPT = Move.of(ExtendedProcedure.ACCEPT);
    private static final List<Move> WITH_BONUS = List.of(ROLL, ROLL_WITH_BONUS, ACCEPT);
    private static final List<Move> WITHOUT_BONUS = List.of(ROLL, ACCEPT);

    private static final String IN_PROGRESS = ExtendedProcedure.IN_PROGRESS.id();
    private static final String COMPLETED = ExtendedProcedure.COMPLETED.id();
    private static final String FAILED = ExtendedProcedure.FAILED.id();
    private static final String STOPPED = ExtendedProcedure.STOPPED.id();

    /**
     * @param total the running total while in progress (0 .. goal − 1); 0 once ended
     * @param bonus whether the one-time bonus is still to spend; false once ended
     * @param outcome {@code in-progress}, or how the roll ended
     */
    record Position(int total, boolean bonus, String outcome) {

        boolean open() {
            return outcome.equals(IN_PROGRESS);
        }
    }

    private final ExtendedProcedure.Setup setup;
    private final int target;
    private final int difficulty;
    private final boolean hasBonus;
    /** The numbers of these dice, goal and difficulty, shared by every game that has the same. */
    private final Tables tables;

    ExtendedGame(ExtendedProcedure.Setup setup) {
        this(setup, true);
    }

    /**
     * @param shared whether to take the tables from (and leave them in) the cache shared by games of the same
     *     numbers; false works everything out afresh for this game alone, as before there was a cache
     */
    ExtendedGame(ExtendedProcedure.Setup setup, boolean shared) {
        this.setup = setup;
        target = setup.target();
        difficulty = setup.difficulty().value();
        hasBonus = setup.oneTime() > 0;
        Tables.Key key = new Tables.Key(target, difficulty, setup.tn(), setup.pool(false),
                setup.pool(hasBonus));
        tables = shared ? Tables.of(key) : new Tables(key);
    }

    /**
     * What best play needs of one extended roll's numbers (goal, difficulty, TN, dice without and with the bonus),
     * worked out when first asked for and kept: each throw's distribution, the exact chance to complete from every
     * total ({@link BonusPlay}) and those chances in lowest terms, and the lotteries of a real state's moves in the
     * order the solver sums them best. Reducing the chances (a gcd of numbers of about 3,000 bits, one per total
     * and bonus state, some 36 in all) and the chain's values are almost all the work of an answer after a throw,
     * and a server asks again and again with the same numbers (before the roll, then after every throw, for
     * every table rolling the same work), so the tables are shared by every game of the same {@link Key} across
     * requests: {@link #of} keeps the last {@value #KEPT} keys used.
     *
     * <p>Thread-safe: each value is immutable and follows from the key alone, so two threads that work out the
     * same value at once store equal ones, and a reader sees either none or a whole one (final fields).
     */
    static final class Tables {

        /** How many keys the shared cache keeps; the least recently used goes first. */
        static final int KEPT = 16;

        private static final Map<Key, Tables> CACHE = new LinkedHashMap<>(2 * KEPT, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Tables> eldest) {
                return size() > KEPT;
            }
        };

        /** The numbers everything in the tables follows from; the dice are whole pools, at least 1. */
        record Key(int target, int difficulty, int tn, int plainDice, int bonusDice) {
        }

        private final Key key;
        private final Dist plainThrow;
        private final Dist bonusThrow;
        private volatile BonusPlay play;
        private final Fraction[] plainValues;
        private final Fraction[] bonusValues;
        /** [total][1 if the bonus is left before the roll][1 if the roll takes it]: a real state's lottery. */
        private final Lottery<?>[][][] lotteries;

        Tables(Key key) {
            this.key = key;
            plainThrow = PoolOdds.successes(key.plainDice(), key.tn());
            bonusThrow = key.bonusDice() == key.plainDice() ? plainThrow
                    : PoolOdds.successes(key.bonusDice(), key.tn());
            plainValues = new Fraction[key.target()];
            bonusValues = new Fraction[key.target()];
            lotteries = new Lottery<?>[key.target()][2][2];
        }

        static Tables of(Key key) {
            synchronized (CACHE) {
                return CACHE.computeIfAbsent(key, Tables::new);
            }
        }

        /** Empties the shared cache, so that the next answers work everything out again. */
        static void clear() {
            synchronized (CACHE) {
                CACHE.clear();
            }
        }

        BonusPlay play() {
            BonusPlay numbers = play;
            if (numbers == null) {
                numbers = new BonusPlay(new ExtendedChain(key.target(), key.difficulty()), key.target(),
                        key.difficulty(), ExtendedChain.Pool.of(key.plainDice(), key.tn()),
                        ExtendedChain.Pool.of(key.bonusDice(), key.tn()));
                play = numbers;
            }
            return numbers;
        }

        /** @return the chance to complete from open total t under best play, with the bonus still to spend or not */
        Fraction completing(int t, boolean bonus) {
            Fraction[] values = bonus ? bonusValues : plainValues;
            Fraction value = values[t];
            if (value == null) {
                BonusPlay numbers = play();
                value = bonus ? Fraction.of(numbers.now(t), numbers.nowDen())
                        : Fraction.of(numbers.plain(t), numbers.plainDen());
                values[t] = value;
            }
            return value;
        }
    }

    private static Move roll(boolean withBonus) {
        return new Move(ExtendedProcedure.ROLL_AGAIN,
                InputChecker.check(ROLL_FORM, Map.of(ExtendedProcedure.USE_BONUS, withBonus)).orThrow());
    }

    private Position after(int total, boolean bonus) {
        if (total >= target) {
            return ended(COMPLETED);
        }
        return total < 0 ? ended(FAILED) : new Position(total, bonus, IN_PROGRESS);
    }

    private static Position ended(String outcome) {
        return new Position(0, false, outcome);
    }

    private Lottery<Position> roll(int total, boolean withBonus, boolean bonusLeft) {
        return Lottery.of(withBonus ? tables.bonusThrow : tables.plainThrow,
                successes -> after(total + successes - difficulty, bonusLeft));
    }

    @Override
    public Lottery<Position> start() {
        boolean first = setup.bonusFirst();
        return roll(0, first, hasBonus && !first);
    }

    @Override
    public Position position(RollState state) {
        if (state.complete()) {
            return ended(state.outcome().id());
        }
        return new Position(state.memoInt("total", 0), hasBonus && state.memoInt("bonus-spent-on", 0) == 0,
                IN_PROGRESS);
    }

    @Override
    public List<Move> moves(Position position) {
        if (!position.open()) {
            return List.of();
        }
        return position.bonus() ? WITH_BONUS : WITHOUT_BONUS;
    }

    @Override
    public Lottery<Position> next(Position position, Move move) {
        if (move.id().equals(ExtendedProcedure.ACCEPT)) {
            return Lottery.certain(ended(STOPPED));
        }
        boolean withBonus = move.inputs().flag(ExtendedProcedure.USE_BONUS);
        return roll(position.total(), withBonus, position.bonus() && !withBonus);
    }

    /**
     * Where a move of a real state leads: the same lottery as from its position, with the totals listed in the
     * order the solver sums fastest ({@link #ordered}), worked out once per total and move and kept in the tables.
     * (Positions the solver reaches by itself are answered by {@link #value} without summing.)
     */
    @Override
    public Lottery<Position> next(RollState state, Move move) {
        Position position = position(state);
        if (!position.open() || move.id().equals(ExtendedProcedure.ACCEPT)) {
            return next(position, move);
        }
        int left = position.bonus() ? 1 : 0;
        int taken = move.inputs().flag(ExtendedProcedure.USE_BONUS) ? 1 : 0;
        @SuppressWarnings("unchecked")
        Lottery<Position> known = (Lottery<Position>) tables.lotteries[position.total()][left][taken];
        if (known == null) {
            known = ordered(next(position, move));
            tables.lotteries[position.total()][left][taken] = known;
        }
        return known;
    }

    /**
     * @return the lottery with its positions in the order the solver sums them fastest: it keeps one running
     *     denominator, which stays as it is when the next value's divides it, becomes the next value's when that is
     *     a multiple of it, and is multiplied by it otherwise, making every later step longer. So the positions go
     *     greedily: one whose denominator divides the running one if any, else one whose denominator is a multiple
     *     of it (the one most others divide), and only when neither is left the longest, so that a multiplication,
     *     where it cannot be avoided, comes as late as it can
     */
    private Lottery<Position> ordered(Lottery<Position> lottery) {
        if (lottery.size() < 3) {
            return lottery;
        }
        record Entry(Position position, Fraction probability, BigInteger den) {
        }
        var rest = new ArrayList<Entry>();
        for (int i = 0; i < lottery.size(); i++) {
            Position p = lottery.position(i);
            rest.add(new Entry(p, lottery.probability(i), p.open() ? completing(p).denominator() : BigInteger.ONE));
        }
        Lottery.Builder<Position> ordered = Lottery.builder();
        BigInteger den = BigInteger.ONE;
        while (!rest.isEmpty()) {
            Entry next = null;
            for (Entry e : rest) {
                if (den.mod(e.den()).signum() == 0) {
                    next = e;
                    break;
                }
            }
            if (next == null) {
                int most = -1;
                for (Entry e : rest) {
                    if (e.den().mod(den).signum() != 0) {
                        continue;
                    }
                    int divides = 0;
                    for (Entry other : rest) {
                        divides += e.den().mod(other.den()).signum() == 0 ? 1 : 0;
                    }
                    if (divides > most) {
                        most = divides;
                        next = e;
                    }
                }
            }
            if (next == null) {
                next = rest.stream().max(Comparator.comparingInt(e -> e.den().bitLength())).orElseThrow();
            }
            rest.remove(next);
            BigInteger d = next.den();
            den = den.mod(d).signum() == 0 ? den : d.mod(den).signum() == 0 ? d : den.multiply(d);
            ordered.add(next.position(), next.probability());
        }
        return ordered.build();
    }

    @Override
    public String outcome(Position position) {
        return position.outcome();
    }

    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        if (!position.open()) {
            return Optional.of(goal.reachedBy(position.outcome()) ? Fraction.ONE : Fraction.ZERO);
        }
        if (goal.reachedBy(STOPPED)) {
            return Optional.of(Fraction.ONE); // stopping now reaches it
        }
        return Optional.of(completing(position));
    }

    /** @return the chance to complete the work from an open position under best play */
    private Fraction completing(Position position) {
        return tables.completing(position.total(), position.bonus());
    }

    /** Over the first roll: weighs the values after it with the throw's weights, one division in all. */
    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        boolean first = setup.bonusFirst();
        ExtendedChain.Pool pool = ExtendedChain.Pool.of(setup.pool(first), setup.tn());
        if (goal.reachedBy(STOPPED)) {
            // Stopping after the first roll reaches it, unless that roll fails the work (or it is a goal of failing).
            if (goal.reachedBy(FAILED)) {
                return Optional.of(Fraction.ONE);
            }
            return Optional.of(Fraction.of(pool.atLeast(difficulty), pool.total()));
        }
        BonusPlay numbers = play();
        boolean kept = hasBonus && !first;
        BigInteger[] values = new BigInteger[target];
        for (int t = 0; t < target; t++) {
            values[t] = kept ? numbers.now(t) : numbers.plain(t);
        }
        BigInteger den = kept ? numbers.nowDen() : numbers.plainDen();
        return Optional.of(Fraction.of(numbers.weigh(pool, 0, values, den), pool.total().multiply(den)));
    }

    private BonusPlay play() {
        return tables.play();
    }
}
