package io.dicehall.web.ui.form;

import io.dicehall.api.form.IntegerField;
import java.math.BigDecimal;
import java.util.Map;

/** A whole number within bounds, typed into a number input. */
public final class IntegerInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final int min;
    private final int max;
    private final int defaultValue;
    private String value;
    private Map<Integer, String> names = Map.of();

    IntegerInput(IntegerField field) {
        super(field);
        min = field.min();
        max = field.max();
        defaultValue = field.defaultValue();
        value = String.valueOf(defaultValue);
    }

    private IntegerInput(IntegerInput other) {
        super(other);
        min = other.min;
        max = other.max;
        defaultValue = other.defaultValue;
        value = String.valueOf(defaultValue);
        names = other.names;
    }

    /** Names the values, e.g. a ladder's 3 "Good". */
    void name(Map<Integer, String> valueNames) {
        names = Map.copyOf(valueNames);
    }

    /** @return the bounds as players read them: "1 to 6", or signed when below zero, "−4 to +12" */
    public String getRange() {
        return min < 0 ? signed(min) + " to " + signed(max) : min + " to " + max;
    }

    private static String signed(int n) {
        return n < 0 ? "\u2212" + (-(long) n) : n == 0 ? "0" : "+" + n;
    }

    /** @return the name of the value as typed ("Good (+3)"), or empty when it has none */
    public String getValueName() {
        try {
            int n = Integer.parseInt(value.strip());
            String name = names.get(n);
            return name == null ? "" : name + " (" + (n > 0 ? "+" + n : n < 0 ? "\u2212" + (-(long) n) : "0") + ")";
        } catch (NumberFormatException notANumber) {
            return "";
        }
    }

    /** @return whether the values have names, so the page shows the name beside the number */
    public boolean isNamed() {
        return !names.isEmpty();
    }

    /** @return the names of the values as "3=Good (+3);…", for the page's script to follow typing */
    public String getNames() {
        var out = new StringBuilder();
        names.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            int n = e.getKey();
            out.append(out.length() == 0 ? "" : ";").append(n).append('=').append(e.getValue()).append(" (")
                    .append(n > 0 ? "+" + n : n < 0 ? "\u2212" + (-(long) n) : "0").append(')');
        });
        return out.toString();
    }

    @Override
    public String getCurrentText() {
        String named = getValueName();
        return named.isEmpty() ? value.strip() : named;
    }

    @Override
    FieldInput fresh() {
        return new IntegerInput(this);
    }

    /** The typed text as a number where it is one, so the strict checker sees numbers; otherwise the text. */
    @Override
    Object raw() {
        String text = value.strip();
        if (text.length() <= 40) {
            try {
                return new BigDecimal(text);
            } catch (NumberFormatException notANumber) {
                return text;
            }
        }
        return text;
    }

    @Override
    void read(Map<String, String[]> params) {
        String sent = first(params, getId(), 60);
        value = sent == null ? "" : sent;
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof Number number) {
            value = String.valueOf(number.longValue());
        }
    }

    @Override
    public String getKind() {
        return "integer";
    }

    public int getMin() {
        return min;
    }

    public int getMax() {
        return max;
    }

    /** @return the value as typed */
    public String getValue() {
        return value;
    }
}
