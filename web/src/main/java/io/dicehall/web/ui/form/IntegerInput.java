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
