package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.SearchLimitException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Best play in a Group Check where participants may spend Fidelity: after the throw (the best way of spending) and
 * before it (that best summed over every throw), exact.
 *
 * <h2>What a way of spending is worth</h2>
 * Spending in two moves is spending the sum in one (no die is thrown in between), so after a throw best play is the
 * best, over every way of spending (each participant 0 up to their points), of the value {@link KissGame#value} gives
 * the same throw read at those ranks: every 6 counted twice (Ego is spent), every failed die the greedy pick can pay
 * for thrown again, and the best number of spare dice. That value reads only a {@link Sum} of the participants: each
 * participant adds a part that depends on their own dice, rank and KISSes alone ({@link #part}), and the value is a
 * function {@code V} of the sum ({@link #value(int, long, long, long)}).
 *
 * <h2>Which sums can be dropped</h2>
 * Sums are ordered: {@code S ≥ S'} when {@code S'} can be turned into {@code S} one step at a time, each step one of:
 * <ol type="a">
 *   <li>a success more;</li>
 *   <li>a KISS to lend more;</li>
 *   <li>a die more in one of the four lists (failed dice their owners pay for, failed dice left for lent KISSes, spare
 *       dice their owners pay for, spare dice the pool could pay for);</li>
 *   <li>one die of one list a rank lower;</li>
 *   <li>a trade: a failed die of rank {@code a} out of the owners' list, a success more, and a spare die of rank at
 *       most {@code a} more in the owners' spare list; or the same from the left list into the pool's spare list.</li>
 * </ol>
 * {@link #atLeast} decides it: with no trade, lane by lane (for a list, "at least as many dice of rank {@code r} or
 * lower for every {@code r}" is exactly what steps (c) and (d) can reach); with trades, it takes for each list the
 * fewest trades of the lowest failed dice that leave {@code S'} no more failed dice of each rank or lower than
 * {@code S}, each giving a spare die of its own rank (of rank 5 for a failed 6), and checks that {@code S} has the
 * spare dice and the successes they add ({@link #trades}). Two facts make the sets small and the answer exact:
 * <ol>
 *   <li><b>Adding keeps the order:</b> if {@code S ≥ S'} then {@code S + C ≥ S' + C} for every part {@code C}: every
 *       step done on {@code S'} is a step on {@code S' + C} (the successes are capped at the goal, the KISSes to lend
 *       at the dice; both caps keep the order).</li>
 *   <li><b>{@code V} keeps the order:</b> no step lowers {@code V}. Best play throws again all failed dice their
 *       owners pay for, the lowest failed dice left over as far as the KISSes to lend go, and may add spare dice,
 *       lowest first: the owners' own, then those the pool (the KISSes to lend that no failed die takes) pays for,
 *       lowest first; for each number {@code s} of spare dice it needs {@code s} more successes (they lose theirs).
 *       A failed die thrown again adds {@code X} (0, 1, or a 6, doubled, 2), a spare die {@code X − 1}, and a lower
 *       rank succeeds on every face a higher one does. So:
 *       <ul>
 *         <li>(a) needs one fewer; (c) in the owners' failed list is one more die thrown; (d) leaves every pick the
 *             same with one die thrown at a lower rank (the lowest dice of a list stay the lowest, each as low or
 *             lower);</li>
 *         <li>(b) pulls up one more failed die, or, with none left over, pays for one more spare die;</li>
 *         <li>(c) in a spare list only adds to the spare dice best play may pick from (the lowest {@code s} of them
 *             are then each as low or lower), or replaces a higher-ranked one of the pool's;</li>
 *         <li>(c) in the left list: the new die is pulled up instead of a higher one, or is not pulled up, or (every
 *             left die pulled up and the pool had KISSes) is pulled up with one of the pool's, which then pays for
 *             one spare die fewer. In that last case, for any {@code s} spare dice chosen before, throw the new
 *             failed die in place of the dropped spare one: {@code P(X ≥ t) ≥ P(Y − 1 ≥ t)} for every {@code t}
 *             whatever the two ranks ({@code Y ≤ 2}; 1 against at most 5/6 for {@code t ≤ 0}, at least 1/6
 *             against 1/6 for {@code t = 1}, 1/6 against 0 for {@code t = 2});</li>
 *         <li>(e) from the owners' list: the traded die {@code A} was thrown again for sure; now the goal needs one
 *             fewer and the spare die {@code B} (rank at most {@code a}) may be thrown. For any {@code s} spare dice
 *             chosen before, take them and {@code B}: {@code 1 + (X_B − 1) = X_B}, which does at least as well as
 *             {@code X_A}, and the lowest {@code s + 1} spare dice now are each as low as those {@code s} and
 *             {@code B}, or lower;</li>
 *         <li>(e) from the left list: if {@code A} was not pulled up, only a success more; if it was and another
 *             left die {@code C} (rank at least {@code a}) now is, {@code 1 + X_C} does at least as well as
 *             {@code X_A} ({@code P(X_C ≥ 1) ≥ 1/6 = P(X_A = 2)}); if it was and no left die is left over, its lent
 *             KISS goes to the pool, which then pays for one more spare die of rank at most that of {@code B}, and
 *             the argument for the owners' list applies.</li>
 *       </ul></li>
 * </ol>
 * So of the sums that one throw's ways of spending reach, those below another ({@link Set#add}) never give the best
 * value, whatever the participants summed after them add: summing participant by participant, only the
 * undominated sums are kept. This also covers the rule that, for one participant, of the points that leave the same
 * failed dice only the most are weighed (more points then leave the same counts at a lower rank), and the rule that a
 * participant whose own KISSes pay for all their dice spends every point (each point trades failed dice for
 * successes and spare dice of a lower rank). Sums are also {@linkplain #trimmed trimmed} of what no later participant
 * can make matter, which leaves every value the same.
 *
 * <h2>The wider order before the roll</h2>
 * Before the roll (the sets of {@link #beforeRoll}, and each throw's parts) sums are dropped by a wider order, which
 * has one step more:
 * <ol type="a" start="6">
 *   <li>a spare die out of the owners' spare list into the pool's, with a KISS to lend more.</li>
 * </ol>
 * <b>Adding keeps it:</b> the lists add; where the KISSes to lend reach their cap (the dice), the pool pays for every
 * die of its list ({@code lend − left ≥} the dice not in the left list), so the die moved without a KISS more is
 * paid for as before. <b>{@code V} keeps it:</b> if the KISSes to lend were not all taken by failed dice, the pool
 * gains the KISS and pays for the moved die or a lower one of its own (the lowest {@code pool + 1} dice of its list
 * with the moved one are each as low as the moved die and the lowest {@code pool} were); if they were, the new KISS
 * pulls up one more failed die where the moved spare die could have been thrown, which does at least as well (the
 * argument of (c) in the left list). So the two facts above hold for the wider order too, and a sum below another in
 * it never gives the best value. {@link #atLeastLent} decides it: the fewest trades of each list as {@link #atLeast}
 * takes them; then, rank by rank from 1 up, the spare dice of {@code t}'s owners' list and of its owners' trades that
 * {@code s}'s owners' list does not cover, {@code m(r)} of rank {@code r} or lower (the most such shortfall at
 * {@code r} or below), move into the pool's list (the shortfall grows from one rank to the next by at most the dice
 * of that rank, so dice to move are there); it holds when {@code s}'s pool list covers {@code t}'s, the left list's
 * trades and the moved dice rank by rank, {@code s} has the successes the trades add, and a KISS to lend more for
 * each moved die. With as many KISSes to lend on both sides no die can move, and it is {@link #atLeast}. Step (f)
 * adds a KISS to lend and keeps the dice, so {@link #weight} grows along it as along the others. After the throw
 * ({@link #choose}) the narrower order is kept, so the way of spending named is the same as before.
 *
 * <h2>Rules the parts encode</h2>
 * A participant's part is what best play's pick reads of them ({@link #part}): their own KISSes go to their own
 * failed dice first; a participant with no failed die lends all their KISSes; lent KISSes only pull up failed dice,
 * so a die that Fidelity turns into a success below 6 can no longer take one (it is a spare die, paid by its owner or,
 * for a lender or an owner who lets the pool take over one of their failed dice, by the pool); a 6 counts twice.
 * These are the rules {@link KissGame#value} applies to a position; the order above is about sums of parts only.
 *
 * <h2>Before the roll</h2>
 * Best play before the roll is the sum over every throw of the best value after it. The participants are summed one
 * by one: the state after some participants is the set of undominated sums their ways of spending reach (the
 * throws of the participants still to come do not depend on it), with the chance of throwing so. Throws that leave
 * the same set are merged. Each participant's throw is listed by what it gives best play (their undominated parts),
 * not face by face. Three things keep this fast and change no value:
 * <ol>
 *   <li><b>Each sum and part is worked out once.</b> The sums met after some participants are numbered as they are
 *       first met ({@link Sums}), and a set is the array of its numbers in one fixed order, heaviest first
 *       ({@link #weight}), then by number, so that equal sets meet: the sums a set keeps are the ones no other sum
 *       reached is above (see {@link Set}: of two distinct sums each at least the other, each would be heavier), so
 *       the same sums reached keep the same set whatever order they came in, and the order is a function of the set
 *       (it is the order the sums are kept in, so no further sort is needed). A sum plus a part, trimmed, is a
 *       function of the two alone: it is worked out the first time a state meets it and looked up after. The sets
 *       hold few distinct sums between them (tens of thousands where the states number hundreds of thousands), so
 *       most sums combined are look-ups.</li>
 *   <li><b>Throws that reach the goal for sure are counted, not summed.</b> A state's sums plus a throw's parts
 *       have, as their most successes, the most of the state's plus the most of the throw's (the successes add,
 *       capped at the goal, and trimming keeps them). If that, with the successes the later participants are sure
 *       to add however they throw (every point spent), reaches the goal, some way of spending reaches it whatever
 *       comes: the value is 1 for every throw of the later participants, and no other sum can do better. Conversely,
 *       if it does not, no sum of the next set reaches it, and the next set is built. A participant's throws are
 *       kept in order of their most successes, most first, so the throws that reach the goal for sure from a state
 *       are the first ones, found by one comparison each, and their ways are counted at once. The participants
 *       still to come are sure to add the sum of their worst throws' most successes: a throw of each is independent
 *       of everything else, and the successes of a sum are the sum of its parts'.</li>
 *   <li><b>The last participant is not summed into a set.</b> Each state and throw is valued at once: the best,
 *       over the state's sums, of the best over the throw's parts of {@code V} of their sum. {@code V} of each sum met
 *       plus each part, and the best over each throw's parts, are worked out once, into one row per sum (a table of
 *       sums by throws, each row filled from its end as far as a state first needs it); a state then takes, throw by
 *       throw, the most of its sums' rows, one look-up per sum and throw in a row laid out in order. Where some sum
 *       of the state plus a part of the throw reaches the goal the value is 1, the most there is, so the throws whose
 *       most successes reach it with the state's are counted as above.</li>
 * </ol>
 * Building a set compares sums ({@link #atLeastLent}); {@link #marks} and {@link #rungs} rule out most pairs with one
 * subtraction each: each packs counts that {@code s ≥ t} never has smaller in {@code s}, so where one count of
 * {@code s} is smaller, {@code s ≥ t} is false, and no pair they rule out could have been dropped. Between sums with
 * as many KISSes to lend that is the narrower order, and the counts are those of {@link #atLeast}; otherwise the
 * owners' counts have the KISSes to lend added (step (f) takes a spare die out of them and adds a KISS) and
 * {@link #spread} adds counts of both lists together. The sets still
 * grow with the participants where several of them hold few KISSes and points that do not make every die succeed;
 * past {@link #WORK} sums combined (for the throws that do not reach the goal for sure; a sum plus a part worked out
 * the first time counts as {@link #FIRST}, and with the last participant each {@link #LOOK_UPS} look-ups of a row
 * count as one), best play before the roll is refused as too large. Every
 * shortcut above changes no value: the answer is exact or refused, never estimated.
 *
 * <h2>Before the roll, identical participants: by kinds of throw</h2>
 * When every participant is alike (the same rank, dice, points that can change something and KISSes), a group of
 * {@code n} is summed by the kinds of one participant's throw ({@link Throws}: each kind a set of undominated parts,
 * with its ways {@code w_k} over {@code 6^d}) instead of participant by participant ({@link #byClasses}). No dominance
 * step is added; what changes is which throws are summed, and in what order. Why the chance is the same:
 * <ol>
 *   <li><b>The value of a throw of the group depends only on the kinds thrown, not on who threw which.</b> It is
 *       the best over every way of spending of {@code V} of the sum of the parts; a sum does not depend on the order
 *       of its parts (the successes and the KISSes to lend add capped, at the goal and at the dice, and capped adding
 *       of counts at least 0 is commutative and associative), and participants who are alike have the same parts
 *       for the same kind. So the chance is {@code Σ_M N(M) · Π_k w_k^{m_k} · value(M)} over the multisets {@code M}
 *       of {@code n} kinds, {@code m_k} of kind {@code k}, where {@code N(M) = n! / Π_k m_k!} is the number of ways
 *       to give those kinds to the {@code n} participants.</li>
 *   <li><b>Each multiset is met once.</b> The kinds are taken one at a time, fewest successes first (the last of the
 *       list first, since {@link Throws} lists them most first); when kind {@code k} is taken, every state (a set of
 *       sums of {@code c} participants, with its ways) gets it {@code 0, 1, …, n − c} times, one throw after another
 *       ({@code layer m} holds those that got it {@code m} times). So a multiset is met along one path only: its
 *       kinds in that order, each as many times as it holds. The ways a state carries are
 *       {@code Σ N_c(M) · Π w^m} over the multisets {@code M} of {@code c} kinds it stands for, with
 *       {@code N_c(M) = n! / (Π m! · (n − c)!)} (which {@code c} of the {@code n} participants threw them, and what);
 *       taking kind {@code k} {@code m} times multiplies each term by {@code C(n − c, m) · w_k^m}, and one more time
 *       after {@code m} by {@code (n − c − m) / (m + 1) · w_k} (here {@code c} is the count before kind {@code k}),
 *       which gives a whole number for each term and so for their sum: states merge only within one layer and one
 *       count, where that factor is the same for every term. At {@code c = n}, {@code N_n(M) = N(M)}.</li>
 *   <li><b>Each state is summed as before.</b> Adding a throw to a set of sums is what summing one more participant
 *       does (each sum plus each part, trimmed, the undominated kept), with the later participants' KISSes and dice
 *       for trimming those of the {@code n − c − 1} still to come, the same whatever kinds they will throw. So by the
 *       two facts of the order and by trimming, the best over a state's sums of {@code V} of a sum plus any parts the
 *       others add is the best over every way of spending for the kinds its path took, in any order (fact 1). The
 *       last one is valued at once, with rows worked out once per sum and kind, as in the third shortcut above.</li>
 *   <li><b>States sure to reach the goal are counted, not summed.</b> When kind {@code k} comes, the kinds still to
 *       come are {@code k} and those listed before it, each with a part of at least {@code most(k)} successes (the
 *       list is in order of most successes). So if a state's most successes plus {@code (n − c) · most(k)} reach the
 *       goal, each participant still to come taking the part with the most successes of whatever they throw reaches
 *       it: every completion of the state is worth 1. They are all its multisets completed with kinds {@code k} and
 *       before, whose ways add up to {@code ways · (Σ_{j ≤ k} w_j)^{n − c}} (the multinomial theorem: each of the
 *       {@code n − c} participants still to come throws any of those kinds); the state is counted so and dropped,
 *       and none of those multisets is met along another path. Within one kind's layers this test cannot change
 *       (one more throw of kind {@code k} adds {@code most(k)} to the most successes and takes one from
 *       {@code n − c}), so it is made once per state and kind, at the start. This is the same test as the second
 *       shortcut above, with a stronger bound: the later participants are sure to add {@code most(k)} each, not
 *       {@code most} of the worst throw, since the kinds with fewer successes have all been taken.</li>
 * </ol>
 * The work is counted as above (each sum combined with each part, {@link #FIRST} the first time, a row look-up a
 * {@link #LOOK_UPS}th), against the same {@link #WORK}. A group of {@code n} alike meets each multiset once, where
 * participant by participant it met a multiset of {@code c + 1} throws from each of its distinct kinds (merged only
 * where the sets are equal); and, toward a pass, the stronger bound counts at once most of what the later
 * participants used to be summed for.
 *
 * <h3>Several classes of alike participants</h3>
 * Any group is split into classes of alike participants (the same rank, dice, points that can change something and
 * KISSes: the same {@link Throws}), {@code n_1, …, n_J} of them; the classes are summed one after another, each by
 * kinds of throw as above, smallest class first and largest last (then as first listed, so the order is a function
 * of the group; {@link #byClasses}): the largest class gains most from meeting each multiset once and from the
 * stronger bound of fact 4, which only the class being summed has, and its last participant is valued by rows. A
 * group all alike is one class: with no class after it, every term added for later classes below is {@code 0}, or
 * {@code 6^0 = 1}, and what is left is the section above, step for step. A group with no two
 * participants alike goes participant by participant, as before (a class of one gains nothing, and carrying every
 * state through each kind costs more). Why the chance is the same:
 * <ol>
 *   <li><b>Fact 1 holds class by class.</b> The value of a throw of the group depends only on the multiset of kinds
 *       each class threw (the sum of the parts does not depend on their order, and alike participants have the same
 *       parts for the same kind), so the chance is {@code Σ Π_j N(M_j) · Π w^m · value(M_1, …, M_J)} over one
 *       multiset {@code M_j} of {@code n_j} kinds per class, {@code N(M_j) = n_j! / Π m!} within class {@code j}:
 *       the participants of different classes are told apart, so the ways to give each class its kinds multiply.</li>
 *   <li><b>Each tuple of multisets is met once.</b> Class {@code j} starts from the states the classes before it
 *       ended with (the sets of all their participants), each carrying {@code Σ Π_{i<j} N(M_i) · Π w^m} over the
 *       multisets it stands for; fact 2 applies to class {@code j} term by term, each term's factor from the classes
 *       before being a whole number that the within-class factors only multiply, so the ways stay whole and merging
 *       states (only within one layer and one count of the class, or among the sets of the whole class, where every
 *       factor still to come is the same) adds like terms. A tuple is met along one path only: the path of
 *       {@code M_1} within class 1, then that of {@code M_2}, and so on.</li>
 *   <li><b>Each state is summed as before.</b> Trimming a sum of {@code c} participants of class {@code j} uses the
 *       KISSes and dice of everyone still to come, the {@code n_j − c − 1} of this class after the one added and
 *       every participant of the later classes ({@link #trimmed} with their KISSes, capped at the dice, and their
 *       dice): the same whatever kinds they will throw, as trimming requires. Only the very last participant, of the
 *       last class, is valued by rows; the last of an earlier class is summed into a set, trimmed for the later
 *       classes, and that set starts the next class.</li>
 *   <li><b>States sure to reach the goal are counted, not summed.</b> When kind {@code k} of class {@code j}
 *       comes, a state of {@code c} participants of the class is sure to reach the goal if its most successes plus
 *       {@code (n_j − c) · most(k)} plus {@code S_{j+1}} reach it, where {@code S_{j+1}} is the sum over the
 *       participants of the later classes of the most successes of their worst throw (capped at the goal). Proof:
 *       the participants still to come in class {@code j} throw kinds {@code k} or listed before it (the others have
 *       been taken), each with a part of at least {@code most(k)} successes (fact 4); a participant of a later class
 *       throws any kind, whose most successes are at least its worst throw's (the list is in order of most
 *       successes); the successes of a sum are the sum of its parts', capped at the goal, and the bounds add, so
 *       taking for each one still to come the part with the most successes reaches the goal whatever they throw:
 *       every completion is worth 1, the most there is. Their ways add up to
 *       {@code ways · (Σ_{i ≤ k} w_i)^{n_j − c} · 6^{D}}, {@code D} the dice of the later classes (the multinomial
 *       theorem in class {@code j}, and every throw by face of the later participants, whose multisets and their
 *       {@code N(M)} cover each throw by face once); the state is counted so and dropped, and none of those
 *       completions is met along another path (fact 2). Conversely the test only drops states, never changes a
 *       value: a state not dropped is summed exactly. Within one kind's layers the test cannot change, as in fact
 *       4 ({@code S_{j+1}} is the same for every state of the class), so it is made once per state and kind.</li>
 * </ol>
 * The work is counted as above, against the same {@link #WORK}.
 */
final class FidelitySums {

    /** Bits of a lane: 5 for a count up to 31 (a group has at most 24 dice), and a guard bit above. */
    private static final int LANE = 6;
    private static final long LANE_MASK = (1L << (LANE - 1)) - 1;
    /** The guard bit of each of the 10 lanes of a {@code long}. */
    private static final long GUARDS;
    /** {@code 6^n} for {@code n} up to 24 (at most 8 participants of 3 dice): each fits a {@code long}. */
    private static final long[] POW6 = new long[25];

    static {
        long guards = 0;
        for (int lane = 0; lane < 10; lane++) {
            guards |= 1L << (lane * LANE + LANE - 1);
        }
        GUARDS = guards;
        POW6[0] = 1;
        for (int i = 1; i < POW6.length; i++) {
            POW6[i] = POW6[i - 1] * 6;
        }
    }

    /** The lane (0–9) of a failed die's rank (2–6; a rank-1 die never fails) in the owners' and the left list. */
    private static int failedLane(int rank, boolean left) {
        return rank - 2 + (left ? 5 : 0);
    }

    /** The lane (0–9) of a spare die's rank (1–5; a 6 is never thrown again) in the owners' and the pool's list. */
    private static int spareLane(int rank, boolean pooled) {
        return rank - 1 + (pooled ? 5 : 0);
    }

    /**
     * A sum of participants, as {@link #value(int, long, long, long)} reads it.
     *
     * @param head the successes (a 6 counted twice), capped at the goal, and the KISSes to lend, capped at the dice:
     *     {@code total | lend << 8}; once the successes reach the goal nothing else is kept ({@link #top})
     * @param failed the failed dice: lanes 0–4, those their owners pay for, of rank 2–6 "or lower" (each lane counts
     *     the dice of its rank and every rank below); lanes 5–9, those left for lent KISSes, alike
     * @param spare the spare dice: lanes 0–4, those their owners' KISSes left after their failed dice pay for, of rank
     *     1–5 or lower; lanes 5–9, those the pool could pay for, alike
     */
    record Sum(int head, long failed, long spare) {

        int total() {
            return head & 0xff;
        }

        int lend() {
            return head >>> 8;
        }
    }

    /** @return the sum that reaches the goal: worth 1, above every other */
    static Sum top(int threshold) {
        return new Sum(threshold, 0, 0);
    }

    /** @return whether lanes {@code p} are at least lanes {@code q}, lane by lane (both below the guard bits) */
    private static boolean lanesAtLeast(long p, long q) {
        return (((p | GUARDS) - q) & GUARDS) == GUARDS;
    }

    /** @return one lane with its guard bit (0–63) */
    private static int wide(long lanes, int lane) {
        return (int) (lanes >>> (lane * LANE) & 63);
    }

    /** @return the count in one lane */
    private static int lane(long lanes, int lane) {
        return (int) (lanes >>> (lane * LANE) & LANE_MASK);
    }

    /** @return lanes {@code from..to} (inclusive) of {@code lanes} with {@code n} added */
    private static long plus(long lanes, int from, int to, int n) {
        for (int lane = from; lane <= to; lane++) {
            lanes += (long) n << (lane * LANE);
        }
        return lanes;
    }

    /** @return whether {@code s ≥ t} in the order of this class (see above) */
    static boolean atLeast(Sum s, Sum t, int threshold) {
        return atLeast(s.head(), s.failed(), s.spare(), t.head(), t.failed(), t.spare(), threshold);
    }

    /** @return whether {@code s ≥ t} in the wider order, with step (f) (see the class comment) */
    static boolean atLeastLent(Sum s, Sum t, int threshold) {
        return atLeastLent(s.head(), s.failed(), s.spare(), t.head(), t.failed(), t.spare(), threshold);
    }

    /** @return whether the sum {@code sh, sf, ss} is at least the sum {@code th, tf, ts} (head, failed, spare) */
    private static boolean atLeast(int sh, long sf, long ss, int th, long tf, long ts, int threshold) {
        if ((sh & 0xff) >= threshold) {
            return true;
        }
        int more = (sh & 0xff) - (th & 0xff);
        if (more < 0 || sh >>> 8 < th >>> 8) {
            return false;
        }
        if (lanesAtLeast(sf, tf) && lanesAtLeast(ss, ts)) {
            return true;
        }
        if (more == 0) {
            return false;
        }
        // failed dice of t traded for successes: the fewest trades each list needs, within the successes s has more
        int own = trades(sf, ss, tf, ts, false);
        if (own < 0) {
            return false;
        }
        int left = trades(sf, ss, tf, ts, true);
        return left >= 0 && own + left <= more;
    }

    /**
     * Whether the sum {@code sh, sf, ss} is at least the sum {@code th, tf, ts} in the order with one more step (the
     * wider order, see the class comment): (f) a spare die out of the owners' spare list into the pool's, with a KISS
     * to lend more. Decided as {@link #atLeast}: the fewest trades {@code g(r)} of each list (the lowest failed dice),
     * then, rank by rank from 1 up, the spare dice of {@code t}'s owners' list and of the owners' trades that
     * {@code s}'s owners' list does not cover, {@code m(r)} (the most such shortfall at rank {@code r} or below: the
     * fewest dice of rank {@code r} or lower that must move, each as low as the shortfall lets), are moved into the
     * pool's list; {@code s}'s pool list must cover {@code t}'s, the left list's trades and the moved dice rank by
     * rank, {@code s} must have the successes the trades add and a KISS to lend more for each moved die. With no KISS
     * to lend more it is {@link #atLeast}.
     */
    private static boolean atLeastLent(int sh, long sf, long ss, int th, long tf, long ts, int threshold) {
        if ((sh & 0xff) >= threshold) {
            return true;
        }
        int more = (sh & 0xff) - (th & 0xff);
        int extra = (sh >>> 8) - (th >>> 8);
        if (more < 0 || extra < 0) {
            return false;
        }
        if (lanesAtLeast(sf, tf) && lanesAtLeast(ss, ts)) {
            return true;
        }
        if (extra == 0) {
            return atLeast(sh, sf, ss, th, tf, ts, threshold);
        }
        // lane by lane at once: t's failed dice less s's, and s's spare dice less t's, each plus 32 (no borrow: every
        // count is at most 31)
        long failedLess = (tf | GUARDS) - sf;
        long spareMore = (ss | GUARDS) - ts;
        int own = 0;
        int left = 0;
        int moved = 0;
        for (int rank = 1; rank <= 5; rank++) {
            if (rank >= 2) {
                own = Math.max(own, wide(failedLess, failedLane(rank, false)) - 32);
                left = Math.max(left, wide(failedLess, failedLane(rank, true)) - 32);
            }
            if (rank == 5) {
                own = Math.max(own, wide(failedLess, failedLane(6, false)) - 32);
                left = Math.max(left, wide(failedLess, failedLane(6, true)) - 32);
            }
            moved = Math.max(moved, 32 - wide(spareMore, spareLane(rank, false)) + own);
            if (wide(spareMore, spareLane(rank, true)) - 32 < left + moved) {
                return false;
            }
        }
        return own + left <= more && moved <= extra;
    }

    /**
     * The fewest failed dice of {@code t}'s owners' list (or of the left list, with {@code left}) that trades (a
     * failed die for a success and a spare die of its rank, or of rank 5 for a failed 6, in the owners' own spare
     * list, or the pool's for the left list) turn into a sum that {@code s} is at least in these two lists; -1 if
     * none do. The trades take the lowest-ranked failed dice they must: {@code g(r)}, the traded dice of rank
     * {@code r} or lower, is the least that leaves {@code t} no more failed dice of rank {@code r} or lower than
     * {@code s} has, and the spare dice of {@code s} must cover {@code t}'s and the traded ones rank by rank.
     */
    private static int trades(long sf, long ss, long tf, long ts, boolean left) {
        int g = 0;
        int base = left ? 5 : 0;
        if (lane(ss, base) < lane(ts, base)) {
            return -1;
        }
        for (int rank = 2; rank <= 6; rank++) {
            int lane = base + rank - 2;
            g = Math.max(g, lane(tf, lane) - lane(sf, lane));
            int spare = base + Math.min(rank, 5) - 1;
            if (rank != 5 && lane(ss, spare) - lane(ts, spare) < g) {
                return -1;
            }
        }
        return g;
    }

    /**
     * A number that {@code s ≥ t} never makes smaller and that {@code s ≥ t}, {@code s ≠ t} makes larger: each step
     * of the order adds to it (a trade takes a failed die of rank {@code a} out of {@code 7 − a} lanes, puts a spare
     * die into {@code 6 − min(a, 5)} or more, and counts a success twice).
     */
    private static int weight(Sum s, int threshold) {
        if (s.total() >= threshold) {
            return Integer.MAX_VALUE;
        }
        int w = 2 * s.total() + s.lend();
        for (int lane = 0; lane < 10; lane++) {
            w += lane(s.failed(), lane) + lane(s.spare(), lane);
        }
        return w;
    }

    /** The guard bit of each of the 8 lanes of 8 bits of {@link #marks}. */
    private static final long MARK_GUARDS = 0x8080808080808080L;

    /**
     * Eight counts of a sum below the goal that {@code s ≥ t} ({@link #atLeast}) never has smaller in {@code s} than in
     * {@code t}, one per byte (each below 128, with the byte's top bit clear): the successes; the KISSes to lend; the
     * owners' failed and spare dice together, and the left and the pool's likewise; the spare dice of each list; the
     * spare dice of rank 1 of each list. Steps (a)–(c) only add to them; (d) changes none of them but may add to the
     * spare dice of rank 1; a trade adds a success and a spare die, and keeps the dice of that list's pair (a failed
     * die out, a spare die in). In {@link #atLeast}'s terms: with lane by lane, every count is a sum of lanes; with
     * trades, the successes and the KISSes to lend are checked, the spare dice of rank 1 of each list are checked
     * first, and the check at rank 6 has {@code s} at least {@code g(6) ≥ 0} more spare dice of rank 5 or lower (all of
     * them) in that list, with {@code g(6)} at least {@code t}'s failed dice less {@code s}'s. So where one count of
     * {@code s} is smaller, {@code s ≥ t} is false, without working out the trades.
     *
     * @param lent for the wider order ({@link #atLeastLent}): the three counts of the owners' list then have the
     *     KISSes to lend added, since step (f) takes a spare die out of them and adds a KISS to lend (so it keeps them,
     *     and every other step still only adds to them)
     */
    private static long marks(Sum s, boolean lent) {
        int lend = lent ? s.lend() : 0;
        long[] counts = {s.total(), s.lend(), lane(s.failed(), 4) + lane(s.spare(), 4) + lend,
            lane(s.failed(), 9) + lane(s.spare(), 9), lane(s.spare(), 4) + lend, lane(s.spare(), 9),
            lane(s.spare(), 0) + lend, lane(s.spare(), 5)};
        long marks = 0;
        for (int i = 0; i < counts.length; i++) {
            marks |= counts[i] << (8 * i);
        }
        return marks;
    }

    /**
     * Eight more counts of a sum below the goal that {@code s ≥ t} ({@link #atLeast}) never has smaller in {@code s}
     * than in {@code t}, one per byte like {@link #marks}: for each list pair (the owners' failed and spare dice, the
     * left and the pool's) and each rank {@code r} from 2 to 5, {@code C_r}, the failed dice of rank {@code r} or
     * lower plus the spare dice of rank {@code r} or lower (each at most 48). In the order's terms: steps (a) and (b)
     * change none of them; (c) and (d) only add to them (each lane counts the dice of its rank or lower); a trade takes
     * a failed die of rank {@code a} out of the counts for {@code r ≥ a} and puts a spare die of rank
     * {@code b ≤ min(a, 5)} into those for {@code r ≥ b}, so those for {@code r ≥ a} stay and the others gain or stay.
     * In {@link #atLeast}'s terms: lane by lane, each count is a sum of lanes; with trades, {@code g(r)}, the trades
     * at rank {@code r} or lower, is at least {@code t}'s failed dice of rank {@code r} or lower less {@code s}'s,
     * and {@link #trades} checks that {@code s} has at least {@code g(r)} more spare dice of rank {@code r} or lower
     * for {@code r} = 2, 3, 4, and at least {@code g(6) ≥ g(5)} more of rank 5 or lower: so {@code C_r(s) ≥ C_r(t)}
     * for each {@code r}. (For rank 6 the same counts are in {@link #marks}.) So where one count of {@code s} is
     * smaller, {@code s ≥ t} is false, without working out the trades.
     *
     * @param lent for the wider order ({@link #atLeastLent}): the owners' counts then have the KISSes to lend added, as
     *     in {@link #marks}
     */
    private static long rungs(Sum s, boolean lent) {
        int lend = lent ? s.lend() : 0;
        long rungs = 0;
        for (int r = 2; r <= 5; r++) {
            long own = lane(s.failed(), failedLane(r, false)) + lane(s.spare(), spareLane(r, false)) + lend;
            long left = lane(s.failed(), failedLane(r, true)) + lane(s.spare(), spareLane(r, true));
            rungs |= own << (8 * (r - 2)) | left << (8 * (r + 2));
        }
        return rungs;
    }

    /**
     * Eight more counts of a sum below the goal that {@code s ≥ t} in the wider order ({@link #atLeastLent}) never has
     * smaller in {@code s}, one per byte like {@link #marks}: for each rank {@code r} from 2 to 6 the dice of both list
     * pairs (failed of rank {@code r} or lower, spare of rank {@code min(r, 5)} or lower); the spare dice of rank 1 of
     * both lists; and the successes plus the failed dice of both lists of rank 6 or lower, and of rank 4 or lower.
     * Steps (a)–(d) only add to them (a rank lower adds to a count "or lower", a success adds to the last two); a trade
     * takes a failed die of rank {@code a} out of the counts for {@code r ≥ a} and puts a spare die of rank
     * {@code b ≤ min(a, 5)} into those for {@code r ≥ b}, and adds a success to the last two for each failed die it
     * takes out of them; (f) moves a spare die between the two lists. So where one count of {@code s} is smaller,
     * {@code s} is not above {@code t} in the wider order.
     */
    private static long spread(Sum s) {
        long spread = 0;
        for (int r = 2; r <= 6; r++) {
            int spareRank = Math.min(r, 5);
            long dice = lane(s.failed(), failedLane(r, false)) + lane(s.failed(), failedLane(r, true))
                    + lane(s.spare(), spareLane(spareRank, false)) + lane(s.spare(), spareLane(spareRank, true));
            spread |= dice << (8 * (r - 2));
        }
        spread |= (long) (lane(s.spare(), spareLane(1, false)) + lane(s.spare(), spareLane(1, true))) << 40;
        spread |= (long) (s.total() + lane(s.failed(), failedLane(6, false)) + lane(s.failed(), failedLane(6, true)))
                << 48;
        spread |= (long) (s.total() + lane(s.failed(), failedLane(4, false)) + lane(s.failed(), failedLane(4, true)))
                << 56;
        return spread;
    }

    /** @return {@code a + b}, capped: the successes at the goal, the KISSes to lend at {@code dice} */
    static Sum plus(Sum a, Sum b, int threshold, int dice) {
        int total = a.total() + b.total();
        if (total >= threshold) {
            return top(threshold);
        }
        int lend = Math.min(a.lend() + b.lend(), dice);
        return new Sum(total | lend << 8, a.failed() + b.failed(), a.spare() + b.spare());
    }

    /**
     * The sum with what no later participant can make matter dropped, which leaves its value with any later parts
     * the same. Of the failed dice left for lent KISSes, best play pulls up the lowest as far as the KISSes to lend
     * go, and the pool pays for the lowest of the pool's spare dice: so each of those lists matters only up to its
     * lowest {@code lend + lendMore} dice (with more, every lent KISS finds a failed die of this sum's or a lower
     * one, and the pool stays empty either way). And the KISSes to lend matter only up to the dice they could ever
     * pay for: those two lists' dice and the {@code diceMore} dice of later participants (the value reads them only
     * through {@code min(lend, left + pooled)}).
     *
     * @param lendMore the most KISSes later participants could lend
     * @param diceMore the dice of later participants
     */
    static Sum trimmed(Sum s, int lendMore, int diceMore) {
        if (s.failed() == 0 && s.spare() == 0 && s.lend() == 0) {
            return s;
        }
        int most = s.lend() + lendMore;
        long failed = s.failed();
        long spare = s.spare();
        for (int lane = 5; lane < 10; lane++) {
            failed = atMost(failed, lane, most);
            spare = atMost(spare, lane, most);
        }
        int lend = Math.min(s.lend(), lane(failed, 9) + lane(spare, 9) + diceMore);
        return new Sum(s.total() | lend << 8, failed, spare);
    }

    private static long atMost(long lanes, int lane, int most) {
        int count = lane(lanes, lane);
        return count <= most ? lanes : lanes - ((long) (count - most) << (lane * LANE));
    }

    /**
     * One participant's part: {@code f} failed dice, {@code six} 6s and {@code o} successes below 6, all of their
     * own dice read at {@code rank}, with {@code k} KISSes. Their own KISSes pay for their failed dice first, then for
     * their spare dice; a participant with no failed die lends their KISSes, and the pool (lent KISSes no failed die
     * takes) may pay for their spare dice; anyone else may let the pool take over one of their failed dice to pay
     * for a spare one with their own KISS.
     */
    static Sum part(int rank, int f, int six, int o, int k, int threshold, int dice) {
        int spare = Math.min(o, k);
        int ownUsed = Math.min(f, k);
        int free = f == 0 ? 0 : Math.min(spare, k - ownUsed);
        int pooled = f == 0 ? spare : Math.min(spare - free, ownUsed);
        int lend = f == 0 ? Math.min(k, dice) : 0;
        int total = o + 2 * six;
        if (total >= threshold) {
            return top(threshold);
        }
        long failed = 0;
        long spares = 0;
        if (f > 0) {
            failed = plus(failed, failedLane(rank, false), failedLane(6, false), ownUsed);
            failed = plus(failed, failedLane(rank, true), failedLane(6, true), f - ownUsed);
        }
        if (spare > 0) {
            spares = plus(spares, spareLane(rank, false), spareLane(5, false), free);
            spares = plus(spares, spareLane(rank, true), spareLane(5, true), pooled);
        }
        return new Sum(total | lend << 8, failed, spares);
    }

    /**
     * A participant's part after {@code points} more points of Fidelity.
     */
    static Sum part(KissGame.Profile profile, int points, int threshold, int dice) {
        int rank = profile.rank() - points;
        int f = 0;
        int o = 0;
        for (int face = 1; face <= 5; face++) {
            if (face < rank) {
                f += KissGame.count(profile.faces(), face);
            } else {
                o += KissGame.count(profile.faces(), face);
            }
        }
        return part(rank, f, profile.sixes(), o, profile.kisses(), threshold, dice);
    }

    /**
     * The points worth weighing for one participant: for each number of failed dice a spending leaves, the most
     * points that leave it. Points that turn no failed die into a success leave the same counts at a lower rank: a
     * part above the one with fewer points (see the class comment), so such a point never does worse.
     *
     * <p>A participant whose own KISSes pay for all their dice ({@code kisses ≥ dice}) weighs every point only. A
     * point that turns {@code c} failed dice into successes is {@code c} trades (e) from the owners' lists, while
     * they still have a failed die; with none left, they lend, and their spare dice, all paid by their own KISSes
     * before, go to the pool's list. That last change is a run of steps each above the one before: (f) a spare die
     * from the owners' spare list into the pool's, with a KISS to lend more. If the KISSes to lend were not all taken
     * by failed dice, the pool gains that KISS and pays for the moved die or a lower one of its own (the lowest
     * {@code pool + 1} of its dice and the moved one are each as low as the moved one and the lowest {@code pool});
     * if they were, the new KISS pulls up one more failed die instead of the moved spare die, which does at least as
     * well (the argument of (c) in the left list). They lend {@code kisses ≥ dice ≥} their spare dice, so the
     * KISSes left to lend are one more step (b). The other ranks are then lower (d).
     */
    static int[] worthWeighing(KissGame.Profile profile) {
        if (profile.kisses() >= KissGame.size(profile.faces()) + profile.sixes()) {
            return new int[] {profile.useful()};
        }
        var points = new ArrayList<Integer>();
        for (int p = 0; p <= profile.useful(); p++) {
            if (p == profile.useful() || failedAt(profile, p + 1) < failedAt(profile, p)) {
                points.add(p);
            }
        }
        return points.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int failedAt(KissGame.Profile profile, int points) {
        int f = 0;
        for (int face = 1; face < profile.rank() - points; face++) {
            f += KissGame.count(profile.faces(), face);
        }
        return f;
    }

    // ------------------------------------------------------------------ sets of undominated sums

    /**
     * Undominated sums, each with a way of spending that reaches it (the points of each participant so far, their
     * sum last). Sums are added in order of decreasing {@link #weight}, so a sum added is never strictly above one
     * kept before it: a sum is kept unless one kept is at least it.
     */
    static final class Set {
        final List<Sum> sums = new ArrayList<>();
        final List<int[]> points = new ArrayList<>();
        private final int threshold;
        private final boolean lent;

        Set(int threshold) {
            this(threshold, false);
        }

        /** @param lent whether to drop by the wider order ({@link #atLeastLent}) */
        Set(int threshold, boolean lent) {
            this.threshold = threshold;
            this.lent = lent;
        }

        /** Adds a sum unless one kept is at least it; to be called in order of decreasing weight. */
        void add(Sum sum, int[] witness) {
            for (Sum kept : sums) {
                if (lent ? atLeastLent(kept, sum, threshold) : atLeast(kept, sum, threshold)) {
                    return;
                }
            }
            sums.add(sum);
            points.add(witness);
        }
    }

    /**
     * @param witnesses the way of spending that reaches each sum; null when none is wanted
     * @return the undominated sums: added heaviest first, and of equal sums the one reached with fewest points
     */
    private static Set undominated(List<Sum> sums, List<int[]> witnesses, int threshold) {
        Integer[] order = new Integer[sums.size()];
        int[] weights = new int[sums.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            weights[i] = weight(sums.get(i), threshold);
        }
        Arrays.sort(order, (x, y) -> {
            int c = Integer.compare(weights[y], weights[x]);
            if (c != 0 || witnesses == null) {
                return c;
            }
            int[] a = witnesses.get(x);
            int[] b = witnesses.get(y);
            return Integer.compare(a[a.length - 1], b[b.length - 1]);
        });
        Set set = new Set(threshold, witnesses == null);
        for (int i : order) {
            set.add(sums.get(i), witnesses == null ? NO_POINTS : witnesses.get(i));
        }
        return set;
    }

    private static final int[] NO_POINTS = {0};

    // ------------------------------------------------------------------ values

    private final int dice;
    /** {@code V} of a need and the dice best play throws again, as a whole number over {@code 6^dice}. */
    private final Values values = new Values();
    /** The ways over {@code 6^n} for failed dice (packed by rank) to add each number of successes, 6s twice. */
    private final Map<Integer, long[]> thrown = new HashMap<>();

    /** @param dice all the group's dice: every value is a whole number over {@code 6^dice} */
    FidelitySums(int dice) {
        this.dice = dice;
    }

    /** @return {@code V(sum)} as a whole number over {@code 6^dice} */
    long value(Sum sum, int threshold) {
        if (sum.total() >= threshold) {
            return POW6[dice];
        }
        return value(threshold - sum.total(), sum.lend(), sum.failed(), sum.spare());
    }

    /**
     * {@code V}: the chance, over {@code 6^dice}, that best play reaches {@code need} more successes: every failed die
     * its owner pays for and the lowest left over as far as {@code lend} goes thrown again, then, lowest rank first,
     * the spare dice their owners pay for and those the KISSes to lend that are left pay for; of those, the number
     * that reaches the goal most often.
     */
    private long value(int need, int lend, long failed, long spare) {
        int failedPacked = 0;
        int left = lane(failed, failedLane(6, true));
        int lent = lend;
        for (int rank = 2; rank <= 6; rank++) {
            int own = countAt(failed, failedLane(rank, false), rank > 2);
            int leftHere = countAt(failed, failedLane(rank, true), rank > 2);
            int take = own + Math.min(leftHere, lent);
            lent -= Math.min(leftHere, lent);
            failedPacked |= take << (5 * (rank - 2));
        }
        int pool = lend - Math.min(lend, left);
        int sparePacked = 0;
        for (int rank = 1; rank <= 5; rank++) {
            int free = countAt(spare, spareLane(rank, false), rank > 1);
            int pooled = countAt(spare, spareLane(rank, true), rank > 1);
            int take = free + Math.min(pooled, pool);
            pool -= Math.min(pooled, pool);
            sparePacked |= take << (5 * (rank - 1));
        }
        long key = need | (long) failedPacked << 5 | (long) sparePacked << 30;
        long known = values.get(key);
        if (known < 0) {
            known = best(need, failedPacked, sparePacked);
            values.put(key, known);
        }
        return known;
    }

    /**
     * Values by key (never 0: a need is at least 1), open addressing with the keys' bits mixed: the keys are packed
     * counts, whose plain hash codes collide.
     */
    private static final class Values {
        private long[] keys = new long[1 << 10];
        private long[] values = new long[1 << 10];
        private int size;

        private static int slot(long key, int mask) {
            long h = (key ^ key >>> 33) * 0xff51afd7ed558ccdL;
            h = (h ^ h >>> 33) * 0xc4ceb9fe1a85ec53L;
            return (int) (h ^ h >>> 33) & mask;
        }

        /** @return the value of {@code key}, or -1 */
        long get(long key) {
            int mask = keys.length - 1;
            for (int i = slot(key, mask);; i = i + 1 & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] == 0) {
                    return -1;
                }
            }
        }

        void put(long key, long value) {
            if (2 * (size + 1) > keys.length) {
                long[] oldKeys = keys;
                long[] oldValues = values;
                keys = new long[2 * oldKeys.length];
                values = new long[2 * oldKeys.length];
                size = 0;
                for (int i = 0; i < oldKeys.length; i++) {
                    if (oldKeys[i] != 0) {
                        put(oldKeys[i], oldValues[i]);
                    }
                }
            }
            int mask = keys.length - 1;
            int i = slot(key, mask);
            while (keys[i] != 0 && keys[i] != key) {
                i = i + 1 & mask;
            }
            if (keys[i] == 0) {
                size++;
            }
            keys[i] = key;
            values[i] = value;
        }
    }

    /** @return the dice of one rank in a list counted "or lower": this lane less the one below */
    private static int countAt(long lanes, int lane, boolean below) {
        return lane(lanes, lane) - (below ? lane(lanes, lane - 1) : 0);
    }

    /**
     * @param failed the failed dice thrown again, packed by rank (5 bits each, rank 2 lowest)
     * @param spare the spare dice that may be thrown too, packed by rank (rank 1 lowest), taken lowest first
     * @return the chance over {@code 6^dice} that the failed dice and the best number of spare dice (each must first
     *     make up for its own success) reach {@code need}
     */
    private long best(int need, int failed, int spare) {
        long[] w = thrown.computeIfAbsent(failed, FidelitySums::distribution);
        int n = 0;
        for (int rank = 2; rank <= 6; rank++) {
            n += failed >>> (5 * (rank - 2)) & 31;
        }
        long best = tail(w, need) * POW6[dice - n];
        int s = 0;
        for (int rank = 1; rank <= 5; rank++) {
            for (int i = 0; i < (spare >>> (5 * (rank - 1)) & 31); i++) {
                w = plusDie(w, rank);
                s++;
                best = Math.max(best, tail(w, need + s) * POW6[dice - n - s]);
            }
        }
        return best;
    }

    private static long tail(long[] w, int from) {
        long ways = 0;
        for (int v = from; v < w.length; v++) {
            ways += w[v];
        }
        return ways;
    }

    private static long[] distribution(int failed) {
        long[] w = {1};
        for (int rank = 2; rank <= 6; rank++) {
            for (int i = 0; i < (failed >>> (5 * (rank - 2)) & 31); i++) {
                w = plusDie(w, rank);
            }
        }
        return w;
    }

    /** @return the distribution {@code w} with one more die of {@code rank} thrown: 0, 1, or (a 6) 2 successes */
    private static long[] plusDie(long[] w, int rank) {
        long[] next = new long[w.length + 2];
        for (int v = 0; v < w.length; v++) {
            next[v] += w[v] * (rank - 1);
            next[v + 1] += w[v] * (6 - rank);
            next[v + 2] += w[v];
        }
        return next;
    }

    /** @return a value over {@code 6^dice} as a fraction */
    Fraction fraction(long value) {
        return Fraction.of(BigInteger.valueOf(value), BigInteger.valueOf(POW6[dice]));
    }

    // ------------------------------------------------------------------ after the throw

    /** The best value over {@code 6^dice}, and a way of spending that reaches it (each participant's points). */
    record Chosen(long value, int[] points) {
    }

    /**
     * Best play after the throw over every way of spending. The participants are summed one by one, keeping only the
     * undominated sums, each with a way of spending that reaches it: the best value is among them (see the class
     * comment). Then the way named: none at all when nothing reaches the goal; when the goal can be made certain,
     * one with the fewest points in all ({@link #fewestReaching}); otherwise the way kept for the best sum (of equal
     * values, the one with fewer points), then each participant's points lowered, as far as the value stays, until
     * none can be.
     *
     * @param profiles the participants
     * @return the best value, and a way of spending that reaches it in which no participant's points can be lowered
     *     without doing worse
     */
    Chosen choose(List<KissGame.Profile> profiles, int threshold) {
        int n = profiles.size();
        int[] lendMore = new int[n + 1];
        int[] diceMore = new int[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            KissGame.Profile profile = profiles.get(i);
            lendMore[i] = Math.min(dice, lendMore[i + 1] + profile.kisses());
            diceMore[i] = diceMore[i + 1] + KissGame.size(profile.faces()) + profile.sixes();
        }
        Set set = new Set(threshold);
        set.add(new Sum(0, 0, 0), new int[n + 1]);
        for (int i = 0; i < n; i++) {
            KissGame.Profile profile = profiles.get(i);
            var sums = new ArrayList<Sum>();
            var witnesses = new ArrayList<int[]>();
            for (int points : worthWeighing(profile)) {
                Sum part = part(profile, points, threshold, dice);
                for (int j = 0; j < set.sums.size(); j++) {
                    sums.add(trimmed(plus(set.sums.get(j), part, threshold, dice), lendMore[i + 1], diceMore[i + 1]));
                    int[] w = set.points.get(j).clone();
                    w[i] = points;
                    w[n] += points;
                    witnesses.add(w);
                }
            }
            set = undominated(sums, witnesses, threshold);
        }
        long best = -1;
        int[] way = null;
        for (int j = 0; j < set.sums.size(); j++) {
            long v = value(set.sums.get(j), threshold);
            int[] p = set.points.get(j);
            if (v > best || v == best && p[n] < way[n]) {
                best = v;
                way = p;
            }
        }
        if (best == 0) {
            return new Chosen(0, new int[n]);
        }
        if (best == POW6[dice]) {
            return new Chosen(best, fewestReaching(profiles, threshold));
        }
        int[] points = Arrays.copyOf(way, n);
        for (boolean lowered = true; lowered;) {
            lowered = false;
            for (int i = 0; i < n; i++) {
                int was = points[i];
                for (int p = 0; p < was && points[i] == was; p++) {
                    points[i] = p;
                    if (valueOf(profiles, points, threshold) != best) {
                        points[i] = was;
                    }
                }
                lowered |= points[i] != was;
            }
        }
        return new Chosen(best, points);
    }

    /**
     * The fewest points with which the successes reach the goal (a sum is worth 1 exactly then: with successes still
     * needed, every die thrown again may add none, a failed die failing again and a spare die showing a success
     * again): a knapsack over the participants, the successes so far (capped at the goal) against the fewest points.
     *
     * @return each participant's points, the first found of the fewest
     */
    private int[] fewestReaching(List<KissGame.Profile> profiles, int threshold) {
        int n = profiles.size();
        int[][] ways = new int[threshold + 1][];
        ways[0] = new int[n + 1];
        for (int i = 0; i < n; i++) {
            KissGame.Profile profile = profiles.get(i);
            int[][] next = new int[threshold + 1][];
            for (int t = 0; t <= threshold; t++) {
                if (ways[t] == null) {
                    continue;
                }
                for (int p = 0; p <= profile.useful(); p++) {
                    int to = Math.min(threshold, t + part(profile, p, threshold, dice).total());
                    int[] w = ways[t].clone();
                    w[i] = p;
                    w[n] += p;
                    if (next[to] == null || w[n] < next[to][n]) {
                        next[to] = w;
                    }
                }
            }
            ways = next;
        }
        return Arrays.copyOf(ways[threshold], n);
    }

    /** @return the value over {@code 6^dice} of one way of spending */
    long valueOf(List<KissGame.Profile> profiles, int[] points, int threshold) {
        Sum sum = new Sum(0, 0, 0);
        for (int i = 0; i < profiles.size(); i++) {
            sum = plus(sum, part(profiles.get(i), points[i], threshold, dice), threshold, dice);
        }
        return value(sum, threshold);
    }

    // ------------------------------------------------------------------ before the roll

    /**
     * The sums met after some participants before the roll, each named by a number (the order it was first met in),
     * so that a set of sums is an array of numbers in one order and each sum plus each part is worked out once.
     */
    private static final class Sums {
        private int size;
        private int[] heads = new int[256];
        private long[] failed = new long[256];
        private long[] spare = new long[256];
        private int[] weights = new int[256];
        private long[] marks = new long[256];
        private long[] rungs = new long[256];
        private long[] lentMarks = new long[256];
        private long[] lentRungs = new long[256];
        private long[] spreads = new long[256];
        /** Number + 1 of the sum in each slot; 0 when the slot is empty. */
        private int[] slots = new int[512];

        private static int slot(int head, long failed, long spare, int mask) {
            long h = (failed * 0x9e3779b97f4a7c15L + spare) * 0xff51afd7ed558ccdL + head;
            h = (h ^ h >>> 33) * 0xc4ceb9fe1a85ec53L;
            return (int) (h ^ h >>> 33) & mask;
        }

        /** @return the number of {@code s}, a new one if it was not met before */
        int id(Sum s, int threshold) {
            int mask = slots.length - 1;
            int i = slot(s.head(), s.failed(), s.spare(), mask);
            for (; slots[i] != 0; i = i + 1 & mask) {
                int k = slots[i] - 1;
                if (heads[k] == s.head() && failed[k] == s.failed() && spare[k] == s.spare()) {
                    return k;
                }
            }
            if (size == heads.length) {
                heads = Arrays.copyOf(heads, 2 * size);
                failed = Arrays.copyOf(failed, 2 * size);
                spare = Arrays.copyOf(spare, 2 * size);
                weights = Arrays.copyOf(weights, 2 * size);
                marks = Arrays.copyOf(marks, 2 * size);
                rungs = Arrays.copyOf(rungs, 2 * size);
                lentMarks = Arrays.copyOf(lentMarks, 2 * size);
                lentRungs = Arrays.copyOf(lentRungs, 2 * size);
                spreads = Arrays.copyOf(spreads, 2 * size);
            }
            heads[size] = s.head();
            failed[size] = s.failed();
            spare[size] = s.spare();
            weights[size] = weight(s, threshold);
            marks[size] = marks(s, false);
            rungs[size] = rungs(s, false);
            lentMarks[size] = marks(s, true);
            lentRungs[size] = rungs(s, true);
            spreads[size] = spread(s);
            slots[i] = ++size;
            if (2 * size > slots.length) {
                slots = new int[2 * slots.length];
                mask = slots.length - 1;
                for (int k = 0; k < size; k++) {
                    int j = slot(heads[k], failed[k], spare[k], mask);
                    while (slots[j] != 0) {
                        j = j + 1 & mask;
                    }
                    slots[j] = k + 1;
                }
            }
            return size - 1;
        }

        Sum sum(int id) {
            return new Sum(heads[id], failed[id], spare[id]);
        }

        /** @return the most successes of a sum in {@code set} */
        int most(int[] set) {
            int most = 0;
            for (int id : set) {
                most = Math.max(most, heads[id] & 0xff);
            }
            return most;
        }

    }

    /**
     * States before the roll: sets of sums (numbers of {@link Sums}, heaviest first, then by number), each with the
     * ways to reach it; each set's hash is kept beside its index, so that only sets with the same hash are compared.
     */
    private static final class States {
        final List<int[]> sets = new ArrayList<>();
        private long[] ways = new long[256];
        /** The hash of the set in each slot (high half) and its index + 1 (low half); 0 when the slot is empty. */
        private long[] slots = new long[512];

        private static int hash(int[] set) {
            long h = 0;
            for (int id : set) {
                h = (h + id) * 0x9e3779b97f4a7c15L;
            }
            return (int) (h ^ h >>> 32);
        }

        private static int slot(int hash, int mask) {
            return (hash ^ hash >>> 16) & mask;
        }

        int size() {
            return sets.size();
        }

        long ways(int i) {
            return ways[i];
        }

        void add(int[] set, long w) {
            int hash = hash(set);
            int mask = slots.length - 1;
            int i = slot(hash, mask);
            for (; slots[i] != 0; i = i + 1 & mask) {
                int k = (int) slots[i] - 1;
                if ((int) (slots[i] >>> 32) == hash && Arrays.equals(sets.get(k), set)) {
                    ways[k] += w;
                    return;
                }
            }
            int k = sets.size();
            if (k == ways.length) {
                ways = Arrays.copyOf(ways, 2 * k);
            }
            sets.add(set);
            ways[k] = w;
            slots[i] = (long) hash << 32 | (k + 1);
            if (2 * sets.size() > slots.length) {
                long[] old = slots;
                slots = new long[2 * slots.length];
                mask = slots.length - 1;
                for (long entry : old) {
                    if (entry != 0) {
                        int at = slot((int) (entry >>> 32), mask);
                        while (slots[at] != 0) {
                            at = at + 1 & mask;
                        }
                        slots[at] = entry;
                    }
                }
            }
        }
    }

    /**
     * One participant's first throw by what it gives best play: the distinct undominated parts of all their throws,
     * and for each set of undominated parts their ways of spending leave (numbers into {@code parts}), the ways
     * (over {@code 6^dice} of theirs) to throw it. The sets are in order of their most successes ({@code most}),
     * most first, and {@code ahead[k]} is the ways of the first {@code k}.
     */
    private record Throws(Sum[] parts, int[][] kinds, long[] ways, int[] most, long[] ahead) {

        /** @return how many sets, the first ones, have at least {@code successes} in one of their parts */
        int reaching(int successes) {
            int k = 0;
            while (k < most.length && most[k] >= successes) {
                k++;
            }
            return k;
        }
    }

    /** A whole number below {@code 2^127}, added to. */
    private static final class Wide {
        private long high;
        private long low;

        /** Adds {@code a · b}, both at least 0. */
        void add(long a, long b) {
            long lo = a * b;
            high += Math.multiplyHigh(a, b);
            long sum = low + lo;
            if (Long.compareUnsigned(sum, low) < 0) {
                high++;
            }
            low = sum;
        }

        BigInteger value() {
            return BigInteger.valueOf(high).shiftLeft(64)
                    .add(new BigInteger(Long.toUnsignedString(low)));
        }
    }

    /** No sum worked out yet for a state's sum and a part. */
    private static final int UNKNOWN = -1;

    /**
     * Best play before the roll of a Group Check with Fidelity (see the class comment), exact.
     *
     * @param rollers the participants
     * @return the chance as a fraction
     * @throws SearchLimitException past {@link #WORK} sums combined
     */
    Fraction beforeRoll(List<Roller> rollers, int threshold) {
        return beforeRoll(rollers, threshold, true);
    }

    /**
     * Best play before the roll, exact.
     *
     * @param byKinds whether a group with two or more alike participants is summed by kinds of throw, class by class
     *     ({@link #byClasses}); without it, participant by participant
     *     (for tests: both give the same chance)
     * @throws SearchLimitException past {@link #WORK} sums combined
     */
    Fraction beforeRoll(List<Roller> rollers, int threshold, boolean byKinds) {
        int n = rollers.size();
        // participants alike in what their throws give are listed once
        Map<List<Integer>, Throws> alike = new HashMap<>();
        List<Throws> throwsOf = new ArrayList<>();
        for (Roller roller : rollers) {
            throwsOf.add(alike.computeIfAbsent(List.of(roller.rank(), roller.mainDice(), roller.usefulFidelity(0),
                    roller.kisses()), k -> throwsOf(roller, threshold)));
        }
        if (byKinds && alike.size() < n) {
            // the classes of alike participants (some class holds two or more; with none, participant by
            // participant, which sums a class of one without carrying every state through each kind), in order of
            // size, largest last, then as first met
            Map<Throws, List<Roller>> classes = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                classes.computeIfAbsent(throwsOf.get(i), x -> new ArrayList<>()).add(rollers.get(i));
            }
            var order = new ArrayList<>(classes.entrySet());
            order.sort(Comparator.comparingInt(e -> e.getValue().size()));
            int count = order.size();
            Throws[] ts = new Throws[count];
            int[] ns = new int[count];
            int[] kisses = new int[count];
            int[] each = new int[count];
            for (int j = 0; j < count; j++) {
                ts[j] = order.get(j).getKey();
                ns[j] = order.get(j).getValue().size();
                kisses[j] = order.get(j).getValue().get(0).kisses();
                each[j] = order.get(j).getValue().get(0).mainDice();
            }
            return byClasses(ts, ns, kisses, each, threshold);
        }
        // the successes participants i… are sure to add between them, however they throw (every point spent)
        int[] sure = new int[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            int[] most = throwsOf.get(i).most();
            sure[i] = Math.min(threshold, sure[i + 1] + most[most.length - 1]);
        }
        int[] lendMore = new int[n + 1];
        int[] diceMore = new int[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            lendMore[i] = Math.min(dice, lendMore[i + 1] + rollers.get(i).kisses());
            diceMore[i] = diceMore[i + 1] + rollers.get(i).mainDice();
        }
        Sums sums = new Sums();
        States states = new States();
        states.add(new int[] {sums.id(new Sum(0, 0, 0), threshold)}, 1);
        // the ways (over 6^dice) in which the goal is reached whatever anyone throws after
        long certain = 0;
        long work = 0;
        Scratch scratch = new Scratch();
        for (int i = 0; i < n - 1; i++) {
            Throws t = throwsOf.get(i);
            int parts = t.parts().length;
            // each sum met so far plus each part, worked out once
            int[] plus = new int[sums.size * parts];
            Arrays.fill(plus, UNKNOWN);
            Sums nextSums = new Sums();
            States next = new States();
            for (int s = 0; s < states.size(); s++) {
                int[] set = states.sets.get(s);
                // the throws with a part that, added to the sum of most successes, reaches the goal for sure
                int sureKinds = t.reaching(threshold - sure[i + 1] - sums.most(set));
                certain += states.ways(s) * t.ahead()[sureKinds] * POW6[diceMore[i + 1]];
                for (int k = sureKinds; k < t.kinds().length; k++) {
                    int[] kind = t.kinds()[k];
                    work += (long) set.length * kind.length;
                    if (work > WORK) {
                        throw new SearchLimitException(WORK);
                    }
                    int[] reached = scratch.reached(set.length * kind.length);
                    int m = 0;
                    for (int a : set) {
                        for (int p : kind) {
                            int at = a * parts + p;
                            if (plus[at] == UNKNOWN) {
                                plus[at] = nextSums.id(trimmed(plus(sums.sum(a), t.parts()[p], threshold, dice),
                                        lendMore[i + 1], diceMore[i + 1]), threshold);
                                work += FIRST - 1;
                            }
                            reached[m++] = plus[at];
                        }
                    }
                    next.add(scratch.undominated(m, nextSums, threshold), states.ways(s) * t.ways()[k]);
                }
            }
            sums = nextSums;
            states = next;
        }
        // the last participant: each state and throw valued at once, each sum plus each part valued once
        Throws t = throwsOf.get(n - 1);
        int kinds = t.kinds().length;
        // each sum's value with each throw: the best of its values with the throw's parts, worked out once, for the
        // throws from rowFrom on (the throws are in order of their most successes, and a state needs those not sure
        // to reach the goal, the last ones)
        long[] byKind = new long[sums.size * kinds];
        int[] rowFrom = new int[sums.size];
        Arrays.fill(rowFrom, kinds);
        long[] best = new long[kinds];
        long valued = 0;
        Wide total = new Wide();
        for (int s = 0; s < states.size(); s++) {
            int[] set = states.sets.get(s);
            int sureKinds = t.reaching(threshold - sums.most(set));
            certain += states.ways(s) * t.ahead()[sureKinds];
            valued += (long) set.length * (kinds - sureKinds);
            if (work + valued / LOOK_UPS > WORK) {
                throw new SearchLimitException(WORK);
            }
            Arrays.fill(best, sureKinds, kinds, 0);
            for (int a : set) {
                int row = a * kinds;
                if (rowFrom[a] > sureKinds) {
                    Sum sum = sums.sum(a);
                    for (int k = sureKinds; k < rowFrom[a]; k++) {
                        long v = 0;
                        for (int p : t.kinds()[k]) {
                            v = Math.max(v, value(plus(sum, t.parts()[p], threshold, dice), threshold));
                        }
                        byKind[row + k] = v;
                    }
                    rowFrom[a] = sureKinds;
                }
                for (int k = sureKinds; k < kinds; k++) {
                    best[k] = Math.max(best[k], byKind[row + k]);
                }
            }
            for (int k = sureKinds; k < kinds; k++) {
                total.add(states.ways(s) * t.ways()[k], best[k]);
            }
        }
        total.add(certain, POW6[dice]);
        return Fraction.of(total.value(), BigInteger.valueOf(POW6[dice]).pow(2));
    }

    /**
     * Best play before the roll of classes of identical participants (see the class comment), exact: class after
     * class, each class's throws' kinds taken one at a time, fewest successes first, each any number of times.
     *
     * @param ts what each participant of each class throws
     * @param ns the participants in each class
     * @param kisses each participant's KISSes, by class
     * @param each each participant's dice, by class
     * @throws SearchLimitException past {@link #WORK} sums combined
     */
    private Fraction byClasses(Throws[] ts, int[] ns, int[] kisses, int[] each, int threshold) {
        int classes = ts.length;
        // the KISSes, dice and sure successes (most of the worst throw) of the classes after each
        int[] lendAfter = new int[classes + 1];
        int[] diceAfter = new int[classes + 1];
        int[] sureAfter = new int[classes + 1];
        for (int j = classes - 1; j >= 0; j--) {
            lendAfter[j] = Math.min(dice, lendAfter[j + 1] + ns[j] * kisses[j]);
            diceAfter[j] = diceAfter[j + 1] + ns[j] * each[j];
            int[] most = ts[j].most();
            sureAfter[j] = Math.min(threshold, sureAfter[j + 1] + ns[j] * most[most.length - 1]);
        }
        Sums start = new Sums();
        States done = new States();
        done.add(new int[] {start.id(new Sum(0, 0, 0), threshold)}, 1);
        long certain = 0;
        long work = 0;
        long valued = 0;
        Wide total = new Wide();
        Scratch scratch = new Scratch();
        for (int j = 0; j < classes; j++) {
            Throws t = ts[j];
            int n = ns[j];
            boolean last = j == classes - 1;
            int kinds = t.kinds().length;
            int parts = t.parts().length;
            int[] lendMore = new int[n + 1];
            int[] diceMore = new int[n + 1];
            for (int c = 0; c <= n; c++) {
                lendMore[c] = Math.min(dice, (n - c) * kisses[j] + lendAfter[j + 1]);
                diceMore[c] = (n - c) * each[j] + diceAfter[j + 1];
            }
            // the sums met in the sets of c participants of this class (those of the classes before and c more), and
            // each sum plus each part (a number of the sums of c + 1)
            Sums[] sums = new Sums[n + 1];
            int[][] plus = new int[n][];
            sums[0] = start;
            for (int c = 0; c < n; c++) {
                sums[c + 1] = new Sums();
                plus[c] = new int[0];
            }
            // the last participant's rows: each sum of n - 1 participants' value with each kind, worked out once
            long[] byKind = new long[0];
            States[] pre = new States[n];
            for (int c = 0; c < n; c++) {
                pre[c] = new States();
            }
            pre[0] = done;
            // the sets of the whole class, for the next one
            States whole = new States();
            for (int k = kinds - 1; k >= 0; k--) {
                int[] kind = t.kinds()[k];
                int most = t.most()[k];
                long w = t.ways()[k];
                // the sets of c participants whose c' more take kinds k or fewer: each more adds at least most
                // successes, and those of later classes at least the most of their worst throw
                States[] post = new States[n];
                States[] layer = new States[n];
                for (int c = 0; c < n; c++) {
                    post[c] = new States();
                    layer[c] = new States();
                    States from = pre[c];
                    long rest = power(t.ahead()[k + 1], n - c) * POW6[diceAfter[j + 1]];
                    for (int s = 0; s < from.size(); s++) {
                        int[] set = from.sets.get(s);
                        if (sums[c].most(set) + (n - c) * most + sureAfter[j + 1] >= threshold) {
                            certain += from.ways(s) * rest;
                        } else {
                            post[c].add(set, from.ways(s));
                            layer[c].add(set, from.ways(s));
                        }
                    }
                }
                // layer m: the sets with m throws of kind k added in this step
                for (int m = 0;; m++) {
                    States[] next = new States[n];
                    boolean any = false;
                    for (int c = 0; c < n; c++) {
                        next[c] = new States();
                    }
                    for (int c = m; c < n; c++) {
                        States from = layer[c];
                        int before = c - m;
                        for (int s = 0; s < from.size(); s++) {
                            int[] set = from.sets.get(s);
                            long ways = times(from.ways(s), n - before - m, m + 1) * w;
                            if (c + 1 == n && last) {
                                valued += set.length;
                                if (work + valued / LOOK_UPS > WORK) {
                                    throw new SearchLimitException(WORK);
                                }
                                int size = sums[c].size * kinds;
                                if (byKind.length < size) {
                                    int was = byKind.length;
                                    byKind = Arrays.copyOf(byKind, Math.max(2 * was, size));
                                    Arrays.fill(byKind, was, byKind.length, -1);
                                }
                                long best = 0;
                                for (int a : set) {
                                    int at = a * kinds + k;
                                    if (byKind[at] < 0) {
                                        Sum sum = sums[c].sum(a);
                                        long v = 0;
                                        for (int p : kind) {
                                            v = Math.max(v, value(plus(sum, t.parts()[p], threshold, dice),
                                                    threshold));
                                        }
                                        byKind[at] = v;
                                    }
                                    best = Math.max(best, byKind[at]);
                                }
                                total.add(ways, best);
                                continue;
                            }
                            work += (long) set.length * kind.length;
                            if (work > WORK) {
                                throw new SearchLimitException(WORK);
                            }
                            int size = sums[c].size * parts;
                            if (plus[c].length < size) {
                                int was = plus[c].length;
                                plus[c] = Arrays.copyOf(plus[c], Math.max(2 * was, size));
                                Arrays.fill(plus[c], was, plus[c].length, UNKNOWN);
                            }
                            int[] cache = plus[c];
                            int[] reached = scratch.reached(set.length * kind.length);
                            int r = 0;
                            for (int a : set) {
                                for (int p : kind) {
                                    int at = a * parts + p;
                                    if (cache[at] == UNKNOWN) {
                                        cache[at] = sums[c + 1].id(trimmed(plus(sums[c].sum(a), t.parts()[p],
                                                threshold, dice), lendMore[c + 1], diceMore[c + 1]), threshold);
                                        work += FIRST - 1;
                                    }
                                    reached[r++] = cache[at];
                                }
                            }
                            int[] kept = scratch.undominated(r, sums[c + 1], threshold);
                            if (c + 1 == n) {
                                whole.add(kept, ways);
                            } else {
                                next[c + 1].add(kept, ways);
                                any = true;
                            }
                        }
                    }
                    if (!any) {
                        break;
                    }
                    for (int c = 0; c < n; c++) {
                        for (int s = 0; s < next[c].size(); s++) {
                            post[c].add(next[c].sets.get(s), next[c].ways(s));
                        }
                    }
                    layer = next;
                }
                pre = post;
            }
            start = sums[n];
            done = whole;
        }
        total.add(certain, POW6[dice]);
        return Fraction.of(total.value(), BigInteger.valueOf(POW6[dice]).pow(2));
    }

    /** @return {@code x} to the power {@code e} (no overflow: at most the ways of a whole throw) */
    private static long power(long x, int e) {
        long p = 1;
        for (int i = 0; i < e; i++) {
            p *= x;
        }
        return p;
    }

    /** @return {@code w · a / b}, a whole number (without overflow where the result fits) */
    private static long times(long w, int a, int b) {
        return w / b * a + w % b * a / b;
    }

    /** Room reused from one state and throw to the next: the sums reached, and those kept of them. */
    private static final class Scratch {
        private int[] reached = new int[64];
        private long[] order = new long[64];
        private int[] heads = new int[64];
        private long[] failed = new long[64];
        private long[] spare = new long[64];
        private long[] marks = new long[64];
        private long[] rungs = new long[64];
        private long[] lentMarks = new long[64];
        private long[] lentRungs = new long[64];
        private long[] spreads = new long[64];

        /** @return room for {@code m} numbers of sums reached */
        int[] reached(int m) {
            if (reached.length < m) {
                reached = new int[2 * m];
                order = new long[2 * m];
                heads = new int[2 * m];
                failed = new long[2 * m];
                spare = new long[2 * m];
                marks = new long[2 * m];
                rungs = new long[2 * m];
                lentMarks = new long[2 * m];
                lentRungs = new long[2 * m];
                spreads = new long[2 * m];
            }
            return reached;
        }

        /**
         * @return the undominated sums of the first {@code m} reached (numbers of {@code sums}), heaviest first, then
         *     by number, the order they are taken in: each kept unless one kept is at least it (see {@link Set})
         */
        int[] undominated(int m, Sums sums, int threshold) {
            for (int j = 0; j < m; j++) {
                order[j] = (long) (Integer.MAX_VALUE - sums.weights[reached[j]]) << 32 | reached[j];
            }
            Arrays.sort(order, 0, m);
            int kept = 0;
            for (int j = 0; j < m; j++) {
                int id = (int) order[j];
                if (j > 0 && (int) order[j - 1] == id) {
                    continue;
                }
                int head = sums.heads[id];
                long f = sums.failed[id];
                long s = sums.spare[id];
                long mark = sums.marks[id];
                long rung = sums.rungs[id];
                long lentMark = sums.lentMarks[id];
                long lentRung = sums.lentRungs[id];
                long spread = sums.spreads[id];
                int lend = head >>> 8;
                boolean below = false;
                for (int q = 0; q < kept && !below; q++) {
                    // no sum here reaches the goal: where one of the counts is smaller, the sum is not above (the
                    // guard bits of the differences, all at once); with the same KISSes to lend the wider order is
                    // the narrower one, whose marks rule out more
                    long ok = ((lentMarks[q] | MARK_GUARDS) - lentMark) & ((lentRungs[q] | MARK_GUARDS) - lentRung)
                            & ((spreads[q] | MARK_GUARDS) - spread);
                    if (heads[q] >>> 8 == lend) {
                        ok &= ((marks[q] | MARK_GUARDS) - mark) & ((rungs[q] | MARK_GUARDS) - rung);
                    }
                    below = (ok & MARK_GUARDS) == MARK_GUARDS
                            && atLeastLent(heads[q], failed[q], spare[q], head, f, s, threshold);
                }
                if (!below) {
                    heads[kept] = head;
                    failed[kept] = f;
                    spare[kept] = s;
                    marks[kept] = mark;
                    rungs[kept] = rung;
                    lentMarks[kept] = lentMark;
                    lentRungs[kept] = lentRung;
                    spreads[kept] = spread;
                    reached[kept++] = id;
                }
            }
            return Arrays.copyOf(reached, kept);
        }
    }

    /**
     * The most sums best play before the roll combines: each sum of a state with each part of a participant's throw,
     * counted for the throws that do not reach the goal for sure, and {@link #FIRST} for each sum plus part worked out
     * the first time; for the last participant, each {@link #LOOK_UPS} look-ups of a state's sum with a throw. Past
     * it, it is refused as too large, after about 2.4 s of processor time on a shared 2-core machine (participant by
     * participant, the largest group answered, 6 participants at rank 6 with 1 KISS and 4 points each toward flying
     * colors, combines about 34,100,000; by kinds of throw, 8 at rank 6 with 1 KISS and 4 points each toward flying
     * colors, about 29,800,000).
     */
    static final int WORK = 36_000_000;

    /**
     * The look-ups of a state's sum with one of the last participant's throws that count as one sum combined: one
     * look-up and one comparison in a row laid out in order, some 16 times quicker than combining a sum into a set.
     */
    static final int LOOK_UPS = 16;

    /**
     * The sums combined that a state's sum plus a part counts as the first time it is worked out (added, trimmed and
     * numbered, a new sum with its weight and counts): groups that meet many distinct sums are refused as quickly as
     * those that combine few of them often.
     */
    static final int FIRST = 4;

    /**
     * One participant's first throw by what it gives best play: for each set of undominated parts their ways of
     * spending leave, the ways (over {@code 6^dice} of theirs) to throw it.
     */
    private Throws throwsOf(Roller roller, int threshold) {
        int n = roller.mainDice();
        int useful = roller.usefulFidelity(0);
        Map<List<Sum>, Long> kinds = new HashMap<>();
        int[] counts = new int[7];
        KissGame.faces(n, 1, counts, (c, orders) -> {
            long ways = orders.longValueExact();
            KissGame.Profile profile = KissGame.Profile.of(roller.rank(), useful, c, c[6], roller.kisses(), false);
            var parts = new ArrayList<Sum>();
            for (int points : worthWeighing(profile)) {
                parts.add(part(profile, points, threshold, dice));
            }
            List<Sum> kept = undominated(parts, null, threshold).sums;
            kept.sort(Comparator.comparingInt(Sum::head).thenComparingLong(Sum::failed)
                    .thenComparingLong(Sum::spare));
            kinds.merge(List.copyOf(kept), ways, Long::sum);
        });
        var sorted = new ArrayList<>(kinds.entrySet());
        sorted.sort(Comparator.comparingInt(e -> -most(e.getKey())));
        Map<Sum, Integer> numbers = new HashMap<>();
        var parts = new ArrayList<Sum>();
        int[][] sets = new int[sorted.size()][];
        long[] ways = new long[sorted.size()];
        int[] most = new int[sorted.size()];
        long[] ahead = new long[sorted.size() + 1];
        for (int k = 0; k < sets.length; k++) {
            List<Sum> kind = sorted.get(k).getKey();
            sets[k] = new int[kind.size()];
            for (int j = 0; j < sets[k].length; j++) {
                sets[k][j] = numbers.computeIfAbsent(kind.get(j), x -> {
                    parts.add(x);
                    return parts.size() - 1;
                });
            }
            ways[k] = sorted.get(k).getValue();
            most[k] = most(kind);
            ahead[k + 1] = ahead[k] + ways[k];
        }
        return new Throws(parts.toArray(new Sum[0]), sets, ways, most, ahead);
    }

    private static int most(List<Sum> sums) {
        int most = 0;
        for (Sum s : sums) {
            most = Math.max(most, s.total());
        }
        return most;
    }
}
