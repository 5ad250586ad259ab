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

    /** @return the WAR the build made ({@code web/target/dicehall.war}) */
    public static WebArchive war() {
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
