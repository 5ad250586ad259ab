package io.dicehall.web.it.hostile;

/** Ends the server's process from its constructor. */
public class Exit extends HostileSystem {
    public Exit() {
        System.exit(3);
    }

    @Override
    public String id() {
        return "hostile-exit";
    }
}
