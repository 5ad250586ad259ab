package org.example.spi1;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/**
 * A third party's rules system written against Dicehall's SPI version 1 (the API at commit a63ae82), compiled
 * against that API and kept as a JAR: it must keep loading and playing on every later server. It does not
 * override spiVersion(), as a version 1 system need not.
 */
public class OldPoolSystem implements GameSystem {

    @Override
    public String id() {
        return "test-spi-one";
    }

    @Override
    public String name() {
        return "Test SPI One";
    }

    @Override
    public String summary() {
        return "A pool of d6 and a coin, written against SPI version 1.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Dicehall", "Test SPI One", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return List.of(new OldPool(), new OldFlip());
    }
}
