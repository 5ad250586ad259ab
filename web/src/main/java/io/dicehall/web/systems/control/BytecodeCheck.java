package io.dicehall.web.systems.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;

/**
 * Reads a plugin's classes as bytecode, before any of them is loaded, and names everything they use that rules code
 * may not: what it may is {@link RulesCodePolicy}'s to say, and {@link ClassChecker} visits each class. Refused
 * besides is a JAR that defines classes outside its own packages (those of the systems its service file names that it
 * has, and their subpackages) or in the JDK's or the API's. Also reads a JAR's or a folder's classes and service file
 * ({@link Contents}), for the plugin loader and the build's own checks.
 *
 * <p>Thread-safe and stateless.
 */
public final class BytecodeCheck {

    private BytecodeCheck() {
    }

    /**
     * One use of something rules code may not use.
     *
     * @param used what: a class, or a class and member ({@code java.lang.System.exit})
     * @param where where it is used: class and method ({@code com.example.Evil.<init>}), or a class alone
     */
    public record Finding(String used, String where) {
        @Override
        public String toString() {
            return used + " in " + where;
        }
    }

    /**
     * Checks a plugin's classes.
     *
     * @param classes each class file's bytes by entry name ({@code com/example/Foo.class}); other entries ignored
     * @param providers the classes its service file names, binary names ({@code com.example.MySystem})
     * @return every distinct thing used that rules code may not use, in class order; empty when none
     */
    public static List<Finding> check(Map<String, byte[]> classes, List<String> providers) {
        Set<String> own = new TreeSet<>();
        Set<String> ownPackages = new TreeSet<>();
        for (String provider : providers) {
            String internal = provider.replace('.', '/');
            // A named class the JAR lacks says nothing of its packages: loading it fails, with its name.
            if (classes.containsKey(internal + ".class")) {
                ownPackages.add(internal.contains("/") ? internal.substring(0, internal.lastIndexOf('/') + 1) : "");
            }
        }
        var findings = new LinkedHashSet<Finding>();
        var readers = new ArrayList<ClassReader>();
        for (var entry : new java.util.TreeMap<>(classes).entrySet()) {
            String name = entry.getKey();
            if (!name.endsWith(".class") || name.endsWith("module-info.class") || name.endsWith("package-info.class")) {
                continue;
            }
            ClassReader reader;
            try {
                reader = new ClassReader(entry.getValue());
            } catch (RuntimeException unreadable) {
                findings.add(new Finding("a class file ASM cannot read", name));
                continue;
            }
            own.add(reader.getClassName());
            readers.add(reader);
        }
        for (ClassReader reader : readers) {
            String name = reader.getClassName();
            String where = dotted(name);
            if (RulesCodePolicy.reserved(name)) {
                findings.add(new Finding("a class in a package that belongs to the JDK or to this server", where));
            } else if (!ownPackages.isEmpty() && ownPackages.stream().noneMatch(p -> name.startsWith(p))) {
                findings.add(new Finding("a class outside the packages of the systems it names (" + String.join(", ",
                        ownPackages.stream().map(p -> p.isEmpty() ? "the unnamed package" : dotted(p.substring(0,
                                p.length() - 1))).toList()) + ")", where));
            }
            reader.accept(new ClassChecker(own, findings), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
        return List.copyOf(findings);
    }

    /**
     * What a plugin consists of, read as bytes without loading anything.
     *
     * @param classes each class file's bytes by entry name
     * @param providers the rules systems its service file names, in file order
     */
    public record Contents(Map<String, byte[]> classes, List<String> providers) {
        /** @return what {@link #check} finds in these classes */
        public List<Finding> check() {
            return BytecodeCheck.check(classes, providers);
        }
    }

    /** The service file naming a JAR's rules systems. */
    public static final String SERVICE_FILE = "META-INF/services/io.dicehall.api.GameSystem";

    /**
     * Reads a JAR's class files and the systems its service file names.
     *
     * @param zip an open JAR
     * @return its contents
     * @throws java.io.IOException when an entry cannot be read
     */
    public static Contents read(java.util.zip.ZipFile zip) throws java.io.IOException {
        var classes = new java.util.TreeMap<String, byte[]>();
        List<String> providers = List.of();
        for (var entries = zip.entries(); entries.hasMoreElements();) {
            var entry = entries.nextElement();
            if (entry.isDirectory()) {
                continue;
            }
            if (entry.getName().endsWith(".class")) {
                try (var in = zip.getInputStream(entry)) {
                    classes.put(entry.getName(), in.readAllBytes());
                }
            } else if (entry.getName().equals(SERVICE_FILE)) {
                try (var in = zip.getInputStream(entry)) {
                    providers = providers(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                }
            }
        }
        return new Contents(classes, providers);
    }

    /**
     * Reads the class files under a folder of classes (a module's build output) and the systems its service file
     * names.
     *
     * @param root the folder
     * @return its contents
     * @throws java.io.IOException when a file cannot be read
     */
    public static Contents read(java.nio.file.Path root) throws java.io.IOException {
        var classes = new java.util.TreeMap<String, byte[]>();
        try (var files = java.nio.file.Files.walk(root)) {
            for (var file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                classes.put(root.relativize(file).toString().replace(java.io.File.separatorChar, '/'),
                        java.nio.file.Files.readAllBytes(file));
            }
        }
        var service = root.resolve(SERVICE_FILE);
        List<String> providers = java.nio.file.Files.isRegularFile(service)
                ? providers(java.nio.file.Files.readString(service)) : List.of();
        return new Contents(classes, providers);
    }

    /** @return the class names a service file lists: comments and blanks left out */
    static List<String> providers(String serviceFile) {
        return serviceFile.lines().map(line -> line.contains("#") ? line.substring(0, line.indexOf('#')) : line)
                .map(String::strip).filter(line -> !line.isEmpty()).toList();
    }

    static String dotted(String internal) {
        return internal.replace('/', '.');
    }
}
