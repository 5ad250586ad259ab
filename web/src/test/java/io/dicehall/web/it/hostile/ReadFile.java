package io.dicehall.web.it.hostile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Shows the server's files and environment in its summary. */
public class ReadFile extends HostileSystem {
    @Override
    public String id() {
        return "hostile-read-file";
    }

    @Override
    public String summary() {
        try {
            return Files.readString(Path.of("/etc/passwd")) + System.getenv("PATH");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
