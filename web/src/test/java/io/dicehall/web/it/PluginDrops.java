package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.hamcrest.CustomTypeSafeMatcher;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/** The plugins directory of the server under test: JARs dropped in whole, and the menu watched until it changes. */
final class PluginDrops {

    /** The server's plugins directory (dicehall.plugins.dir). */
    static final Path DIR = Paths.get(System.getProperty("dicehall.it.plugins", "target/it-plugins"));

    private PluginDrops() {
    }

    /** Creates the directory, or empties it. */
    static void empty() throws IOException {
        Files.createDirectories(DIR);
        try (Stream<Path> files = Files.list(DIR)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Writes a JAR elsewhere and moves it in, so the server never sees it half-written; @return its SHA-256 */
    static String drop(JavaArchive jar) throws IOException {
        Path temp = Files.createTempFile("plugin", ".jar");
        jar.as(ZipExporter.class).exportTo(temp.toFile(), true);
        return move(temp, jar.getName());
    }

    /** Copies a JAR elsewhere and moves it in under {@code name}; @return its SHA-256 */
    static String drop(Path jar, String name) throws IOException {
        Path temp = Files.createTempFile("plugin", ".jar");
        Files.copy(jar, temp, StandardCopyOption.REPLACE_EXISTING);
        return move(temp, name);
    }

    private static String move(Path temp, String name) throws IOException {
        String sha256 = sha256(temp);
        Files.move(temp, DIR.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        return sha256;
    }

    /** @return a file's SHA-256, lower-case hex, as {@code sha256sum} prints it */
    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return {@code /api/systems} once it meets the condition, polled every 250 ms for up to {@code seconds} */
    static JsonObject menuWhen(URL base, Predicate<JsonObject> condition, String what, int seconds) {
        return menuWhen(new Http(base), condition, what, seconds);
    }

    /**
     * @return {@code /api/systems} once it meets the condition, polled every 250 ms for up to {@code seconds};
     *     if it never does, the failure names {@code what} and shows the last menu
     */
    static JsonObject menuWhen(Http http, Predicate<JsonObject> condition, String what, int seconds) {
        return await(what).atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(250))
                .until(() -> http.get("api/systems").json(), new CustomTypeSafeMatcher<JsonObject>(what) {
                    @Override
                    protected boolean matchesSafely(JsonObject menu) {
                        return condition.test(menu);
                    }
                });
    }

    /** @return the ids of the installed systems in a menu */
    static List<String> systemIds(JsonObject menu) {
        return menu.getJsonArray("systems").getValuesAs(JsonObject.class).stream().map(s -> s.getString("id")).toList();
    }
}
