package io.dicehall.systems.taskschecks;

import java.util.List;

/**
 * One character rolling in a roll: the player of a Check or Task, a participant of a Group Check, a
 * contestant of a Versus Check, a side of an Opposed Task.
 *
 * @param key identifies the roller within the roll, lower-kebab-case ({@code p1}, {@code s2}); empty
 *     when the roll has a single roller, so its die ids read {@code d1}, {@code h1}
 * @param name what players call them, never blank
 * @param rank the rank of the main pool's dice, 1–6
 * @param mainDice how many main dice are rolled; 0 with {@code fortune} means the Die of Fortune
 * @param fortune whether the main pool is empty and the Die of Fortune is rolled instead
 * @param helpers the help dice, one per helper, each at that helper's rank
 * @param kisses the KISSes the roller can spend (own and lent)
 * @param health the roller's Health, which Ego on an exploding roll turns into bonus exploding dice
 * @param fidelity the points of Fidelity the roller may spend while KISSing, each advancing the rank of their own
 *     dice one step
 * @param magic whether the pool's dice explode (a job with the magic or high-tech tag): each 6 is a success and
 *     adds a die at the same rank, before KISSing
 */
record Roller(String key, String name, int rank, int mainDice, boolean fortune, List<Helper> helpers, int kisses,
        int health, int fidelity, boolean magic) {

    /** A helper who passed one die to the roller. */
    record Helper(String name, int rank) {
    }

    Roller {
        helpers = List.copyOf(helpers);
    }

    /** A roller without Fidelity to spend. */
    Roller(String key, String name, int rank, int mainDice, boolean fortune, List<Helper> helpers, int kisses,
            int health) {
        this(key, name, rank, mainDice, fortune, helpers, kisses, health, 0, false);
    }

    /** Whether the roller's own dice explode: the Die of Fortune, or a magic job's pool. */
    boolean explodes() {
        return fortune || magic;
    }

    /** Whether the roller throws a magic job's exploding pool (not the Die of Fortune). */
    boolean magicPool() {
        return magic && !fortune;
    }

    /** @return the rank the roller's exploding dice have after {@code spent} points of Fidelity: 6 on a Die of Fortune */
    int explodingRank(int spent) {
        return fortune ? 6 : rank(spent);
    }

    /** A Check's roller: three dice less stress, never fewer than one. */
    static Roller check(String key, String name, int rank, int stress, int kisses) {
        return new Roller(key, name, rank, Math.max(1, 3 - stress), false, List.of(), kisses, 0);
    }

    /** @return this roller with {@code fidelity} points of Fidelity to spend */
    Roller withFidelity(int points) {
        return new Roller(key, name, rank, mainDice, fortune, helpers, kisses, health, points, magic);
    }

    /** @return the points of Fidelity that can still change something: never past rank 1, none on a Die of Fortune */
    int usefulFidelity(int spent) {
        return fortune ? 0 : Math.max(0, Math.min(fidelity - spent, rank - spent - 1));
    }

    /** @return this roller once {@code points} of Fidelity are spent: their own dice at the advanced rank */
    Roller advancedBy(int points) {
        return new Roller(key, name, rank(points), mainDice, fortune, helpers, kisses, health, fidelity - points,
                magic);
    }

    /** @return the rank of the roller's own dice after {@code spent} points of Fidelity */
    int rank(int spent) {
        return Math.max(1, rank - spent);
    }

    /** The memo key that holds the points of Fidelity spent by this roller. */
    String fidelityMemo() {
        return key.isEmpty() ? "fidelity" : "fidelity-" + key;
    }

    String prefix() {
        return key.isEmpty() ? "" : key + "-";
    }

    String group(String kind) {
        return prefix() + kind;
    }

    /** The memo key that marks Ego spent by this roller. */
    String egoMemo() {
        return key.isEmpty() ? "ego" : "ego-" + key;
    }

    /** The roller's name as the subject of a sentence, or "You" for a single roller. */
    String who() {
        return key.isEmpty() ? "You" : name;
    }
}
