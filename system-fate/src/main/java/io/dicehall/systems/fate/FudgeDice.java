package io.dicehall.systems.fate;

import io.dicehall.api.Dice;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Four Fudge dice: each {@code roll(3)} read 1 → −1 ("−", U+2212), 2 → 0 (" ", a blank face) and
 * 3 → +1 ("+"). A "+" is coloured as a success and a "−" as a failure whoever rolled it, so the
 * table reads every die the same way; the group's label says whose dice they are.
 */
final class FudgeDice {

    /** Every throw in these rules is four dice. */
    static final int COUNT = 4;

    /** The sum of four Fudge dice: −4..+4 with weights 1, 4, 10, 16, 19, 16, 10, 4, 1 over 81. */
    static final Dist FOUR = Dist.fudge().times(COUNT);

    private FudgeDice() {
    }

    /** @return four fresh dice with ids {@code prefix-d1} … {@code prefix-d4} */
    static List<Die> roll(String prefix, Dice dice) {
        var thrown = new ArrayList<Die>(COUNT);
        for (int i = 1; i <= COUNT; i++) {
            thrown.add(read(prefix + "-d" + i, dice.roll(3)));
        }
        return thrown;
    }

    /** @return the same dice thrown again, keeping their ids and what they showed before */
    static List<Die> reroll(List<Die> old, Dice dice) {
        var thrown = new ArrayList<Die>(old.size());
        for (Die die : old) {
            Die fresh = read(die.id(), dice.roll(3));
            thrown.add(die.rerolled(fresh.face(), fresh.reading(), fresh.verdict()));
        }
        return thrown;
    }

    static Die read(String id, int face) {
        int value = face - 2;
        String reading = value > 0 ? "+" : value < 0 ? "\u2212" : " ";
        Verdict verdict = value > 0 ? Verdict.SUCCESS : value < 0 ? Verdict.FAILURE : Verdict.NEUTRAL;
        return new Die(id, "dF", 3, face, reading, verdict, null);
    }

    static int value(Die die) {
        return die.face() - 2;
    }

    static int sum(List<Die> dice) {
        return dice.stream().mapToInt(FudgeDice::value).sum();
    }

    /**
     * @return the dice as the rules document writes them, with a blank face written 0: {@code "−00+"};
     *     for sentences, where a blank would vanish
     */
    static String written(List<Die> dice) {
        var text = new StringBuilder();
        for (Die die : dice) {
            int value = value(die);
            text.append(value > 0 ? "+" : value < 0 ? "\u2212" : "0");
        }
        return text.toString();
    }
}
