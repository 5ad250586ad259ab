package io.dicehall.web.it;

import io.dicehall.api.GameSystem;
import io.dicehall.api.testsystem.TestPoolSystem;
import io.dicehall.web.it.broken.BrokenSystems;
import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The archives integration tests deploy: always the real, built WAR. */
public final class Deployments {

    private Deployments() {
    }

    /** Where the WAR keeps its MicroProfile Config defaults. */
    private static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

    /**
     * @return the WAR the build made ({@code web/target/dicehall.war}), with the rolls a member makes a second not
     *     limited: tests that fill a log roll faster than a person (HardeningIT sets the limit again, low, to test it)
     */
    public static WebArchive war() {
        return withConfig(built(), "dicehall.limits.rolls-per-second=0");
    }

    /** @return the archive with these lines added to its MicroProfile Config defaults (a later line wins) */
    public static WebArchive withConfig(WebArchive war, String... lines) {
        String config;
        try (var in = war.get(CONFIG).getAsset().openStream()) {
            config = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        war.delete(CONFIG);
        return war.add(new org.jboss.shrinkwrap.api.asset.StringAsset(config + "\n" + String.join("\n", lines) + "\n"),
                CONFIG);
    }

    private static WebArchive built() {
        String path = System.getProperty("dicehall.war", "target/dicehall.war");
        File file = new File(path);
        if (!file.isFile()) {
            throw new IllegalStateException("The built WAR is missing: " + file.getAbsolutePath()
                    + " (integration tests run after the package phase)");
        }
        return ShrinkWrap.createFromZipFile(WebArchive.class, file);
    }

    /**
     * @return the real WAR plus the test pool system and the misbehaving systems, each as a library
     *     of its own as a third party would ship it
     */
    public static WebArchive warWithTestSystems() {
        JavaArchive pool = ShrinkWrap.create(JavaArchive.class, "test-pool-system.jar")
                .addPackage(TestPoolSystem.class.getPackage())
                .addAsServiceProvider(GameSystem.class, TestPoolSystem.class);
        JavaArchive broken = ShrinkWrap.create(JavaArchive.class, "broken-systems.jar")
                .addClasses(BrokenSystems.class)
                .addPackage(BrokenSystems.class.getPackage())
                .addAsServiceProvider(GameSystem.class, BrokenSystems.BlankId.class, BrokenSystems.DuplicateId.class,
                        BrokenSystems.ThrowingConstructor.class, BrokenSystems.FutureSpi.class,
                        BrokenSystems.Faulty.class);
        return war().addAsLibraries(pool, broken);
    }
}
