package io.dicehall.web;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.not;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The web module keeps the shape its architecture page draws: control code knows nothing of HTTP (a refusal is
 * a domain exception; one mapper at the edge gives it a status), and no class grows past what one reads in a
 * sitting. Read from the sources, so a breach names its file.
 */
class LayoutTest {

    private static final Path SOURCES = Path.of("src/main/java/io/dicehall/web");
    /** About 300 lines, with room for a Javadoc paragraph more. */
    private static final int MOST_LINES = 320;
    private static final Pattern HTTP = Pattern.compile("^import (static )?jakarta\\.(ws\\.rs|servlet)\\.", Pattern.MULTILINE);

    @Test
    void controlCodeUsesNoHttpType() {
        List<String> speakingHttp = sources().filter(file -> file.toString().contains("/control/"))
                .filter(file -> HTTP.matcher(read(file)).find()).map(Path::toString).toList();
        assertThat(sources().toList(), not(empty()));
        assertThat("control classes importing jakarta.ws.rs or jakarta.servlet", speakingHttp, empty());
    }

    @Test
    void noClassIsAboveAboutThreeHundredLines() {
        List<String> tooLong = sources().filter(file -> read(file).lines().count() > MOST_LINES)
                .map(file -> file + " (" + read(file).lines().count() + " lines)").toList();
        assertThat("classes above " + MOST_LINES + " lines", tooLong, empty());
    }

    private static Stream<Path> sources() {
        try {
            return Files.walk(SOURCES).filter(file -> file.toString().endsWith(".java")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
