package io.dicehall.benchmarks;

/**
 * The baseline: odds by visiting every face combination, the way one would without {@code Dist}.
 * Each walks the dice depth first and carries the running tallies down, so a combination costs a
 * few instructions at the leaf rather than a re-read of all its dice; a fair (fast) enumerator, so
 * the ratios against it are if anything too low.
 */
public final class Enumerate {

    private Enumerate() {
    }

    /**
     * Success counting on d6 as Checks and Tasks do: a die succeeds when its face is at least the rank.
     *
     * @param n the dice, at least 1
     * @param rank 1–6
     * @return {@code counts[s]}: the number of the {@code 6^n} combinations with {@code s} successes
     */
    public static long[] d6Successes(int n, int rank) {
        long[] counts = new long[n + 1];
        d6(n, rank, 0, counts);
        return counts;
    }

    private static void d6(int left, int rank, int successes, long[] counts) {
        for (int face = 1; face <= 6; face++) {
            int s = successes + (face >= rank ? 1 : 0);
            if (left == 1) {
                counts[s]++;
            } else {
                d6(left - 1, rank, s, counts);
            }
        }
    }

    /**
     * A Fatewalker roll on d10 read 0–9: successes at or under the TN; at 0 successes the degree of
     * failure is the lowest reading minus the TN.
     *
     * @param n the dice, at least 1
     * @param tn 0–8
     * @return {@code counts[k]}: the number of the {@code 10^n} combinations ending in the k-th outcome,
     *     worst first: catastrophic, dramatic, complete failure, near miss, base, total, exceptional success
     */
    public static long[] d10Fatewalker(int n, int tn) {
        long[] counts = new long[7];
        d10(n, tn, 0, 10, counts);
        return counts;
    }

    private static void d10(int left, int tn, int successes, int lowest, long[] counts) {
        for (int reading = 0; reading <= 9; reading++) {
            int s = successes + (reading <= tn ? 1 : 0);
            int low = Math.min(lowest, reading);
            if (left == 1) {
                counts[fatewalkerOutcome(s, low - tn)]++;
            } else {
                d10(left - 1, tn, s, low, counts);
            }
        }
    }

    /** @return the outcome index, worst first, of a roll with these successes and degree of failure */
    static int fatewalkerOutcome(int successes, int degreeOfFailure) {
        if (successes > 0) {
            return 2 + Math.min(successes, 4);
        }
        return degreeOfFailure >= 4 ? 0 : degreeOfFailure >= 2 ? 1 : 2;
    }
}
