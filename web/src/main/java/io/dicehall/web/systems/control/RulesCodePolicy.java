package io.dicehall.web.systems.control;

import java.util.List;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * What rules code may use, by name: the policy {@link BytecodeCheck} applies to each class, member and bootstrap
 * method a plugin's bytecode refers to. Rules code may use its own classes, the API ({@code io.dicehall.api..}) and
 * the pure parts of the JDK:
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
 * {@code javax.*} and {@code jakarta.*}, and native methods; and defining classes in the JDK's packages, the API's
 * or this server's.
 *
 * <p>Stateless.
 */
final class RulesCodePolicy {

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

    private RulesCodePolicy() {
    }

    /** @return whether a class of this internal name sits in a package reserved to the JDK or to this server */
    static boolean reserved(String internalName) {
        return RESERVED.stream().anyMatch(internalName::startsWith);
    }

    /** @return whether an invokedynamic may use this bootstrap method ({@code owner} an internal name) */
    static boolean bootstrapAllowed(String owner, String name) {
        return BOOTSTRAPS.contains(owner + "." + name);
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
    static String element(String internalOrDescriptor) {
        if (internalOrDescriptor.startsWith("[")) {
            Type type = Type.getType(internalOrDescriptor).getElementType();
            return type.getSort() == Type.OBJECT ? type.getInternalName() : null;
        }
        return internalOrDescriptor;
    }
}
