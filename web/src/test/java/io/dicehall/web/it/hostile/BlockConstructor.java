package io.dicehall.web.it.hostile;

/** A constructor that never returns: pure code, so it passes the bytecode check, and loops. */
public class BlockConstructor extends HostileSystem {
    private final long spun;

    public BlockConstructor() {
        long x = 1;
        while (x > 0) {
            x = (x * 31 + 7) & 0x3fff_ffff_ffffL | 1;
        }
        spun = x;
    }

    @Override
    public String id() {
        return "hostile-block-" + spun;
    }
}
