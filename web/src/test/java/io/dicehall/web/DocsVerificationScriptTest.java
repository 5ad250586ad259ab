package io.dicehall.web;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.web.tables.control.StreamDice;
import io.dicehall.web.tables.control.FairDice;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verification script in {@code docs/tables.md} (the Java block after {@code <!-- verify-dice-script -->})
 * is run as a reader would run it, {@code java VerifyDice.java …}, and must print the very dice the server's
 * {@link StreamDice} throws, for rolls of scheme 1 and 2, and refuse a commitment that does not hold.
 */
class DocsVerificationScriptTest {

    private static final String SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    private static final String SECRET = "f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f";

    @TempDir
    Path dir;

    private record Run(int exit, String out) {
    }

    private static Path docs() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve("docs/tables.md"))) {
                return d.resolve("docs/tables.md");
            }
        }
        throw new AssertionError("docs/tables.md not found above " + Path.of("").toAbsolutePath());
    }

    private Path script() throws IOException {
        String text = Files.readString(docs());
        int marker = text.indexOf("<!-- verify-dice-script -->");
        assertTrue(marker >= 0, "docs/tables.md has no verify-dice-script marker");
        int from = text.indexOf("```java\n", marker) + "```java\n".length();
        int to = text.indexOf("\n```", from);
        Path file = dir.resolve("VerifyDice.java");
        Files.writeString(file, text.substring(from, to) + "\n");
        return file;
    }

    private Run run(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<String>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                script().toString()));
        command.addAll(List.of(args));
        Process java = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), "the script did not finish");
        return new Run(java.exitValue(), out);
    }

    private static String serverDice(String secretHex, long seq, int sides, int count) {
        var dice = new StreamDice(HexFormat.of().parseHex(SEED), seq,
                secretHex == null ? null : HexFormat.of().parseHex(secretHex), 0);
        var faces = new StringBuilder("dice:");
        for (int i = 0; i < count; i++) {
            faces.append(' ').append(dice.roll(sides));
        }
        return faces.toString();
    }

    @Test
    void theScriptDerivesTheServersDiceForBothSchemes() throws Exception {
        Run second = run(SEED, FairDice.commitment(SEED), "42", SECRET, FairDice.commitment(SECRET), "6", "30");
        assertThat(second.out(), second.exit(), is(0));
        assertThat(second.out(), containsString("seed commitment holds"));
        assertThat(second.out(), containsString("roll secret commitment holds"));
        assertThat(second.out(), containsString(serverDice(SECRET, 42, 6, 30) + "\n"));

        Run first = run(SEED, FairDice.commitment(SEED), "7", "-", "-", "20", "12");
        assertThat(first.out(), first.exit(), is(0));
        assertThat(first.out(), containsString(serverDice(null, 7, 20, 12) + "\n"));
    }

    @Test
    void theScriptFailsWhenACommitmentDoesNotHold() throws Exception {
        Run wrong = run(SEED, FairDice.commitment(SEED), "3", SECRET, FairDice.commitment(SEED), "6", "4");
        assertThat(wrong.out(), wrong.exit(), is(1));
        assertThat(wrong.out(), containsString("roll secret commitment FAILS"));
    }
}
