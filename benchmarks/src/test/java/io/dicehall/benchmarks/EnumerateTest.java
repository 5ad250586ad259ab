package io.dicehall.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The enumerators answer exactly what the Dist-based odds they are compared with answer. */
class EnumerateTest {

    @Test
    void tenD6AgreeWithTheBinomialAndTheTaskOdds() {
        long[] counts = Enumerate.d6Successes(10, 5);
        long total = 60_466_176L;
        Dist binomial = Dist.binomial(10, Fraction.of(1, 3));
        long pass = 0;
        for (int s = 0; s <= 10; s++) {
            assertEquals(binomial.p(s), Fraction.of(counts[s], total), "successes " + s);
            pass += s >= 2 ? counts[s] : 0;
        }
        Cases.Prepared task = Cases.prepare(Cases.TASK_10D6);
        Odds odds = task.procedure().odds(task.inputs());
        assertEquals(Fraction.of(pass, total), odds.probability("pass"));
        assertEquals(Fraction.of(total - pass, total), odds.probability("fail"));
    }

    @Test
    void d10AgreeWithTheFatewalkerRollOdds() {
        for (int n = 1; n <= 5; n++) {
            for (int tn : new int[] {0, 4, 8}) {
                long[] counts = Enumerate.d10Fatewalker(n, tn);
                long total = (long) Math.pow(10, n);
                Cases.Prepared roll = Cases.prepare(new Cases.Spec("roll", "fatewalker", "roll",
                        Cases.map("dice", n, "tn", tn, "bonus-dice", 0), ""));
                Odds odds = roll.procedure().odds(roll.inputs());
                List<String> ids = roll.procedure().outcomes().stream().map(o -> o.id()).toList();
                assertEquals(7, ids.size());
                for (int k = 0; k < 7; k++) {
                    assertEquals(odds.probability(ids.get(k)), Fraction.of(counts[k], total),
                            n + " dice TN " + tn + " " + ids.get(k));
                }
            }
        }
    }

    @Test
    void theTenD10RollCaseIsTheEnumeratedOne() {
        assertEquals(10, Cases.ROLL_10D10.raw().get("dice"));
        assertEquals(4, Cases.ROLL_10D10.raw().get("tn"));
    }
}
