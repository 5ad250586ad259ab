package io.dicehall.systems.dice;

import io.dicehall.api.Dice;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Verdict;
import io.dicehall.systems.dice.Ast.Binary;
import io.dicehall.systems.dice.Ast.DiceTerm;
import io.dicehall.systems.dice.Ast.Negate;
import io.dicehall.systems.dice.Ast.Node;
import io.dicehall.systems.dice.Ast.Num;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Throws an expression's dice with the injected {@link Dice} and works out its total, keeping every die shown: a
 * group per dice term, each die with its verdict, a re-rolled die with the faces before ({@link Die#previous()}),
 * an exploded die followed by its extra rolls. Dice are thrown term by term from left to right, each die's rolls
 * (with their re-rolls) before the next die's. One instance per expression; not thread-safe.
 */
final class Roller {

    private final Dice dice;
    private final String prefix;
    private final String name;
    private final List<DiceGroup> groups = new ArrayList<>();
    private final List<String> story = new ArrayList<>();
    private final Limits.Caps caps;
    private int terms;

    /**
     * @param dice the only source of faces
     * @param prefix the ids' prefix for this expression, e.g. {@code e1}
     * @param name what players call the expression, for the groups' labels
     * @param caps how often a die may explode and be re-rolled
     */
    Roller(Dice dice, String prefix, String name, Limits.Caps caps) {
        this.caps = caps;
        this.dice = dice;
        this.prefix = prefix;
        this.name = name;
    }

    List<DiceGroup> groups() {
        return groups;
    }

    /** @return how each term fell, e.g. {@code 4d6kh3: 6, 5, 3, [1] = 14} */
    List<String> story() {
        return story;
    }

    long total(Node node) {
        if (node instanceof Num num) {
            return num.value();
        }
        if (node instanceof Negate negate) {
            return -total(negate.inner());
        }
        if (node instanceof DiceTerm term) {
            return term(term);
        }
        Binary b = (Binary) node;
        long x = total(b.left());
        long y = total(b.right());
        return switch (b.op()) {
            case '+' -> x + y;
            case '-' -> x - y;
            case '*' -> x * y;
            default -> Math.floorDiv(x, y);
        };
    }

    /** One die of a term with its explosions: each roll after its re-rolls. */
    private record Chain(List<Die> rolls, List<Integer> values) {

        int sum() {
            return values.stream().mapToInt(Integer::intValue).sum();
        }
    }

    private long term(DiceTerm t) {
        String group = prefix + "-t" + (++terms);
        var chains = new ArrayList<Chain>();
        for (int i = 1; i <= t.count(); i++) {
            var rolls = new ArrayList<Die>();
            var values = new ArrayList<Integer>();
            Die first = rollOne(t, group + "-" + i);
            rolls.add(first);
            values.add(t.value(first.face()));
            while (t.explodes(values.get(values.size() - 1)) && rolls.size() <= caps.explosions()) {
                Die extra = rollOne(t, group + "-" + i + "-x" + rolls.size());
                rolls.add(extra);
                values.add(t.value(extra.face()));
            }
            chains.add(new Chain(rolls, values));
        }
        var shown = new ArrayList<Die>();
        var parts = new ArrayList<String>();
        long value = 0;
        if (t.counting() != null) {
            boolean separately = t.explode() != null && !t.explode().compound();
            for (Chain chain : chains) {
                if (separately) {
                    for (int r = 0; r < chain.rolls().size(); r++) {
                        int v = chain.values().get(r);
                        value += t.read(v);
                        shown.add(chain.rolls().get(r).withVerdict(verdict(t, v)));
                    }
                } else {
                    int v = chain.sum();
                    value += t.read(v);
                    Verdict verdict = verdict(t, v);
                    chain.rolls().forEach(d -> shown.add(d.withVerdict(verdict)));
                }
                parts.add(describe(chain, false));
            }
        } else {
            boolean[] kept = kept(t, chains);
            for (int i = 0; i < chains.size(); i++) {
                Chain chain = chains.get(i);
                Verdict verdict = kept[i] ? Verdict.NEUTRAL : Verdict.UNCOUNTED;
                chain.rolls().forEach(d -> shown.add(d.withVerdict(verdict)));
                if (kept[i]) {
                    value += chain.sum();
                }
                parts.add(describe(chain, !kept[i]));
            }
        }
        groups.add(new DiceGroup(group, t.text() + " (" + name + ")", shown));
        story.add(t.text() + ": " + String.join(", ", parts) + " = " + value);
        return value;
    }

    /** @return which dice count: all, or the highest or lowest ones kept (ties go to the die thrown first) */
    private static boolean[] kept(DiceTerm t, List<Chain> chains) {
        boolean[] kept = new boolean[chains.size()];
        if (t.keep() == null) {
            java.util.Arrays.fill(kept, true);
            return kept;
        }
        var order = new ArrayList<Integer>();
        for (int i = 0; i < chains.size(); i++) {
            order.add(i);
        }
        Comparator<Integer> bySum = Comparator.comparingInt(i -> chains.get(i).sum());
        order.sort(t.keep().keepsHighest() ? bySum.reversed() : bySum);
        int n = t.keep().kept(chains.size());
        for (int i = 0; i < n; i++) {
            kept[order.get(i)] = true;
        }
        return kept;
    }

    private static Verdict verdict(DiceTerm t, int value) {
        boolean success = t.counting().success().test(value);
        boolean failure = t.counting().failure() != null && t.counting().failure().test(value);
        return success && failure ? Verdict.NEUTRAL : success ? Verdict.SUCCESS : failure ? Verdict.TROUBLE
                : Verdict.FAILURE;
    }

    /** Rolls one die, re-rolling it while the term says so (at most once for {@code ro}), every face kept. */
    private Die rollOne(DiceTerm t, String id) {
        String type = t.fudge() ? "dF" : "d" + t.sides();
        int face = dice.roll(t.sides());
        Die die = new Die(id, type, t.sides(), face, reading(t, face), Verdict.UNCOUNTED, null);
        int cap = t.rerollOnce() ? 1 : caps.rerolls();
        for (int n = 0; n < cap && t.rerolls(t.value(face)); n++) {
            face = dice.roll(t.sides());
            die = die.rerolled(face, reading(t, face), Verdict.UNCOUNTED);
        }
        return die;
    }

    private static String reading(DiceTerm t, int face) {
        if (t.fudge()) {
            return face == 1 ? "−" : face == 2 ? " " : "+";
        }
        return String.valueOf(face);
    }

    /** @return e.g. {@code 1→4}, {@code 6!+6!+2}, {@code [1]} for a dropped die */
    private static String describe(Chain chain, boolean dropped) {
        var text = new StringBuilder();
        for (int r = 0; r < chain.rolls().size(); r++) {
            Die die = chain.rolls().get(r);
            if (r > 0) {
                text.append('+');
            }
            text.append(faces(die));
            if (r + 1 < chain.rolls().size()) {
                text.append('!');
            }
        }
        return dropped ? "[" + text + "]" : text.toString();
    }

    private static String faces(Die die) {
        String reading = die.reading().isBlank() ? "0" : die.reading();
        return die.previous() == null ? reading : faces(die.previous()) + "→" + reading;
    }
}
