package io.dicehall.web.systems.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reads a plugin's classes as bytecode, before any of them is loaded, and names everything they use that rules code
 * may not. Rules code may use its own classes, the API ({@code io.dicehall.api..}) and the pure parts of the JDK:
 *
 * <ul>
 *   <li>{@code java.lang}: {@code Object}, strings and {@code StringBuilder}/{@code StringBuffer},
 *       {@code CharSequence}, {@code Appendable}, the boxes and {@code Number}, {@code Character} and its nested
 *       classes, {@code Math}/{@code StrictMath} (not {@code random}), {@code Comparable}, {@code Iterable},
 *       {@code Runnable}, {@code AutoCloseable}, {@code Cloneable}, {@code Record}, {@code Enum}, {@code Void},
 *       {@code StackTraceElement}, {@code Throwable} and the {@code java.lang} exceptions and errors (not
 *       {@code printStackTrace}); of {@code Class} only its name, {@code isInstance}, {@code cast},
 *       {@code isArray}, {@code getComponentType}, {@code getEnumConstants} and {@code desiredAssertionStatus}
 *       (which {@code assert} compiles to); of {@code System} only {@code arraycopy}, {@code identityHashCode} and
 *       {@code lineSeparator};</li>
 *   <li>{@code java.util} (collections, {@code Optional}, {@code Objects}, {@code Arrays}, {@code Locale},
 *       formatting...), {@code java.util.function}, {@code java.util.stream} (not {@code parallel} or
 *       {@code parallelStream}) and {@code java.util.regex}; of {@code java.util.concurrent} only the concurrent
 *       maps, sets, lists and queues and {@code java.util.concurrent.atomic}; not {@code ServiceLoader},
 *       {@code ResourceBundle}, {@code Timer}, {@code Scanner}, {@code Properties}, {@code Random} or
 *       {@code SplittableRandom} (randomness comes from the {@code Dice} alone), nor {@code java.util.logging},
 *       {@code prefs}, {@code jar}, {@code zip} or {@code spi};</li>
 *   <li>{@code java.math} and {@code java.text};</li>
 *   <li>of {@code java.io} only {@code Serializable}, {@code Serial}, {@code IOException} and
 *       {@code UncheckedIOException};</li>
 *   <li>the bootstrap methods that lambdas, method references, string concatenation, records and pattern switches
 *       compile to ({@code LambdaMetafactory}, {@code StringConcatFactory}, {@code ObjectMethods},
 *       {@code SwitchBootstraps}); a method reference is checked as a call of the method it refers to.</li>
 * </ul>
 *
 * <p>Everything else is refused, in particular process control ({@code System.exit}, {@code Runtime},
 * {@code ProcessBuilder}), system properties and the environment, {@code System.out}/{@code err}/{@code in},
 * threads, executors and locks, reflection ({@code java.lang.reflect}, {@code Class.forName},
 * {@code getDeclared*}), {@code java.lang.invoke} beyond the bootstraps, class loaders, files ({@code java.io}
 * streams, {@code java.nio}), networks ({@code java.net}), {@code sun.*} and {@code jdk.*} (so {@code Unsafe}),
 * {@code javax.*} and {@code jakarta.*}, and native methods. So is a JAR that defines classes outside its own
 * packages (those of the systems its service file names that it has, and their subpackages) or in the JDK's or the
 * API's.
 *
 * <p>Thread-safe and stateless.
 */
public final class BytecodeCheck {

    /** The packages a plugin may not define classes in, whatever its own packages. */
    private static final List<String> RESERVED = List.of("java/", "javax/", "jakarta/", "jdk/", "sun/", "com/sun/",
            "io/dicehall/api/", "io/dicehall/web/systems/", "io/dicehall/web/platform/", "org/objectweb/asm/");

    /** java.lang classes rules code may use in full (members refused by name aside). */
    private static final Set<String> LANG = Set.of("Object", "String", "StringBuilder", "StringBuffer",
            "CharSequence", "Appendable", "Boolean", "Byte", "Short", "Integer", "Long", "Float", "Double", "Number",
            "Character", "Math", "StrictMath", "Comparable", "Iterable", "Runnable", "AutoCloseable", "Cloneable",
            "Record", "Enum", "Enum$EnumDesc", "Void", "StackTraceElement", "Throwable", "Deprecated", "Override",
            "FunctionalInterface", "SafeVarargs", "SuppressWarnings", "MatchException", "IncompatibleClassChangeError",
            "NoSuchFieldError");

    private static final Set<String> LANG_REFUSED_THROWABLES = Set.of("ThreadDeath");

    private static final Set<String> CLASS_MEMBERS = Set.of("getName", "getSimpleName", "getTypeName",
            "getCanonicalName", "isInstance", "cast", "isArray", "getComponentType", "getEnumConstants",
            "desiredAssertionStatus", "isEnum", "isRecord", "isPrimitive", "isInterface", "toString", "hashCode",
            "equals", "arrayType", "componentType", "descriptorString");

    private static final Set<String> SYSTEM_MEMBERS = Set.of("arraycopy", "identityHashCode", "lineSeparator");

    /** Members of otherwise allowed classes that read the environment, print, or start threads. */
    private static final Set<String> REFUSED_MEMBERS = Set.of("java/lang/Math.random", "java/lang/StrictMath.random",
            "java/lang/Integer.getInteger", "java/lang/Long.getLong", "java/lang/Boolean.getBoolean",
            "java/lang/Throwable.printStackTrace", "java/lang/Object.wait", "java/lang/Object.notify",
            "java/lang/Object.notifyAll", "java/util/UUID.randomUUID", "java/util/Collections.shuffle");

    /** Members refused on any JDK class: parallel streams run on the common fork-join pool's threads. */
    private static final Set<String> REFUSED_ANYWHERE = Set.of("parallel", "parallelStream", "wait", "notify",
            "notifyAll");

    private static final Set<String> UTIL_REFUSED = Set.of("ServiceLoader", "ResourceBundle", "Timer", "TimerTask",
            "Scanner", "Properties", "Random", "SplittableRandom", "PropertyResourceBundle", "ListResourceBundle",
            "Formatter$FormatterClosedException");

    private static final Set<String> CONCURRENT = Set.of("ConcurrentMap", "ConcurrentNavigableMap",
            "ConcurrentHashMap", "ConcurrentSkipListMap", "ConcurrentSkipListSet", "CopyOnWriteArrayList",
            "CopyOnWriteArraySet", "ConcurrentLinkedQueue", "ConcurrentLinkedDeque");

    private static final Set<String> IO = Set.of("Serializable", "Serial", "IOException", "UncheckedIOException");

    /** The bootstrap methods of invokedynamic that plain Java compiles to: owner.name. */
    private static final Set<String> BOOTSTRAPS = Set.of("java/lang/invoke/LambdaMetafactory.metafactory",
            "java/lang/invoke/LambdaMetafactory.altMetafactory",
            "java/lang/invoke/StringConcatFactory.makeConcatWithConstants",
            "java/lang/invoke/StringConcatFactory.makeConcat", "java/lang/runtime/ObjectMethods.bootstrap",
            "java/lang/runtime/SwitchBootstraps.typeSwitch", "java/lang/runtime/SwitchBootstraps.enumSwitch");

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
            if (RESERVED.stream().anyMatch(name::startsWith)) {
                findings.add(new Finding("a class in a package that belongs to the JDK or to this server", where));
            } else if (!ownPackages.isEmpty() && ownPackages.stream().noneMatch(p -> name.startsWith(p))) {
                findings.add(new Finding("a class outside the packages of the systems it names (" + String.join(", ",
                        ownPackages.stream().map(p -> p.isEmpty() ? "the unnamed package" : dotted(p.substring(0,
                                p.length() - 1))).toList()) + ")", where));
            }
            reader.accept(new Checker(own, findings), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
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

    /** @return why {@code owner} (an internal name) may not be used, or null when it may */
    static String refusedClass(String owner, Set<String> own) {
        String type = element(owner);
        if (type == null || own.contains(type) || type.startsWith("io/dicehall/api/")) {
            return null;
        }
        if (type.startsWith("java/lang/")) {
            String simple = type.substring("java/lang/".length());
            if (simple.contains("/")) {
                return "";
            }
            if (LANG.contains(simple) || simple.startsWith("Character$") || simple.equals("Class")
                    || simple.equals("System")) {
                return null;
            }
            if ((simple.endsWith("Exception") || simple.endsWith("Error")) && !simple.contains("$")
                    && !LANG_REFUSED_THROWABLES.contains(simple)) {
                return null;
            }
            return "";
        }
        if (type.startsWith("java/util/")) {
            String rest = type.substring("java/util/".length());
            if (rest.startsWith("function/") || rest.startsWith("stream/") || rest.startsWith("regex/")) {
                return null;
            }
            if (rest.startsWith("concurrent/atomic/")) {
                return null;
            }
            if (rest.startsWith("concurrent/")) {
                String simple = rest.substring("concurrent/".length());
                String outer = simple.contains("$") ? simple.substring(0, simple.indexOf('$')) : simple;
                return CONCURRENT.contains(outer) ? null : "";
            }
            if (rest.contains("/")) {
                return "";
            }
            String outer = rest.contains("$") ? rest.substring(0, rest.indexOf('$')) : rest;
            return UTIL_REFUSED.contains(outer) || UTIL_REFUSED.contains(rest) ? "" : null;
        }
        if (type.startsWith("java/math/") || type.startsWith("java/text/")) {
            return null;
        }
        if (type.startsWith("java/io/")) {
            return IO.contains(type.substring("java/io/".length())) ? null : "";
        }
        return "";
    }

    /** @return whether {@code owner.name} may be used, given its class may */
    static boolean memberAllowed(String owner, String name) {
        String type = element(owner);
        if (type == null || !type.startsWith("java/")) {
            return true;
        }
        if (REFUSED_ANYWHERE.contains(name) || REFUSED_MEMBERS.contains(type + "." + name)) {
            return false;
        }
        return switch (type) {
            case "java/lang/Class" -> CLASS_MEMBERS.contains(name);
            case "java/lang/System" -> SYSTEM_MEMBERS.contains(name);
            default -> true;
        };
    }

    /** @return the element class of an internal name or array descriptor, or null for primitives */
    private static String element(String internalOrDescriptor) {
        if (internalOrDescriptor.startsWith("[")) {
            Type type = Type.getType(internalOrDescriptor).getElementType();
            return type.getSort() == Type.OBJECT ? type.getInternalName() : null;
        }
        return internalOrDescriptor;
    }

    static String dotted(String internal) {
        return internal.replace('/', '.');
    }

    /** Visits one class, adding what it uses that it may not. */
    private static final class Checker extends ClassVisitor {
        private final Set<String> own;
        private final Set<Finding> findings;
        private String className;

        Checker(Set<String> own, Set<Finding> findings) {
            super(Opcodes.ASM9);
            this.own = own;
            this.findings = findings;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                String[] interfaces) {
            className = name;
            String where = dotted(name);
            if (superName != null) {
                type(superName, where + " (its superclass)");
            }
            if (interfaces != null) {
                for (String i : interfaces) {
                    type(i, where + " (an interface it implements)");
                }
            }
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            descriptor(descriptor, dotted(className) + "." + name);
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                String[] exceptions) {
            String where = dotted(className) + "." + name;
            if ((access & Opcodes.ACC_NATIVE) != 0) {
                findings.add(new Finding("a native method (JNI)", where));
            }
            descriptor(descriptor, where);
            if (exceptions != null) {
                for (String e : exceptions) {
                    type(e, where);
                }
            }
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public void visitTypeInsn(int opcode, String type) {
                    type(type, where);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String fieldName, String fieldDescriptor) {
                    member(owner, fieldName, fieldDescriptor, where);
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String methodName, String methodDescriptor,
                        boolean isInterface) {
                    member(owner, methodName, methodDescriptor, where);
                }

                @Override
                public void visitInvokeDynamicInsn(String indyName, String indyDescriptor, Handle bootstrap,
                        Object... arguments) {
                    if (!BOOTSTRAPS.contains(bootstrap.getOwner() + "." + bootstrap.getName())) {
                        findings.add(new Finding("invokedynamic with the bootstrap method "
                                + dotted(bootstrap.getOwner()) + "." + bootstrap.getName(), where));
                    }
                    descriptor(indyDescriptor, where);
                    for (Object argument : arguments) {
                        constant(argument, where);
                    }
                }

                @Override
                public void visitLdcInsn(Object value) {
                    constant(value, where);
                }

                @Override
                public void visitMultiANewArrayInsn(String arrayDescriptor, int dims) {
                    descriptor(arrayDescriptor, where);
                }

                @Override
                public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                    if (type != null) {
                        type(type, where);
                    }
                }
            };
        }

        private void constant(Object value, String where) {
            if (value instanceof Type type) {
                if (type.getSort() == Type.METHOD) {
                    descriptor(type.getDescriptor(), where);
                } else if (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY) {
                    type(type.getSort() == Type.OBJECT ? type.getInternalName() : type.getDescriptor(), where);
                }
            } else if (value instanceof Handle handle) {
                member(handle.getOwner(), handle.getName(), handle.getDesc(), where);
            } else if (value instanceof ConstantDynamic dynamic) {
                findings.add(new Finding("a dynamic constant with the bootstrap method "
                        + dotted(dynamic.getBootstrapMethod().getOwner()) + "." + dynamic.getBootstrapMethod().getName(),
                        where));
            }
        }

        private void type(String internal, String where) {
            if (refusedClass(internal, own) != null) {
                findings.add(new Finding(dotted(element(internal)), where));
            }
        }

        private void descriptor(String descriptor, String where) {
            Type type = Type.getType(descriptor);
            if (type.getSort() == Type.METHOD) {
                type(type.getReturnType(), where);
                for (Type argument : type.getArgumentTypes()) {
                    type(argument, where);
                }
            } else {
                type(type, where);
            }
        }

        private void type(Type type, String where) {
            if (type.getSort() == Type.ARRAY) {
                type = type.getElementType();
            }
            if (type.getSort() == Type.OBJECT) {
                type(type.getInternalName(), where);
            }
        }

        private void member(String owner, String name, String descriptor, String where) {
            String refused = refusedClass(owner, own);
            String used = dotted(element(owner) == null ? owner : element(owner)) + "." + name;
            if (refused != null || !memberAllowed(owner, name)) {
                findings.add(new Finding(used, where));
                return;
            }
            descriptor(descriptor, where);
        }
    }
}
