package io.dicehall.api.contract;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.TextField;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Raw inputs drawn at random from a form: legal ones, and garbage. Deterministic given its seed. A text field takes
 * one of the values its text source gives for it (see {@link #RandomInputs(long, Function)}), or, where that gives
 * none, a short name of the kit's own ("Ada", "Zoë", markup and quotes to escape).
 */
public final class RandomInputs {

    private static final String[] TEXTS = {"Ada", "<b>Bold</b> & \"quoted\"", "Zoë", "x", "O'Neil", "  padded  "};

    private final SplittableRandom random;
    private final Function<TextField, List<String>> texts;

    /** @return the short names the kit puts in a text field for which it is given no values */
    static List<String> ownTexts() {
        return List.of(TEXTS);
    }

    /** @param seed the seed; the same seed gives the same inputs */
    public RandomInputs(long seed) {
        this(seed, field -> List.of());
    }

    /**
     * @param seed the seed; the same seed gives the same inputs
     * @param texts the legal values of a text field, for text the kit cannot make up (dice notation, a code); an
     *     empty list leaves the field to the kit's own short names
     * @since 0.3
     */
    public RandomInputs(long seed, Function<TextField, List<String>> texts) {
        this.random = new SplittableRandom(seed);
        this.texts = java.util.Objects.requireNonNull(texts, "texts");
    }

    /** @return raw values that satisfy every field of the form */
    public Map<String, Object> legal(Form form) {
        var values = new LinkedHashMap<String, Object>();
        for (Field field : form.fields()) {
            values.put(field.name(), legal(field));
        }
        return values;
    }

    private Object legal(Field field) {
        if (field instanceof IntegerField f) {
            return f.min() + random.nextInt(f.max() - f.min() + 1);
        } else if (field instanceof ChoiceField f) {
            return f.options().get(random.nextInt(f.options().size())).value();
        } else if (field instanceof FlagField) {
            return random.nextBoolean();
        } else if (field instanceof TextField f) {
            List<String> given = texts.apply(f);
            if (given != null && !given.isEmpty()) {
                return given.get(random.nextInt(given.size()));
            }
            String text = TEXTS[random.nextInt(TEXTS.length)];
            text = text.length() > f.maxLength() ? text.substring(0, f.maxLength()) : text;
            return f.required() && text.isBlank() ? f.defaultValue() : text;
        } else if (field instanceof PickField f) {
            var values = new ArrayList<>(f.options().stream().map(Option::value).toList());
            Collections.shuffle(values, new java.util.Random(random.nextLong()));
            int most = Math.min(values.size(), f.maxPicks());
            int count = f.minPicks() + random.nextInt(most - f.minPicks() + 1);
            return List.copyOf(values.subList(0, count));
        }
        GroupField group = (GroupField) field;
        int rows = group.minRows() + random.nextInt(Math.min(group.maxRows(), group.minRows() + 4) - group.minRows() + 1);
        var list = new ArrayList<Object>();
        for (int i = 0; i < rows; i++) {
            list.add(legal(group.fields()));
        }
        return list;
    }

    /** @return raw values that break the form in one or more ways, or are not a map at all */
    public Object garbage(Form form) {
        switch (random.nextInt(6)) {
            case 0:
                return List.of(1, 2, 3);
            case 1:
                return "inputs";
            case 2: {
                var values = new LinkedHashMap<String, Object>(legal(form));
                values.put("faces", List.of(6, 6, 6));
                return values;
            }
            default: {
                var values = new LinkedHashMap<String, Object>(legal(form));
                if (form.fields().isEmpty()) {
                    values.put("unknown-field", 1);
                    return values;
                }
                Field victim = form.fields().get(random.nextInt(form.fields().size()));
                values.put(victim.name(), wrong(victim));
                return values;
            }
        }
    }

    private Object wrong(Field field) {
        Object[] junk = {
            new java.math.BigInteger("1000000000000000000000000000"), -1_000_000_000L, 2.5, "six", true,
            List.of(), Map.of("deep", Map.of("deeper", List.of())), "<script>alert(1)</script>",
            "x".repeat(20_000), "\u0000"
        };
        if (field instanceof IntegerField f) {
            Object[] numbers = {(long) f.max() + 1, (long) f.min() - 1, 2.5, "3", true, junk[0]};
            return numbers[random.nextInt(numbers.length)];
        }
        if (field instanceof FlagField) {
            Object[] flags = {"yes", 1, List.of(true)};
            return flags[random.nextInt(flags.length)];
        }
        if (field instanceof TextField) {
            Object[] texts = {"x".repeat(20_000), "bell\u0007", 12, List.of("a")};
            return texts[random.nextInt(texts.length)];
        }
        if (field instanceof GroupField g) {
            Object[] groups = {
                Collections.nCopies(g.maxRows() + 1, Map.of()), List.of("row"), Map.of("row", 1),
                List.of(Map.of("no-such-field", 1))
            };
            return groups[random.nextInt(groups.length)];
        }
        if (field instanceof PickField) {
            Object[] picks = {List.of("no-such-option"), "d1", List.of(1, 2)};
            return picks[random.nextInt(picks.length)];
        }
        Object[] choices = {"no-such-option", 3, List.of("a")};
        return choices[random.nextInt(choices.length)];
    }

    /** @return a fresh long from the same stream, to seed dice */
    public long nextSeed() {
        return random.nextLong();
    }

    /** @return a whole number in {@code 0..bound-1} from the same stream */
    public int nextInt(int bound) {
        return random.nextInt(bound);
    }
}
