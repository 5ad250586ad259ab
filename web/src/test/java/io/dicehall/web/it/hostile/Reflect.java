package io.dicehall.web.it.hostile;

/** Reaches into the server's registry by reflection. */
public class Reflect extends HostileSystem {
    @Override
    public String id() {
        return "hostile-reflect";
    }

    @Override
    public String summary() {
        try {
            return Class.forName("io.dicehall.web.systems.control.SystemRegistry").getDeclaredFields()[0].getName();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
