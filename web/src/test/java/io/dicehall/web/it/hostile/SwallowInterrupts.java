package io.dicehall.web.it.hostile;

/** Sleeps when rolled with n = 5, and sleeps again whenever it is interrupted. Only a trusted JAR may sleep. */
public class SwallowInterrupts extends HostileSystem {
    @Override
    public String id() {
        return "hostile-swallow";
    }

    @Override
    protected void harm() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // and on
            }
        }
    }
}
