package io.dicehall.systems.fate;

import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What has been invoked on one roll so far, by the player and by the opposition: the resources
 * spent, the +2 bonuses taken, and the aspects already invoked with a fate point. Kept in the roll
 * state's memo so that a move needs nothing but the state and the roll's inputs.
 *
 * <p>Only paid invokes are remembered by aspect: an aspect takes at most one fate point a roll, while
 * free invokes on it may be spent as many as are held, before or after the paid one, so whether an
 * invoke is allowed never depends on the order (docs/rulings.md, "Fate Condensed").
 *
 * @param fatePointsSpent the player's fate points spent on this roll
 * @param freeInvokesSpent the player's free invokes spent on this roll
 * @param plusTwos the player's invokes taken as +2 to the effort
 * @param rerolls the player's invokes taken as a re-roll of the four dice
 * @param paidAspects the aspects the player has invoked with a fate point, {@linkplain #key normalised}
 * @param oppositionFatePointsSpent the opposition's fate points spent against this roll
 * @param oppositionFreeInvokesSpent the opposition's free invokes spent against this roll
 * @param paidAspectsAgainst the aspects the opposition has invoked with a fate point, normalised
 */
record Invokes(int fatePointsSpent, int freeInvokesSpent, int plusTwos, int rerolls, List<String> paidAspects,
        int oppositionFatePointsSpent, int oppositionFreeInvokesSpent, List<String> paidAspectsAgainst) {

    static final Invokes NONE = new Invokes(0, 0, 0, 0, List.of(), 0, 0, List.of());

    // A text field refuses control characters, so a line break can never be part of an aspect's name.
    private static final String SEPARATOR = "\n";
    private static final Pattern SPACES = Pattern.compile("\\s+");

    Invokes {
        paidAspects = List.copyOf(paidAspects);
        paidAspectsAgainst = List.copyOf(paidAspectsAgainst);
    }

    /** @return the invokes recorded in a state's memo */
    static Invokes of(RollState state) {
        Map<String, String> memo = state.memo();
        return new Invokes(state.memoInt("fate-points-spent", 0), state.memoInt("free-invokes-spent", 0),
                state.memoInt("plus-two-invokes", 0), state.memoInt("reroll-invokes", 0),
                names(memo.get("aspects-paid")),
                state.memoInt("opposition-fate-points-spent", 0), state.memoInt("opposition-free-invokes-spent", 0),
                names(memo.get("aspects-paid-against")));
    }

    /** Writes these invokes into the memo of the state being built. */
    void writeTo(RollState.Builder state) {
        state.memo("fate-points-spent", fatePointsSpent)
                .memo("free-invokes-spent", freeInvokesSpent)
                .memo("plus-two-invokes", plusTwos)
                .memo("reroll-invokes", rerolls)
                .memo("aspects-paid", String.join(SEPARATOR, paidAspects))
                .memo("opposition-fate-points-spent", oppositionFatePointsSpent)
                .memo("opposition-free-invokes-spent", oppositionFreeInvokesSpent)
                .memo("aspects-paid-against", String.join(SEPARATOR, paidAspectsAgainst));
    }

    /**
     * @return an aspect's name as the same-aspect rule compares it: case, and spaces around and between
     *     words, do not make it another aspect
     */
    static String key(String aspect) {
        return SPACES.matcher(aspect.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }

    /** @return whether the player has already paid a fate point to invoke this aspect on this roll */
    boolean paid(String aspect) {
        return paidAspects.contains(key(aspect));
    }

    /** @return whether the opposition has already paid a fate point to invoke this aspect against this roll */
    boolean paidAgainst(String aspect) {
        return paidAspectsAgainst.contains(key(aspect));
    }

    /** @return these invokes and one more by the player */
    Invokes invoke(String aspect, boolean freeInvoke, boolean reroll) {
        return new Invokes(fatePointsSpent + (freeInvoke ? 0 : 1), freeInvokesSpent + (freeInvoke ? 1 : 0),
                plusTwos + (reroll ? 0 : 1), rerolls + (reroll ? 1 : 0),
                freeInvoke ? paidAspects : plus(paidAspects, aspect),
                oppositionFatePointsSpent, oppositionFreeInvokesSpent, paidAspectsAgainst);
    }

    /** @return these invokes and one more by the opposition, for +2 to the difficulty */
    Invokes invokeAgainst(String aspect, boolean freeInvoke) {
        return new Invokes(fatePointsSpent, freeInvokesSpent, plusTwos, rerolls, paidAspects,
                oppositionFatePointsSpent + (freeInvoke ? 0 : 1), oppositionFreeInvokesSpent + (freeInvoke ? 1 : 0),
                freeInvoke ? paidAspectsAgainst : plus(paidAspectsAgainst, aspect));
    }

    /**
     * @return these invokes and the opposition's last: what it still holds, spent at once against the roll when the
     *     player stops, on aspects it does not name
     */
    Invokes againstRest(int fatePoints, int freeInvokes) {
        return new Invokes(fatePointsSpent, freeInvokesSpent, plusTwos, rerolls, paidAspects,
                oppositionFatePointsSpent + fatePoints, oppositionFreeInvokesSpent + freeInvokes, paidAspectsAgainst);
    }

    /** @return the +2 the opposition's invokes add to the difficulty, 2 each */
    int difficultyBonus() {
        return 2 * (oppositionFatePointsSpent + oppositionFreeInvokesSpent);
    }

    private static List<String> plus(List<String> names, String aspect) {
        var more = new ArrayList<>(names);
        if (!more.contains(key(aspect))) {
            more.add(key(aspect));
        }
        return more;
    }

    private static List<String> names(String joined) {
        return joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split(SEPARATOR));
    }
}
