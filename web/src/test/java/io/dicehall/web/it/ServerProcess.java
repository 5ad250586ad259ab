package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The built WAR on a Payara Micro started as its own process, as {@code run.sh} starts it: for tests
 * that restart the server or point it at another database. Loopback only, no cluster, no phone-home.
 */
final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts Payara Micro with the WAR and waits until the API answers.
     *
     * @param dataDir where the embedded H2 keeps its file, kept across restarts
     * @param properties extra system properties, {@code name=value}; with {@code dicehall.db.url} (and
     *     {@code dicehall.db.user}, {@code dicehall.db.password}) the server stores in that PostgreSQL
     */
    static ServerProcess start(Path dataDir, List<String> properties) throws IOException, InterruptedException {
        return start(dataDir, properties, List.of("--nocluster"));
    }

    /** @return a port free on loopback just now */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * The Payara Micro options that make an instance a member of a cluster found by TCP/IP on
     * loopback only: never multicast, a cluster name of its own.
     */
    static List<String> clusterOptions(String name, int ownPort, List<Integer> memberPorts) {
        String members = String.join(",", memberPorts.stream().map(p -> "127.0.0.1:" + p).toList());
        return List.of("--clustermode", "tcpip:" + members, "--startport", Integer.toString(ownPort),
                "--interfaces", "127.0.0.1", "--hzpublicaddress", "127.0.0.1", "--clustername", name);
    }

    /**
     * Starts Payara Micro with the WAR and waits until the API answers.
     *
     * @param dataDir where the embedded H2 keeps its file, kept across restarts
     * @param properties extra system properties, {@code name=value}
     * @param clustering {@code --nocluster}, or {@link #clusterOptions}
     */
    static ServerProcess start(Path dataDir, List<String> properties, List<String> clustering)
            throws IOException, InterruptedException {
        return start(dataDir, properties, clustering, freePort());
    }

    /** As {@link #start(Path, List, List)}, on a given HTTP port: to restart an instance where a front expects it. */
    static ServerProcess start(Path dataDir, List<String> properties, List<String> clustering, int port)
            throws IOException, InterruptedException {
        Path tmp = dataDir.resolveSibling(dataDir.getFileName() + "-tmp");
        Files.createDirectories(dataDir);
        Files.createDirectories(tmp);
        var command = new ArrayList<String>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-Dhazelcast.phone.home.enabled=false", "-Dhazelcast.socket.bind.any=false",
                "-Djava.net.preferIPv4Stack=true", "-Djava.io.tmpdir=" + tmp, "-Ddicehall.data.dir=" + dataDir,
                // These tests roll many times a second as one member, faster than a person would; a test's own
                // property comes later on the line and wins.
                "-Ddicehall.limits.rolls-per-second=0"));
        command.addAll(1, jvmOptions()); // before the test's own properties
        properties.forEach(p -> command.add("-D" + p));
        command.addAll(List.of("-jar", required("payara.micro.jar")));
        command.addAll(clustering);
        if (properties.stream().anyMatch(p -> p.startsWith("dicehall.db.url="))) {
            // PostgreSQL as the server's default data source, as the README tells operators to.
            command.addAll(List.of("--postbootcommandfile", required("dicehall.postgres.postboot"),
                    "--addlibs", required("dicehall.postgres.driver")));
        }
        command.addAll(List.of("--disablephonehome", "--nohostaware", "--prebootcommandfile", required("dicehall.preboot"),
                "--port", Integer.toString(port), "--deploy", required("dicehall.war"), "--contextroot", "/"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dataDir.resolveSibling(dataDir.getFileName() + ".log").toFile()));
        builder.environment().put("HZ_PHONE_HOME_ENABLED", "false");
        ServerProcess server = new ServerProcess(builder.start(), port);
        server.awaitReady();
        return server;
    }

    /** The integration tests' JVM options for their servers: {@code it.server.jvm} in the POM. */
    private static List<String> jvmOptions() {
        return Arrays.stream(System.getProperty("dicehall.it.jvm", "").trim().split("\\s+"))
                .filter(option -> !option.isEmpty()).toList();
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || !new File(value).exists()) {
            throw new IllegalStateException("system property " + property + " must name an existing file: " + value);
        }
        return value;
    }

    private void awaitReady() throws InterruptedException {
        try {
            await("Payara Micro answering on port " + port).atMost(Duration.ofSeconds(240))
                    .pollInterval(Duration.ofMillis(500)).ignoreExceptionsInstanceOf(IOException.class).until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("Payara Micro exited with " + process.exitValue());
                        }
                        HttpURLConnection connection = (HttpURLConnection) url().toURI().resolve("api/systems").toURL()
                                .openConnection();
                        connection.setConnectTimeout(1000);
                        connection.setReadTimeout(5000);
                        return connection.getResponseCode() == 200;
                    });
        } catch (RuntimeException notReady) {
            close();
            throw notReady;
        }
    }

    /** @return the HTTP port */
    int port() {
        return port;
    }

    /** @return the application's base URL */
    URL url() {
        try {
            return URI.create("http://127.0.0.1:" + port + "/").toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Kills the server at once (SIGKILL), as a power cut would, and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** Stops the server (gracefully, then by force) and waits until it is gone. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
