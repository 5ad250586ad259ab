package io.dicehall.web;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone: no tracked file refers to files beside it. Every ruling the code relies
 * on is written into {@code docs/rulings.md}, and every rules document is cited by its public link, so
 * a reference to a folder next to the checkout, to a build machine's absolute path, to a rulings file
 * kept outside, or to a rules document that is not in the repository would send a reader nowhere.
 *
 * <p>Skipped when git or the repository's {@code .git} is not there (a source archive, say).
 */
class RepositoryStandsAloneTest {

    // Spelt in pieces so that this file does not match what it looks for.
    private static final List<String> OUTSIDE = List.of(".." + "/shared", "/" + "work" + "/", "RULINGS" + ".md");

    /** A path to a rules document: {@code rules/…} or {@code linked/…}, ending in .md or .txt. */
    private static final Pattern DOCUMENT = Pattern.compile(
            "(?<![\\w./-])((?:\\.\\./)*(?:[\\w.-]+/)*(?:rul" + "es|lin" + "ked)/[\\w./'-]*\\.(?:md|txt))\\b");

    @Test
    void noTrackedFileRefersOutsideTheRepository() throws IOException, InterruptedException {
        Path root = root();
        assumeTrue(root != null, "not inside a git checkout: nothing to check");
        List<String> files = trackedFiles(root);
        assumeTrue(files != null, "git is not available");

        var found = new ArrayList<String>();
        for (String file : files) {
            Path path = root.resolve(file);
            String text = text(path);
            if (text == null) {
                continue;
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String problem = problem(root, path.getParent(), lines[i]);
                if (problem != null) {
                    found.add(file + ":" + (i + 1) + ": " + problem + ": " + lines[i].strip());
                }
            }
        }
        assertTrue(found.isEmpty(), found.size() + " line(s) refer to files outside the repository; write the"
                + " ruling into docs/rulings.md or cite the document's public link instead:\n"
                + String.join("\n", found));
    }

    @Test
    void eachKindOfOutsideReferenceIsFoundAndLinksAndOurOwnFilesAreNot() {
        Path root = Path.of("").toAbsolutePath();
        for (String outside : List.of("see " + ".." + "/shared" + "/DESIGN.md", "cd /" + "work" + "/main",
                "as " + "RULINGS" + ".md says", "(" + "rul" + "es/checks.md)", "lin" + "ked/kissing.md",
                "../../" + "shared/" + "rul" + "es/tasks.md")) {
            assertTrue(problem(root, root, outside) != null, "not found: " + outside);
        }
        for (String fine : List.of("docs/rulings.md",
                "[Checks](https://github.com/Seraaron/agora/blob/84447fc/srd/Checks.md)",
                "https://example.org/" + "rul" + "es/a.md", "the KISSing rules", "rules of the game/2 and more",
                "Work/hours")) {
            assertTrue(problem(root, root, fine) == null, "wrongly found: " + fine);
        }
    }

    /** @return what is wrong with this line, or null if nothing */
    private static String problem(Path root, Path dir, String line) {
        for (String outside : OUTSIDE) {
            if (line.contains(outside)) {
                return "mentions " + outside;
            }
        }
        Matcher document = DOCUMENT.matcher(line);
        while (document.find()) {
            String cited = document.group(1);
            if (!Files.exists(root.resolve(cited)) && !Files.exists(dir.resolve(cited))) {
                return "cites " + cited + ", which is not in the repository";
            }
        }
        return null;
    }

    /** @return the nearest folder at or above the working directory that holds {@code .git}, or null */
    private static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return dir;
            }
        }
        return null;
    }

    /** @return the tracked files, relative to the root, or null when git cannot be run */
    private static List<String> trackedFiles(Path root) throws IOException, InterruptedException {
        Process git;
        try {
            git = new ProcessBuilder("git", "-c", "core.quotePath=false", "ls-files", "-z")
                    .directory(root.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException noGit) {
            return null;
        }
        byte[] out;
        try (InputStream in = git.getInputStream()) {
            out = in.readAllBytes();
        }
        if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
            return null;
        }
        var files = new ArrayList<String>();
        for (String name : new String(out, StandardCharsets.UTF_8).split("\0")) {
            if (!name.isEmpty()) {
                files.add(name);
            }
        }
        return files;
    }

    /** @return the file's text, or null for a binary file, one that is not UTF-8, or one deleted but still tracked */
    private static String text(Path path) throws IOException {
        byte[] bytes;
        try {
            if (!Files.isRegularFile(path)) {
                return null;
            }
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException gone) {
            return null;
        }
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notText) {
            return null;
        }
    }
}
