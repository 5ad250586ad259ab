package io.dicehall.web.systems.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.GameSystem;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bytecode check over small classes compiled here, and over the bundled systems' own classes. */
class BytecodeCheckTest {

    @TempDir
    Path dir;

    /** Compiles {@code class name { body }} in package {@code p}, and checks it as the JAR's one system. */
    private List<BytecodeCheck.Finding> check(String body) throws IOException {
        return check("p", Map.of("p.Rules", "package p; public class Rules { " + body + " }"), List.of("p.Rules"));
    }

    private List<BytecodeCheck.Finding> check(String pkg, Map<String, String> sources, List<String> providers)
            throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = Files.createDirectories(dir.resolve("out"));
        var files = new java.util.ArrayList<String>();
        for (var source : sources.entrySet()) {
            Path file = src.resolve(source.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            files.add(file.toString());
        }
        var args = new java.util.ArrayList<>(List.of("--release", "17", "-nowarn", "-d", out.toString()));
        args.addAll(files);
        StringWriter errors = new StringWriter();
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, new java.io.PrintStream(
                new java.io.ByteArrayOutputStream()) {
            @Override
            public void write(byte[] b, int off, int len) {
                errors.write(new String(b, off, len));
            }
        }, args.toArray(String[]::new));
        assertThat(errors.toString(), rc, is(0));
        var contents = BytecodeCheck.read(out);
        return BytecodeCheck.check(contents.classes(), providers);
    }

    @Test
    void plainRulesCodePasses() throws IOException {
        String body = """
                record Pair(int a, String b) { }
                enum Face { ONE, TWO }
                int sum(java.util.List<Integer> xs) {
                    return xs.stream().mapToInt(Integer::intValue).filter(x -> x > 0).sum();
                }
                String text(int n, Object o) {
                    var map = new java.util.TreeMap<String, java.math.BigInteger>();
                    map.merge("a", java.math.BigInteger.TEN, java.math.BigInteger::add);
                    String kind = switch (Face.values()[n % 2]) { case ONE -> "one"; case TWO -> "two"; };
                    assert n >= 0 : "negative";
                    if (o instanceof Pair p && p.a() > 0) { kind += p.b(); }
                    java.util.function.Supplier<StringBuilder> s = StringBuilder::new;
                    new java.util.concurrent.ConcurrentHashMap<String, Integer>().put(kind, n);
                    new java.util.concurrent.atomic.AtomicLong().incrementAndGet();
                    try { return kind + n + Math.max(n, 3) + java.util.regex.Pattern.compile("x").matcher(kind).find()
                            + java.text.NumberFormat.getPercentInstance(java.util.Locale.ROOT).format(0.5);
                    } catch (IllegalStateException | ArithmeticException e) { throw new IllegalArgumentException(e); }
                }
                """;
        assertThat(check(body), empty());
    }

    @Test
    void exitIsRefusedNamingTheMemberAndWhereItIsUsed() throws IOException {
        var findings = check("public Rules() { System.exit(3); }");
        assertThat(findings, contains(new BytecodeCheck.Finding("java.lang.System.exit", "p.Rules.<init>")));
    }

    @Test
    void processesPropertiesAndStandardStreamsAreRefused() throws IOException {
        var findings = check("""
                void a() throws Exception { Runtime.getRuntime().halt(1); }
                void b() throws Exception { new ProcessBuilder("ls").start(); }
                String c() { return System.getProperty("user.home") + System.getenv("PATH"); }
                void d() { System.out.println("hi"); }
                Integer e() { return Integer.getInteger("x"); }
                """).stream().map(BytecodeCheck.Finding::toString).toList();
        assertThat(findings, hasItem("java.lang.Runtime.getRuntime in p.Rules.a"));
        assertThat(findings, hasItem("java.lang.ProcessBuilder in p.Rules.b"));
        assertThat(findings, hasItem("java.lang.System.getProperty in p.Rules.c"));
        assertThat(findings, hasItem("java.lang.System.getenv in p.Rules.c"));
        assertThat(findings, hasItem("java.lang.System.out in p.Rules.d"));
        assertThat(findings, hasItem("java.lang.Integer.getInteger in p.Rules.e"));
    }

    @Test
    void filesAndNetworksAreRefused() throws IOException {
        var findings = check("""
                String a() throws Exception { return java.nio.file.Files.readString(java.nio.file.Path.of("/etc/passwd")); }
                Object b() throws Exception { return new java.io.FileInputStream("/etc/passwd"); }
                Object c() throws Exception { return new java.net.Socket("localhost", 80); }
                """).stream().map(BytecodeCheck.Finding::toString).toList();
        assertThat(findings, hasItem("java.nio.file.Path.of in p.Rules.a"));
        assertThat(findings, hasItem("java.io.FileInputStream in p.Rules.b"));
        assertThat(findings, hasItem("java.net.Socket in p.Rules.c"));
    }

    @Test
    void threadsExecutorsAndParallelStreamsAreRefused() throws IOException {
        var findings = check("""
                void a() { new Thread(() -> { }).start(); }
                void b() { java.util.concurrent.Executors.newCachedThreadPool(); }
                long c(java.util.List<Integer> xs) { return xs.parallelStream().count(); }
                java.util.function.Supplier<Thread> d() { return Thread::currentThread; }
                void e() { java.util.concurrent.CompletableFuture.runAsync(() -> { }); }
                """).stream().map(BytecodeCheck.Finding::toString).toList();
        assertThat(findings, hasItem("java.lang.Thread in p.Rules.a"));
        assertThat(findings, hasItem("java.util.concurrent.Executors.newCachedThreadPool in p.Rules.b"));
        assertThat(findings, hasItem("java.util.List.parallelStream in p.Rules.c"));
        assertThat(findings, hasItem("java.lang.Thread.currentThread in p.Rules.d"));
        assertThat(findings, hasItem("java.util.concurrent.CompletableFuture.runAsync in p.Rules.e"));
    }

    @Test
    void reflectionClassLoadersAndUnsafeAreRefused() throws IOException {
        var findings = check("""
                Object a() throws Exception { return Class.forName("io.dicehall.web.systems.control.SystemRegistry"); }
                Object b() { return getClass().getDeclaredFields(); }
                Object c() { return getClass().getClassLoader(); }
                Object d() throws Exception { return java.lang.invoke.MethodHandles.lookup(); }
                native void e();
                String f() { return getClass().getSimpleName(); }
                """).stream().map(BytecodeCheck.Finding::toString).toList();
        assertThat(findings, hasItem("java.lang.Class.forName in p.Rules.a"));
        assertThat(findings, hasItem("java.lang.Class.getDeclaredFields in p.Rules.b"));
        assertThat(findings, hasItem("java.lang.Class.getClassLoader in p.Rules.c"));
        assertThat(findings, hasItem("java.lang.invoke.MethodHandles.lookup in p.Rules.d"));
        assertThat(findings, hasItem("a native method (JNI) in p.Rules.e"));
        assertThat(findings.toString(), findings.size(), is(5));
    }

    @Test
    void randomnessOtherThanTheDiceIsRefused() throws IOException {
        var findings = check("""
                double a() { return Math.random(); }
                int b() { return new java.util.Random().nextInt(6); }
                """).stream().map(BytecodeCheck.Finding::toString).toList();
        assertThat(findings, hasItem("java.lang.Math.random in p.Rules.a"));
        assertThat(findings, hasItem("java.util.Random in p.Rules.b"));
    }

    @Test
    void aSubclassOfARefusedClassIsRefused() throws IOException {
        var findings = check("p", Map.of("p.Rules", "package p; public class Rules extends ClassLoader { }"),
                List.of("p.Rules"));
        assertThat(findings, hasItem(new BytecodeCheck.Finding("java.lang.ClassLoader", "p.Rules (its superclass)")));
    }

    @Test
    void classesOutsideTheJarsOwnPackagesAreRefused() throws IOException {
        var sources = new LinkedHashMap<String, String>();
        sources.put("p.Rules", "package p; public class Rules { }");
        sources.put("q.Other", "package q; public class Other { }");
        sources.put("io.dicehall.api.Sneaky", "package io.dicehall.api; public class Sneaky { }");
        var findings = check("p", sources, List.of("p.Rules")).stream().map(BytecodeCheck.Finding::where).toList();
        assertThat(findings, contains("io.dicehall.api.Sneaky", "q.Other"));
    }

    @Test
    void aNamedClassTheJarLacksDoesNotDecideItsPackages() throws IOException {
        var findings = check("p", Map.of("p.Rules", "package p; public class Rules { }"),
                List.of("com.example.Missing", "p.Rules"));
        assertThat(findings, empty());
    }

    /** Every class of each bundled system, read from where its module put it, passes the same check as a plugin. */
    @Test
    void theBundledSystemsPass() throws Exception {
        var locations = new TreeMap<String, Path>();
        for (var provider : ServiceLoader.load(GameSystem.class).stream().toList()) {
            if (provider.type().getName().startsWith("io.dicehall.systems.")) {
                locations.put(provider.type().getName(),
                        Path.of(provider.type().getProtectionDomain().getCodeSource().getLocation().toURI()));
            }
        }
        assertThat(locations.size(), is(greaterThan(3)));
        for (var location : locations.entrySet()) {
            Path where = location.getValue();
            BytecodeCheck.Contents contents;
            if (Files.isDirectory(where)) {
                contents = BytecodeCheck.read(where);
            } else {
                try (var zip = new java.util.zip.ZipFile(where.toFile())) {
                    contents = BytecodeCheck.read(zip);
                }
            }
            assertThat(where.toString(), contents.classes().size(), is(greaterThan(0)));
            assertThat(contents.providers(), hasItem(location.getKey()));
            long cold = System.nanoTime();
            assertThat(location.getKey() + " from " + where, contents.check(), empty());
            cold = System.nanoTime() - cold;
            long warm = Long.MAX_VALUE;
            for (int i = 0; i < 20; i++) {
                long t = System.nanoTime();
                contents.check();
                warm = Math.min(warm, System.nanoTime() - t);
            }
            System.out.printf("bytecode check of %s: %d classes, %d KB; first %.1f ms, warm %.2f ms%n",
                    location.getKey(), contents.classes().size(),
                    contents.classes().values().stream().mapToInt(b -> b.length).sum() / 1024, cold / 1e6, warm / 1e6);
        }
    }
}
