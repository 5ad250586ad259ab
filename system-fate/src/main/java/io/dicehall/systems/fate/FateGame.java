package io.dicehall.systems.fate;

import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One of the four actions as a game for best play.
 *
 * <p><b>Positions.</b> What matters for the rest of the roll is the player's dice ({@code dice}, −4..+4, which a
 * re-roll replaces), the rest of the shifts ({@code margin}: skill, stunts and +2 invokes less the difficulty,
 * the opposition's dice and the invokes it has made), how many invokes the player can still make ({@code
 * invokes}) and how many the opposition still holds ({@code against}). The player's invokes are one number: a
 * fate point for each aspect that fits and has not had one this roll (as far as the fate points go), and every
 * free invoke (free invokes are not limited by aspect); within the roll a fate point and a free invoke do the
 * same. Which aspects were paid for does not matter beyond that count. Once the roll is over only the outcome's
 * grade is kept.
 *
 * <p><b>The opposition.</b> Whatever the opposition still holds is spent against the roll when the player stops
 * (accepts, or has nothing left to invoke with): the roll's own rules, so best play needs no guess about it. That
 * is when the opposition's invokes hurt most: the player can no longer answer them, and each only lowers the
 * shifts. An earlier {@code invoke-against} (the opposition's choice, not the player's, so not listed) changes
 * nothing but when the +2 comes, and {@link #next} follows it when asked.
 *
 * <p><b>Moves.</b> Invoke for +2, invoke for a re-roll, accept. A free invoke is spent before a fate point: within
 * the roll both are worth the same, and the form offers the free invoke first too. In a real state the invoke
 * names an aspect the player has not yet paid a fate point for on this roll ("Aspect 1", "Aspect 2" …, to be
 * read as the aspect the player invokes).
 *
 * <p><b>Chance.</b> A re-roll's lottery is the odds' own distribution of four Fudge dice ({@link FudgeDice#FOUR});
 * the first throw is that, and with active opposition the opponent's four dice before it.
 *
 * <p><b>The game's own answer.</b> Reaching at least an outcome means final shifts at least some threshold, that
 * is, dice at least {@code need} = threshold − margin + 2·against. With {@code t} invokes left, best play is worth
 * <pre>V(t, need, dice) = max([dice ≥ need], V(t − 1, need − 2, dice), Σ_D P(D)·V(t − 1, need, D))</pre>
 * (accept, +2, re-roll), with V(0, need, dice) = [dice ≥ need]. Kept as whole numbers over 81^t, and worked
 * out once per threshold for every need that can still go either way, this answers any position without a
 * search.
 */
final class FateGame implements Game<FateGame.Position> {

    /** Weights of the sum of four Fudge dice, −4..+4, over 81. */
    private static final long[] FOUR = {1, 4, 10, 16, 19, 16, 10, 4, 1};
    private static final BigInteger EIGHTY_ONE = BigInteger.valueOf(81);
    /** The least shifts of each grade: fail, tie, succeed, succeed with style. */
    private static final int[] LEAST_SHIFTS = {Integer.MIN_VALUE, 0, 1, 3};

    private static final Move ACCEPT = new Move(ActionProcedure.ACCEPT, Inputs.NONE);
    private static final Move PLUS_TWO = invoke(placeholder(1), ActionProcedure.FREE_INVOKE, ActionProcedure.PLUS_TWO);
    private static final Move REROLL = invoke(placeholder(1), ActionProcedure.FREE_INVOKE, ActionProcedure.REROLL);
    private static final List<Move> INVOKE_OR_ACCEPT = List.of(PLUS_TWO, REROLL, ACCEPT);
    private static final List<Move> ACCEPT_ONLY = List.of(ACCEPT);

    /**
     * @param margin the shifts without the player's dice; 0 once over
     * @param dice the player's four dice, −4..+4; 0 once over
     * @param invokes the invokes the player can still make (fate points on aspects still open, free invokes); 0 once
     *     over
     * @param against the invokes the opposition still holds, to be spent when the player stops; 0 once over
     * @param over the outcome's grade (0 fail … 3 succeed with style) once over, else −1
     */
    record Position(int margin, int dice, int invokes, int against, int over) {

        boolean open() {
            return over < 0;
        }
    }

    private final Inputs inputs;
    private final List<Outcome> outcomes;
    /** Skill and stunt bonus less the difficulty: the margin before any dice or invoke. */
    private final int base;
    private final boolean active;
    private final int invokes;
    private final int against;
    /** Per threshold of shifts: the best-play numerators, worked out on demand. */
    private final Map<Integer, Values> values = new HashMap<>();

    FateGame(Action action, Inputs inputs) {
        this.inputs = inputs;
        outcomes = action.outcomes();
        base = inputs.integer(ActionProcedure.SKILL) + inputs.integer(ActionProcedure.STUNT_BONUS)
                - inputs.integer(ActionProcedure.DIFFICULTY);
        active = inputs.flag(ActionProcedure.ACTIVE_OPPOSITION);
        ActionProcedure.Left left = ActionProcedure.Left.of(inputs, Invokes.NONE);
        invokes = left.playerInvokes();
        against = left.oppositionInvokes();
    }

    private static String placeholder(int n) {
        return "Aspect " + n;
    }

    private static Move invoke(String aspect, String pay, String effect) {
        return new Move(ActionProcedure.INVOKE, InputChecker.check(ActionProcedure.INVOKE_FORM,
                Map.of(ActionProcedure.ASPECT, aspect, ActionProcedure.PAY, pay, ActionProcedure.EFFECT, effect))
                .orThrow());
    }

    /**
     * @return the position of these numbers: over (only its grade kept) when the player cannot invoke any more, the
     *     opposition having spent what it still held
     */
    private static Position of(int margin, int dice, int invokes, int against) {
        return invokes == 0 ? over(margin + dice - ActionProcedure.INVOKE_BONUS * against)
                : new Position(margin, dice, invokes, against, -1);
    }

    private static Position over(int shifts) {
        return new Position(0, 0, 0, 0, Action.grade(shifts));
    }

    @Override
    public Lottery<Position> start() {
        if (!active) {
            return Lottery.of(FudgeDice.FOUR, dice -> of(base, dice, invokes, against));
        }
        return Lottery.of(FudgeDice.FOUR, theirs -> theirs)
                .then(theirs -> Lottery.of(FudgeDice.FOUR, dice -> of(base - theirs, dice, invokes, against)));
    }

    @Override
    public Position position(RollState state) {
        ActionProcedure.Totals totals = ActionProcedure.Totals.of(inputs, state);
        if (state.complete()) {
            return over(totals.shifts());
        }
        ActionProcedure.Left left = ActionProcedure.Left.of(inputs, Invokes.of(state));
        return of(totals.shifts() - totals.dice(), totals.dice(), left.playerInvokes(), left.oppositionInvokes());
    }

    @Override
    public List<Move> moves(Position position) {
        if (!position.open()) {
            return List.of();
        }
        return position.invokes() > 0 ? INVOKE_OR_ACCEPT : ACCEPT_ONLY;
    }

    /**
     * In a real state the invokes say how they are paid (a free invoke while any is left) and name an aspect
     * that can take it: the first of "Aspect 1", "Aspect 2" … the player has not yet paid a fate point for on
     * this roll.
     */
    @Override
    public List<Move> moves(RollState state) {
        Position position = position(state);
        if (!position.open()) {
            return List.of();
        }
        if (position.invokes() == 0) {
            return ACCEPT_ONLY;
        }
        Invokes spent = Invokes.of(state);
        // A free invoke first: it needs no aspect still open, and keeps the fate points.
        String pay = ActionProcedure.Left.of(inputs, spent).freeInvokes() > 0 ? ActionProcedure.FREE_INVOKE
                : ActionProcedure.FATE_POINT;
        int n = 1;
        while (spent.paid(placeholder(n))) {
            n++;
        }
        return List.of(invoke(placeholder(n), pay, ActionProcedure.PLUS_TWO),
                invoke(placeholder(n), pay, ActionProcedure.REROLL), ACCEPT);
    }

    @Override
    public Lottery<Position> next(Position position, Move move) {
        int margin = position.margin();
        int dice = position.dice();
        switch (move.id()) {
            case ActionProcedure.ACCEPT:
                return Lottery.certain(over(margin + dice - ActionProcedure.INVOKE_BONUS * position.against()));
            case ActionProcedure.INVOKE_AGAINST:
                return Lottery.certain(of(margin - ActionProcedure.INVOKE_BONUS, dice, position.invokes(),
                        position.against() - 1));
            default:
                int left = position.invokes() - 1;
                if (move.inputs().choice(ActionProcedure.EFFECT).equals(ActionProcedure.REROLL)) {
                    return Lottery.of(FudgeDice.FOUR, fresh -> of(margin, fresh, left, position.against()));
                }
                return Lottery.certain(of(margin + ActionProcedure.INVOKE_BONUS, dice, left, position.against()));
        }
    }

    @Override
    public String outcome(Position position) {
        int grade = position.open() ? Action.grade(position.margin() + position.dice()) : position.over();
        return outcomes.get(grade).id();
    }

    @Override
    public boolean playerChooses(String moveId) {
        return !moveId.equals(ActionProcedure.INVOKE_AGAINST);
    }

    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        if (!position.open()) {
            return Optional.of(goal.reachedBy(outcome(position)) ? Fraction.ONE : Fraction.ZERO);
        }
        Values v = values(goal);
        int t = position.invokes();
        int need = v.threshold - position.margin() + ActionProcedure.INVOKE_BONUS * position.against();
        return Optional.of(Fraction.of(v.numerator(t, need, position.dice()), EIGHTY_ONE.pow(t)));
    }

    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        Values v = values(goal);
        BigInteger sum = BigInteger.ZERO;
        for (int theirs = -4; theirs <= 4; theirs++) {
            if (!active && theirs != 0) {
                continue;
            }
            BigInteger weight = active ? BigInteger.valueOf(FOUR[theirs + 4]) : BigInteger.ONE;
            int need = v.threshold - (base - theirs) + ActionProcedure.INVOKE_BONUS * against;
            BigInteger inner = BigInteger.ZERO;
            for (int dice = -4; dice <= 4; dice++) {
                inner = inner.add(BigInteger.valueOf(FOUR[dice + 4]).multiply(v.numerator(invokes, need, dice)));
            }
            sum = sum.add(weight.multiply(inner));
        }
        BigInteger over = EIGHTY_ONE.pow(invokes + (active ? 2 : 1));
        return Optional.of(Fraction.of(sum, over));
    }

    private Values values(Goal goal) {
        int threshold = Integer.MIN_VALUE;
        for (int grade = LEAST_SHIFTS.length - 1; grade >= 0; grade--) {
            if (goal.reachedBy(outcomes.get(grade).id())) {
                threshold = LEAST_SHIFTS[grade];
            }
        }
        return values.computeIfAbsent(threshold, t -> new Values(t, invokes));
    }

    /**
     * Best play toward shifts of at least {@code threshold}: for {@code t} invokes left, the dice {@code need}ed
     * and the dice on the table, the probability times 81^t, a whole number. A need of −4 or less is met by any
     * dice (81^t); one above 4 + 2t cannot be met at all (0); the needs between are worked out level by level.
     */
    static final class Values {
        final int threshold;
        /** numerators[t][need + 3][dice + 4], for needs −3 .. 4 + 2t. */
        private final BigInteger[][][] numerators;
        private final BigInteger[] powers;

        Values(int threshold, int most) {
            this.threshold = threshold;
            powers = new BigInteger[most + 1];
            powers[0] = BigInteger.ONE;
            for (int t = 1; t <= most; t++) {
                powers[t] = powers[t - 1].multiply(EIGHTY_ONE);
            }
            numerators = new BigInteger[most + 1][][];
            if (threshold == Integer.MIN_VALUE) {
                return; // every outcome reaches the goal
            }
            for (int t = 0; t <= most; t++) {
                numerators[t] = new BigInteger[8 + 2 * t][9];
                for (int need = -3; need <= 4 + 2 * t; need++) {
                    BigInteger[] row = numerators[t][need + 3];
                    BigInteger reroll = null;
                    for (int dice = -4; dice <= 4; dice++) {
                        if (dice >= need) {
                            row[dice + 4] = powers[t];
                        } else if (t == 0) {
                            row[dice + 4] = BigInteger.ZERO;
                        } else {
                            if (reroll == null) {
                                reroll = BigInteger.ZERO;
                                for (int fresh = -4; fresh <= 4; fresh++) {
                                    reroll = reroll.add(BigInteger.valueOf(FOUR[fresh + 4])
                                            .multiply(numerator(t - 1, need, fresh)));
                                }
                            }
                            BigInteger plusTwo = numerator(t - 1, need - 2, dice).multiply(EIGHTY_ONE);
                            row[dice + 4] = plusTwo.max(reroll);
                        }
                    }
                }
            }
        }

        /** @return best play's probability times 81^t */
        BigInteger numerator(int t, int need, int dice) {
            if (threshold == Integer.MIN_VALUE || need <= -4 || dice >= need) {
                return powers[t];
            }
            if (need > 4 + 2 * t) {
                return BigInteger.ZERO;
            }
            return numerators[t][need + 3][dice + 4];
        }
    }
}
