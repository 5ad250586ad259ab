package io.dicehall.web.tables.control;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Display names at a table compared as people read them: "Bo", " bo " and "BO" are one name, and so are
 * "Ada  Lovelace" and "ada lovelace". Two seats never share a name, and a guest never rolls under a seat's.
 */
public final class SeatNames {

    /** Any run of white space, Unicode's included (no-break spaces, ideographic spaces). */
    private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}]+", Pattern.UNICODE_CHARACTER_CLASS);

    private SeatNames() {
    }

    /**
     * @return the name's key for comparing: trimmed, each run of spaces made one space, case-folded (upper,
     *     then lower case, in the root locale, so that "Straße" and "STRASSE" meet); null for null
     */
    public static String key(String name) {
        if (name == null) {
            return null;
        }
        String collapsed = SPACES.matcher(name).replaceAll(" ").strip();
        return collapsed.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }

    /** @return whether the two names are the same name */
    public static boolean same(String a, String b) {
        return a != null && b != null && key(a).equals(key(b));
    }

    /** @return the first of {@code taken} that is the same name as {@code name} */
    public static Optional<String> clash(String name, Collection<String> taken) {
        return taken.stream().filter(t -> same(t, name)).findFirst();
    }
}
