package io.dicehall.systems.taskschecks;

import io.dicehall.api.Dice;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dice on the table: how a roller's dice are thrown, re-thrown and read back from a state.
 *
 * <p>Each roller has up to three groups: {@code pool} (the main dice at the roller's rank, or the
 * Die of Fortune and its explosions), {@code help} (one die per helper, at the helper's rank) and
 * {@code ego} (the bonus exploding dice that Ego adds to an exploding roll, which cannot be
 * KISSed). Die ids: {@code d1…}, {@code dof}, {@code h1…}, {@code e1…}, and {@code x1…} for each die an
 * explosion adds; all carry the roller's prefix ({@code p2-d1}) in a roll with several rollers.
 */
final class Table {

    static final String POOL = "pool";
    static final String HELP = "help";
    static final String EGO = "ego";

    private Table() {
    }

    /** A die on the table with what the rules need to know about it. */
    record Slot(Roller owner, String kind, Die die, int rank, boolean exploding) {

        boolean failed() {
            return die.verdict() == Verdict.FAILURE;
        }

        /** Ego's bonus dice cannot be KISSed (the Ego page). */
        boolean kissable() {
            return !kind.equals(EGO);
        }

        /**
         * Whether a KISS may pick this die up: a KISSable die that does not show a 6. A failed die, or one that
         * succeeded on a face below 6 (thrown again to fish for a 6 for Ego, the KISSing page); a 6 is the best
         * face there is, and on an exploding roll it has exploded, which the Die of Fortune page forbids.
         */
        boolean pickable() {
            return kissable() && die.face() != 6;
        }

        String describe(boolean named) {
            String id = die.id().substring(owner.prefix().length());
            String what;
            if (id.equals("dof")) {
                what = "Die of Fortune";
            } else if (id.startsWith("x")) {
                what = "exploded die " + id.substring(1);
            } else if (id.startsWith("h")) {
                Roller.Helper helper = owner.helpers().get(Integer.parseInt(id.substring(1)) - 1);
                what = "help die " + id.substring(1) + (helper.name().isBlank() ? "" : " (" + helper.name() + ")");
            } else if (id.startsWith("e")) {
                what = "Ego die " + id.substring(1);
            } else {
                what = "die " + id.substring(1);
            }
            return (named ? owner.name() + ": " : "") + what + " showing " + die.face();
        }
    }

    /** Throws a roller's pool and help dice. */
    static List<DiceGroup> roll(Roller roller, Dice dice, boolean named) {
        var groups = new ArrayList<DiceGroup>();
        var pool = new ArrayList<Die>();
        if (roller.fortune()) {
            pool.addAll(explode(roller.prefix() + "dof", 6, dice, new int[] {1}, roller.prefix()));
        } else if (roller.magic()) {
            // a magic job's pool: every die explodes at the pool's rank; the dice an explosion adds come after
            int[] next = {1};
            var chains = new ArrayList<Die>();
            for (int i = 1; i <= roller.mainDice(); i++) {
                List<Die> chain = explode(roller.prefix() + "d" + i, roller.rank(), dice, next, roller.prefix());
                pool.add(chain.get(0));
                chains.addAll(chain.subList(1, chain.size()));
            }
            pool.addAll(chains);
        } else {
            for (int i = 1; i <= roller.mainDice(); i++) {
                pool.add(plain(roller.prefix() + "d" + i, roller.rank(), dice.roll(6)));
            }
        }
        groups.add(new DiceGroup(roller.group(POOL), poolLabel(roller, named), pool));
        if (!roller.helpers().isEmpty()) {
            var help = new ArrayList<Die>();
            for (int i = 1; i <= roller.helpers().size(); i++) {
                help.add(plain(roller.prefix() + "h" + i, roller.helpers().get(i - 1).rank(), dice.roll(6)));
            }
            groups.add(new DiceGroup(roller.group(HELP), (named ? roller.name() + ": help" : "Help") + " dice", help));
        }
        return groups;
    }

    private static String poolLabel(Roller roller, boolean named) {
        String label = roller.fortune() ? "Die of Fortune (rank 6, explodes on a 6)" : "pool (rank " + roller.rank()
                + (roller.magic() ? ", explodes on a 6)" : ")");
        if (named) {
            return roller.name() + ": " + label;
        }
        return Character.toUpperCase(label.charAt(0)) + label.substring(1);
    }

    static String egoLabel(Roller roller, int rank, boolean named) {
        return (named ? roller.name() + ": Ego" : "Ego") + " dice (rank " + rank + ", explode on a 6; cannot be KISSed)";
    }

    static Die plain(String id, int rank, int face) {
        return Die.of(id, 6, face, face >= rank ? Verdict.SUCCESS : Verdict.FAILURE);
    }

    /**
     * Throws one exploding die at {@code rank}: a face at least the rank is a success, and each 6 adds another
     * die at the same rank, until a die shows something else (the Exploding Dice and Die of Fortune pages).
     *
     * @param next the next explosion number, advanced as dice are added
     */
    static List<Die> explode(String id, int rank, Dice dice, int[] next, String prefix) {
        var chain = new ArrayList<Die>();
        Die die = plain(id, rank, dice.roll(6));
        chain.add(die);
        chain.addAll(continueChain(die, rank, dice, next, prefix));
        return chain;
    }

    /** The explosion chain that follows an exploding die at {@code rank} that came up 6. */
    static List<Die> continueChain(Die die, int rank, Dice dice, int[] next, String prefix) {
        var chain = new ArrayList<Die>();
        Die last = die;
        while (last.face() == 6) {
            last = plain(prefix + "x" + next[0]++, rank, dice.roll(6));
            chain.add(last);
        }
        return chain;
    }

    /** @return one more than the highest explosion number among the roller's dice */
    static int nextExplosion(Roller roller, RollState state) {
        return nextExplosion(roller, state.groups());
    }

    /** @return one more than the highest explosion number among the roller's dice in these groups */
    static int nextExplosion(Roller roller, List<DiceGroup> groups) {
        int next = 1;
        String x = roller.prefix() + "x";
        for (Die die : groups.stream().flatMap(g -> g.dice().stream()).toList()) {
            if (die.id().startsWith(x)) {
                String rest = die.id().substring(x.length());
                if (!rest.isEmpty() && rest.chars().allMatch(Character::isDigit)) {
                    next = Math.max(next, Integer.parseInt(rest) + 1);
                }
            }
        }
        return next;
    }

    /** @return every die of the rollers on the table, with its rank and kind */
    static List<Slot> slots(List<Roller> rollers, RollState state) {
        return slots(rollers, state.groups(), state.memo());
    }

    /** @param memo the roll's memo, which says how much Fidelity each roller has spent */
    static List<Slot> slots(List<Roller> rollers, List<DiceGroup> groups, Map<String, String> memo) {
        var slots = new ArrayList<Slot>();
        for (DiceGroup group : groups) {
            Roller owner = ownerOf(rollers, group.id());
            if (owner == null) {
                continue;
            }
            String kind = group.id().substring(owner.prefix().length());
            for (Die die : group.dice()) {
                slots.add(slot(owner, kind, die, fidelitySpent(owner, memo)));
            }
        }
        return slots;
    }

    /** @return the points of Fidelity the roller has spent on this roll */
    static int fidelitySpent(Roller roller, Map<String, String> memo) {
        return Integer.parseInt(memo.getOrDefault(roller.fidelityMemo(), "0"));
    }

    private static Slot slot(Roller roller, String kind, Die die, int fidelity) {
        if (kind.equals(EGO) || (kind.equals(POOL) && roller.explodes())) {
            return new Slot(roller, kind, die, roller.explodingRank(fidelity), true);
        }
        if (kind.equals(HELP)) {
            String id = die.id().substring(roller.prefix().length() + 1);
            return new Slot(roller, kind, die, roller.helpers().get(Integer.parseInt(id) - 1).rank(), false);
        }
        return new Slot(roller, kind, die, roller.rank(fidelity), false);
    }

    /**
     * The pool's dice judged again at the rank {@code spent} points of Fidelity give (the KISSing page: the new
     * rank counts at once). Only before any KISS, so no die has a previous face to keep.
     */
    static List<DiceGroup> advance(Roller roller, List<DiceGroup> groups, int spent, boolean named) {
        var out = new ArrayList<DiceGroup>();
        for (DiceGroup group : groups) {
            if (!group.id().equals(roller.group(POOL)) || roller.fortune()) {
                out.add(group);
                continue;
            }
            // an exploding pool's dice too: a 6 succeeds at every rank, so its explosions stand
            List<Die> dice = group.dice().stream().map(d -> plain(d.id(), roller.rank(spent), d.face())).toList();
            String label = poolLabel(roller, named).replace("rank " + roller.rank(), "rank " + roller.rank(spent)
                    + ", advanced by Fidelity");
            out.add(new DiceGroup(group.id(), label, dice));
        }
        return out;
    }

    static boolean egoSpent(Roller roller, RollState state) {
        return egoSpent(roller, state.memo());
    }

    static boolean egoSpent(Roller roller, Map<String, String> memo) {
        return "1".equals(memo.get(roller.egoMemo()));
    }

    /**
     * Successes of one roller: one per success, and with Ego spent on a roll that does not explode,
     * a second for each 6 (the Ego page).
     */
    static int successes(Roller roller, List<Slot> slots, boolean ego) {
        int count = 0;
        for (Slot slot : slots) {
            if (slot.owner() == roller && slot.die().verdict() == Verdict.SUCCESS) {
                count += ego && !roller.explodes() && slot.die().face() == 6 ? 2 : 1;
            }
        }
        return count;
    }

    /** Whether spending Ego now could change anything: a 6 to double, or Health to roll as Ego dice. */
    static boolean egoUseful(Roller roller, List<Slot> slots, boolean spent) {
        if (spent) {
            return false;
        }
        if (roller.explodes()) {
            return roller.health() > 0;
        }
        return slots.stream().anyMatch(s -> s.owner() == roller && s.die().face() == 6);
    }

    /**
     * Re-throws the picked dice of every group, in table order, all at once; an exploding die that
     * comes up 6 explodes again.
     *
     * @return the new groups and, per picked die, "old → new" text
     */
    static Rethrow rethrow(List<Roller> rollers, RollState state, Set<String> picked, Dice dice) {
        var groups = new ArrayList<DiceGroup>();
        var changes = new ArrayList<String>();
        for (DiceGroup group : state.groups()) {
            Roller owner = ownerOf(rollers, group.id());
            int[] next = {owner == null ? 1 : nextExplosion(owner, state)};
            var out = new ArrayList<Die>();
            for (Die die : group.dice()) {
                if (!picked.contains(die.id()) || owner == null) {
                    out.add(die);
                    continue;
                }
                Slot slot = slot(owner, group.id().substring(owner.prefix().length()), die,
                        fidelitySpent(owner, state.memo()));
                int face = dice.roll(6);
                Die fresh = plain(die.id(), slot.rank(), face);
                Die rerolled = die.rerolled(fresh.face(), fresh.reading(), fresh.verdict());
                out.add(rerolled);
                String change = die.face() + " → " + face;
                if (slot.exploding()) {
                    List<Die> chain = continueChain(rerolled, slot.rank(), dice, next, owner.prefix());
                    out.addAll(chain);
                    if (!chain.isEmpty()) {
                        change += " (explodes: " + String.join(", ",
                                chain.stream().map(d -> String.valueOf(d.face())).toList()) + ")";
                    }
                }
                changes.add(change);
            }
            groups.add(new DiceGroup(group.id(), group.label(), out));
        }
        return new Rethrow(groups, changes);
    }

    /** The dice after a re-throw, and what changed. */
    record Rethrow(List<DiceGroup> groups, List<String> changes) {
    }

    private static Roller ownerOf(List<Roller> rollers, String groupId) {
        for (Roller roller : rollers) {
            for (String kind : List.of(POOL, HELP, EGO)) {
                if (groupId.equals(roller.group(kind))) {
                    return roller;
                }
            }
        }
        return null;
    }
}
