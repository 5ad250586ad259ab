package io.dicehall.web.it.hostile;

/** Starts a thread of its own that never ends. */
public class StartThread extends HostileSystem {
    public StartThread() {
        Thread thread = new Thread(() -> {
            long x = 0;
            while (x >= 0) {
                x = (x + 1) & 0xffff;
            }
        });
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public String id() {
        return "hostile-thread";
    }
}
