package io.dicehall.systems.dice;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Pool;
import io.dicehall.systems.dice.Ast.Binary;
import io.dicehall.systems.dice.Ast.DiceTerm;
import io.dicehall.systems.dice.Ast.Negate;
import io.dicehall.systems.dice.Ast.Node;
import io.dicehall.systems.dice.Ast.Num;

/**
 * The exact distribution of an expression, built from {@link Dist} and {@link Pool}: never by sampling, never by
 * listing faces. Each die is a distribution (re-rolled, then exploded, each with its cap, exactly as {@link Roller}
 * throws it); a term is the sum of its dice ({@link Dist#times}, the power recurrence), the kept ones ({@link
 * Pool#keepHighest}, dynamic programming over the values face by face), or the successes less failures.
 */
final class Exact {

    private Exact() {
    }

    /** @return the distribution of {@code node}'s value; call only on a node {@link Analysis} passed */
    static Dist of(Node node, Limits.Caps caps) {
        if (node instanceof Num num) {
            return Dist.constant(num.value());
        }
        if (node instanceof Negate negate) {
            return of(negate.inner(), caps).negate();
        }
        if (node instanceof DiceTerm term) {
            return term(term, caps);
        }
        Binary binary = (Binary) node;
        Dist a = of(binary.left(), caps);
        Dist b = of(binary.right(), caps);
        if (b.min() == b.max()) {
            int c = b.min();
            return switch (binary.op()) {
                case '+' -> a.map(v -> v + c);
                case '-' -> a.map(v -> v - c);
                case '*' -> a.map(v -> v * c);
                default -> a.map(v -> Math.floorDiv(v, c));
            };
        }
        return switch (binary.op()) {
            case '+' -> a.plus(b);
            case '-' -> a.minus(b);
            case '*' -> a.multiply(b);
            default -> a.divideFloor(b);
        };
    }

    /** @return one die of the term as thrown: its value, or with counting what it counts, explosions included */
    static Dist oneDie(DiceTerm t, Limits.Caps caps) {
        Dist face = t.fudge() ? Dist.fudge() : Dist.die(t.sides());
        Dist die = t.reroll().isEmpty() ? face : face.reroll(t::rerolls, t.rerollOnce() ? 1 : caps.rerolls());
        if (t.explode() != null) {
            if (t.counting() == null) {
                return die.explode(t::explodes, caps.explosions());
            }
            return t.explode().compound() ? die.explode(t::explodes, caps.explosions()).map(t::read)
                    : die.explode(t::explodes, t::read, caps.explosions());
        }
        return t.counting() == null ? die : die.map(t::read);
    }

    static Dist term(DiceTerm t, Limits.Caps caps) {
        Dist one = oneDie(t, caps);
        if (t.keep() == null) {
            return one.times(t.count());
        }
        int kept = t.keep().kept(t.count());
        Pool pool = Pool.of(t.count(), one);
        return t.keep().keepsHighest() ? pool.keepHighest(kept) : pool.keepLowest(kept);
    }
}
