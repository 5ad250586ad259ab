package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Eclipse GlassFish 7 as a new user has it (the full distribution from Maven Central, unpacked by the
 * build into {@code target/glassfish}), run from a copy of its {@code domain1} on loopback only, on
 * free ports: every listener of the stock domain (HTTP, HTTPS, admin, three IIOP, JMX, JMS, the OSGi
 * shell) is moved off its default port and bound to 127.0.0.1, and so is the Derby network server
 * that GlassFish's default data source ({@code jdbc/__default}) talks to, started with
 * {@code asadmin start-database}. Everything is driven by GlassFish's own {@code asadmin} and stopped
 * by it again.
 */
final class GlassFishServer implements AutoCloseable {

    private static final long COMMAND_SECONDS = 240;

    private final Path install;
    private final Path work;
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private boolean domainStarted;
    private boolean databaseStarted;

    private GlassFishServer(Path install, Path work) {
        this.install = install;
        this.work = work;
    }

    /** Makes a fresh domain from the distribution's {@code domain1} under {@code work}, on free loopback ports. */
    static GlassFishServer prepare(Path work) throws IOException {
        String home = System.getProperty("dicehall.glassfish.home");
        if (home == null || !Files.isRegularFile(Path.of(home, "glassfish", "lib", "client", "appserver-cli.jar"))) {
            throw new IllegalStateException("dicehall.glassfish.home must name an unpacked GlassFish 7 (glassfish7/): " + home);
        }
        if (Files.exists(work)) {
            try (Stream<Path> old = Files.walk(work)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        GlassFishServer server = new GlassFishServer(Path.of(home), work);
        Path domain = work.resolve("domains").resolve("domain1");
        copyTree(server.install.resolve("glassfish/domains/domain1"), domain);
        for (String name : List.of("http", "https", "admin", "iiop", "iiop-ssl", "iiop-mutual", "jmx", "jms", "osgi-shell", "derby")) {
            server.ports.put(name, ServerProcess.freePort());
        }
        server.loopbackOnly(domain.resolve("config/domain.xml"));
        return server;
    }

    /**
     * Puts the PostgreSQL driver in the domain's {@code lib/} (what {@code asadmin add-library} does),
     * before the domain starts, so that no restart is needed to use it.
     */
    void addDriver(Path jar) throws IOException {
        Files.copy(jar, work.resolve("domains/domain1/lib").resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Points the server's default data source at PostgreSQL with the README's commands, and restarts the
     * domain, which starts the deployed WAR again on it.
     */
    void usePostgres(String url, String user, String password) throws IOException, InterruptedException {
        asadmin(true, "create-jdbc-connection-pool", "--datasourceclassname=org.postgresql.ds.PGSimpleDataSource",
                "--restype=javax.sql.DataSource", "--steadypoolsize=1", "--maxpoolsize=32", "--isconnectvalidatereq=true",
                "--validationmethod=custom-validation", "--failconnection=true",
                "--validationclassname=org.glassfish.api.jdbc.validation.PostgresConnectionValidation", "dicehall-postgres");
        asadmin(true, "set", "resources.jdbc-connection-pool.dicehall-postgres.property.url=" + url);
        asadmin(true, "set", "resources.jdbc-connection-pool.dicehall-postgres.property.user=" + user);
        asadmin(true, "set", "resources.jdbc-connection-pool.dicehall-postgres.property.password=" + password);
        asadmin(true, "set", "resources.jdbc-resource.jdbc/__default.pool-name=dicehall-postgres");
        // The default data source is bound as the domain starts: a redeploy alone still finds the old one.
        asadmin(false, "stop-domain", "--domaindir", work.resolve("domains").toString(), "domain1");
        asadmin(false, "start-domain", "--domaindir", work.resolve("domains").toString(), "domain1");
        awaitApplication();
    }

    /** Waits until the deployed application answers (it starts again with the domain). */
    void awaitApplication() {
        var client = java.net.http.HttpClient.newHttpClient();
        await("the application answering on GlassFish; see " + log()).atMost(Duration.ofSeconds(COMMAND_SECONDS))
                .pollInterval(Duration.ofMillis(500)).ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> client.send(java.net.http.HttpRequest.newBuilder(url().toURI().resolve("api/systems"))
                        .timeout(Duration.ofSeconds(10)).build(), java.net.http.HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Rewrites the stock domain.xml: every listener of server-config on 127.0.0.1 and a port of ours. */
    private void loopbackOnly(Path domainXml) throws IOException {
        String xml = Files.readString(domainXml, StandardCharsets.UTF_8);
        int start = xml.indexOf("<config name=\"server-config\">");
        int end = xml.indexOf("</config>", start);
        String config = xml.substring(start, end);
        config = listener(config, "http-listener-1", ports.get("http"));
        config = listener(config, "http-listener-2", ports.get("https"));
        config = listener(config, "admin-listener", ports.get("admin"));
        config = iiop(config, "orb-listener-1", ports.get("iiop"));
        config = iiop(config, "SSL", ports.get("iiop-ssl"));
        config = iiop(config, "SSL_MUTUALAUTH", ports.get("iiop-mutual"));
        config = replaceOnce(config, "(<jmx-connector[^>]*?)address=\"[^\"]*\" port=\"\\d+\"",
                "$1address=\"127.0.0.1\" port=\"" + ports.get("jmx") + "\"");
        config = replaceOnce(config, "name=\"JMS_PROVIDER_PORT\" value=\"\\d+\"", "name=\"JMS_PROVIDER_PORT\" value=\"" + ports.get("jms") + "\"");
        config = replaceOnce(config, "-Dosgi\\.shell\\.telnet\\.port=\\d+", "-Dosgi.shell.telnet.port=" + ports.get("osgi-shell"));
        String resources = xml.substring(0, start);
        // The default data source's Derby, on our port and on loopback.
        resources = replaceOnce(resources, "<property value=\"1527\" name=\"PortNumber\" />",
                "<property value=\"" + ports.get("derby") + "\" name=\"PortNumber\" />");
        resources = replaceOnce(resources, "<property value=\"localhost\" name=\"serverName\" />",
                "<property value=\"127.0.0.1\" name=\"serverName\" />");
        Files.writeString(domainXml, resources + config + xml.substring(end), StandardCharsets.UTF_8);
    }

    private static String listener(String config, String name, int port) {
        return replaceOnce(config, "<network-listener (?:address=\"[^\"]*\" )?port=\"\\d+\" protocol=\"" + name + "\"",
                "<network-listener address=\"127.0.0.1\" port=\"" + port + "\" protocol=\"" + name + "\"");
    }

    private static String iiop(String config, String id, int port) {
        return replaceOnce(config, "address=\"[^\"]*\" port=\"\\d+\" id=\"" + id + "\"",
                "address=\"127.0.0.1\" port=\"" + port + "\" id=\"" + id + "\"");
    }

    private static String replaceOnce(String text, String regex, String replacement) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        if (!matcher.find()) {
            throw new IllegalStateException("GlassFish's domain.xml has changed: no " + regex);
        }
        return matcher.replaceFirst(replacement);
    }

    /** Starts Derby's network server and the domain (each by asadmin), as a user following GlassFish's guide would. */
    void start() throws IOException, InterruptedException {
        asadmin(false, "start-database", "--dbhost", "127.0.0.1", "--dbport", Integer.toString(ports.get("derby")),
                "--dbhome", work.resolve("derby").toString());
        databaseStarted = true;
        domainStarted = true;
        try {
            asadmin(false, "start-domain", "--domaindir", work.resolve("domains").toString(), "domain1");
        } catch (IllegalStateException stuck) {
            // GlassFish's own start-up can hang before it logs anything (seen here: HK2's run-level threads waiting on
            // each other's locks for good). Such a server never answers: stop it and start the domain once more.
            killDomain();
            try {
                asadmin(false, "start-domain", "--domaindir", work.resolve("domains").toString(), "domain1");
            } catch (IllegalStateException again) {
                again.addSuppressed(stuck);
                throw again;
            }
        }
    }

    /**
     * Stops this domain's server process the hard way: by its PID file, or, when it hung before writing one, by
     * its command line, which names this test's own domain folder (so no other process can match).
     */
    private void killDomain() throws IOException, InterruptedException {
        var found = new ArrayList<ProcessHandle>();
        Path pid = work.resolve("domains/domain1/config/pid");
        if (Files.isRegularFile(pid)) {
            ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).ifPresent(found::add);
        }
        String domains = work.resolve("domains").toString();
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(domains)).orElse(false))
                .forEach(found::add);
        for (ProcessHandle process : found) {
            process.destroyForcibly();
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ignored) {
                // gone or going; the next start will say if it is not
            }
        }
        Files.deleteIfExists(pid);
    }

    /** Deploys a WAR at the server's root, unchanged. */
    void deploy(Path war) throws IOException, InterruptedException {
        asadmin(true, "deploy", "--contextroot", "/", "--name", "dicehall", war.toString());
    }

    /** @return the HTTP listener's base URL */
    URL url() {
        try {
            return URI.create("http://127.0.0.1:" + ports.get("http") + "/").toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the server's log */
    Path log() {
        return work.resolve("domains/domain1/logs/server.log");
    }

    /** Runs asadmin, with the domain's admin port when {@code remote}; fails with its output if it fails. */
    String asadmin(boolean remote, String... arguments) throws IOException, InterruptedException {
        var command = new ArrayList<String>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", install.resolve("glassfish/lib/client/appserver-cli.jar").toString(), "--interactive=false"));
        if (remote) {
            command.addAll(List.of("--host", "127.0.0.1", "--port", Integer.toString(ports.get("admin"))));
        }
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile(work, "asadmin-", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .directory(work.toFile());
        builder.environment().put("AS_JAVA", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("asadmin " + String.join(" ", arguments) + " took over " + COMMAND_SECONDS + " s");
        }
        String text = Files.readString(output);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("asadmin " + String.join(" ", arguments) + " failed (" + process.exitValue()
                    + "):\n" + text + "\nServer log: " + log());
        }
        return text;
    }

    /** Stops the domain and the database by asadmin; a domain that will not stop is killed (see {@link #killDomain()}). */
    @Override
    public void close() throws IOException, InterruptedException {
        if (domainStarted) {
            try {
                asadmin(false, "stop-domain", "--domaindir", work.resolve("domains").toString(), "domain1");
            } catch (RuntimeException | IOException failed) {
                killDomain();
            }
        }
        if (databaseStarted) {
            asadmin(false, "stop-database", "--dbhost", "127.0.0.1", "--dbport", Integer.toString(ports.get("derby")));
        }
    }

    /** @return the working folder (domain, database, asadmin outputs) */
    File work() {
        return work.toFile();
    }
}
