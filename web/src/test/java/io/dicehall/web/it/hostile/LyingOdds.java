package io.dicehall.web.it.hostile;

import io.dicehall.api.odds.Fraction;

/** Declares 1/5 for a six on one d6. */
public class LyingOdds extends HostileSystem {
    @Override
    public String id() {
        return "hostile-liar";
    }

    @Override
    protected Fraction declaredSix() {
        return Fraction.of(1, 5);
    }
}
