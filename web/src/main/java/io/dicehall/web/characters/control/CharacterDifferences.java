package io.dicehall.web.characters.control;

import io.dicehall.api.form.Field;
import io.dicehall.api.form.Form;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Where a form's inputs differ from a character's values, so that a page can offer "use the character's". */
public final class CharacterDifferences {

    private CharacterDifferences() {
    }

    /** A field whose value on a form differs from the character's. */
    public record Difference(String field, Object formValue, Object characterValue) {
    }

    /**
     * Compares a form's inputs with a character's values, field by field over the form's character fields. A
     * field absent from the inputs differs when the character has a value for it; numbers are compared by value.
     *
     * @return the fields that differ, in the form's order; empty when the form holds the character's values
     */
    public static List<Difference> of(Form form, Map<String, Object> character, Map<String, Object> inputs) {
        var out = new ArrayList<Difference>();
        for (Field field : form.fields()) {
            String name = field.name();
            if (!form.character().contains(name) || !character.containsKey(name)) {
                continue;
            }
            Object mine = inputs == null ? null : inputs.get(name);
            Object theirs = character.get(name);
            if (!sameValue(mine, theirs)) {
                out.add(new Difference(name, mine, theirs));
            }
        }
        return out;
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString())) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!sameValue(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }
}
