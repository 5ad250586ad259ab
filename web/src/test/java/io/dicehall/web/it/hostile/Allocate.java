package io.dicehall.web.it.hostile;

import java.util.ArrayList;
import java.util.List;

/** Pure code that keeps what it allocates in a static field, a megabyte at a time, without end. */
public class Allocate extends HostileSystem {
    static final List<byte[]> KEPT = new ArrayList<>();

    @Override
    public String id() {
        return "hostile-allocate";
    }

    @Override
    protected void harm() {
        while (KEPT.size() >= 0) {
            KEPT.add(new byte[1 << 20]);
        }
    }
}
