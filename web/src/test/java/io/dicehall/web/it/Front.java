package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Debian's nginx in front of instances, configured from the same template as
 * {@code scripts/cluster.sh} ({@code scripts/front.nginx.conf}), on loopback, as a child process.
 */
final class Front implements AutoCloseable {

    private final Process process;
    private final int port;

    private Front(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** @return whether nginx can be started here */
    static boolean available() {
        try {
            return new ProcessBuilder("nginx", "-v").redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Starts nginx spreading requests over the instances on these HTTP ports. */
    static Front start(Path dir, List<Integer> instancePorts) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        int port = ServerProcess.freePort();
        String upstreams = instancePorts.stream()
                .map(p -> "    server 127.0.0.1:" + p + " max_fails=1 fail_timeout=5s;").collect(Collectors.joining("\n"));
        String conf = Files.readString(Path.of(System.getProperty("dicehall.front.template")))
                .replace("@DIR@", dir.toString()).replace("@PORT@", Integer.toString(port))
                .replace("@UPSTREAMS@", upstreams);
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf);
        Process process = new ProcessBuilder("nginx", "-p", dir.toString(), "-c", file.toString(), "-g", "daemon off;")
                .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
        Front front = new Front(process, port);
        try {
            await("nginx listening on port " + port).atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .ignoreExceptionsInstanceOf(IOException.class).until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("nginx exited: " + Files.readString(dir.resolve("nginx.out")));
                        }
                        try (Socket probe = new Socket("127.0.0.1", port)) {
                            return true;
                        }
                    });
        } catch (RuntimeException notListening) {
            front.close();
            throw notListening;
        }
        return front;
    }

    /** @return the front's base URL */
    URI uri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
