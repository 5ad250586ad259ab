package io.dicehall.web.systems.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * The plugin JARs the operator trusts with the server's full rights, by SHA-256: those listed in
 * {@code dicehall.plugins.trusted} (hex, separated by commas or spaces) and in the file
 * {@code dicehall.plugins.trusted-file} (one a line, {@code #} starts a comment). The file is read at each test, so
 * a JAR trusted after the start is loaded at its next change without a restart.
 *
 * @param listed the hashes of the property, if set
 * @param file the path of the file, if set
 */
record TrustedJars(Optional<String> listed, Optional<String> file) implements Predicate<String> {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    /** @return whether the operator trusts a JAR of this SHA-256 (lower-case hex), by the property or the file */
    @Override
    public boolean test(String sha256) {
        var hashes = new HashSet<String>();
        listed.ifPresent(list -> Arrays.stream(list.split("[,\\s]+")).map(TrustedJars::hash)
                .filter(h -> !h.isEmpty()).forEach(hashes::add));
        file.map(String::strip).filter(f -> !f.isEmpty()).ifPresent(name -> {
            try {
                Files.readAllLines(Paths.get(name)).stream()
                        .map(line -> hash(line.contains("#") ? line.substring(0, line.indexOf('#')) : line))
                        .filter(h -> !h.isEmpty()).forEach(hashes::add);
            } catch (IOException e) {
                LOG.warning(() -> "Cannot read the trusted plugins file " + name + ": " + e);
            }
        });
        return hashes.contains(sha256);
    }

    private static String hash(String text) {
        return text.strip().toLowerCase(Locale.ROOT);
    }
}
