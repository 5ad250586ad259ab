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
 * spent, the +2 bonuses taken, and the aspects already used. Kept in the roll state's memo so that a
 * move needs nothing but the state and the roll's inputs.
 *
 * @param fatePointsSpent the player's fate points spent on this roll
 * @param freeInvokesSpent the player's free invokes spent on this roll
 * @param plusTwos the player's invokes taken as +2 to the effort
 * @param rerolls the player's invokes taken as a re-roll of the four dice
 * @param aspects the aspects the player has invoked, {@linkplain #key normalised}
 * @param oppositionFatePointsSpent the opposition's fate points spent against this roll
 * @param oppositionFreeInvokesSpent the opposition's free invokes spent against this roll
 * @param aspectsAgainst the aspects the opposition has invoked, normalised; each added +2 to the
 *     difficulty
 */
record Invokes(int fatePointsSpent, int freeInvokesSpent, int plusTwos, int rerolls, List<String> aspects,
        int oppositionFatePointsSpent, int oppositionFreeInvokesSpent, List<String> aspectsAgainst) {

    static final Invokes NONE = new Invokes(0, 0, 0, 0, List.of(), 0, 0, List.of());

    // A text field refuses control characters, so a line break can never be part of an aspect's name.
    private static final String SEPARATOR = "\n";
    private static final Pattern SPACES = Pattern.compile("\\s+");

    Invokes {
        aspects = List.copyOf(aspects);
        aspectsAgainst = List.copyOf(aspectsAgainst);
    }

    /** @return the invokes recorded in a state's memo */
    static Invokes of(RollState state) {
        Map<String, String> memo = state.memo();
        return new Invokes(state.memoInt("fate-points-spent", 0), state.memoInt("free-invokes-spent", 0),
                state.memoInt("plus-two-invokes", 0), state.memoInt("reroll-invokes", 0),
                names(memo.get("aspects-invoked")),
                state.memoInt("opposition-fate-points-spent", 0), state.memoInt("opposition-free-invokes-spent", 0),
                names(memo.get("aspects-invoked-against")));
    }

    /** Writes these invokes into the memo of the state being built. */
    void writeTo(RollState.Builder state) {
        state.memo("fate-points-spent", fatePointsSpent)
                .memo("free-invokes-spent", freeInvokesSpent)
                .memo("plus-two-invokes", plusTwos)
                .memo("reroll-invokes", rerolls)
                .memo("aspects-invoked", String.join(SEPARATOR, aspects))
                .memo("opposition-fate-points-spent", oppositionFatePointsSpent)
                .memo("opposition-free-invokes-spent", oppositionFreeInvokesSpent)
                .memo("aspects-invoked-against", String.join(SEPARATOR, aspectsAgainst));
    }

    /**
     * @return an aspect's name as the same-aspect rule compares it: case, and spaces around and between
     *     words, do not make it another aspect
     */
    static String key(String aspect) {
        return SPACES.matcher(aspect.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }

    /** @return whether the player has already invoked this aspect on this roll */
    boolean invoked(String aspect) {
        return aspects.contains(key(aspect));
    }

    /** @return whether the opposition has already invoked this aspect against this roll */
    boolean invokedAgainst(String aspect) {
        return aspectsAgainst.contains(key(aspect));
    }

    /** @return these invokes and one more by the player */
    Invokes invoke(String aspect, boolean freeInvoke, boolean reroll) {
        return new Invokes(fatePointsSpent + (freeInvoke ? 0 : 1), freeInvokesSpent + (freeInvoke ? 1 : 0),
                plusTwos + (reroll ? 0 : 1), rerolls + (reroll ? 1 : 0), plus(aspects, aspect),
                oppositionFatePointsSpent, oppositionFreeInvokesSpent, aspectsAgainst);
    }

    /** @return these invokes and one more by the opposition, for +2 to the difficulty */
    Invokes invokeAgainst(String aspect, boolean freeInvoke) {
        return new Invokes(fatePointsSpent, freeInvokesSpent, plusTwos, rerolls, aspects,
                oppositionFatePointsSpent + (freeInvoke ? 0 : 1), oppositionFreeInvokesSpent + (freeInvoke ? 1 : 0),
                plus(aspectsAgainst, aspect));
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
