package io.dicehall.web.ui.form;

import io.dicehall.api.form.TextField;
import java.util.Map;

/** A short line of free text. Pages show it only through escaping output. */
public final class TextInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final int maxLength;
    private final boolean required;
    private final String defaultValue;
    private String value;

    TextInput(TextField field) {
        super(field);
        maxLength = field.maxLength();
        required = field.required();
        defaultValue = field.defaultValue();
        value = defaultValue;
    }

    private TextInput(TextInput other) {
        super(other);
        maxLength = other.maxLength;
        required = other.required;
        defaultValue = other.defaultValue;
        value = defaultValue;
    }

    @Override
    FieldInput fresh() {
        return new TextInput(this);
    }

    @Override
    Object raw() {
        return value;
    }

    /** Keeps a little more than the limit, so the checker still sees (and names) text that is too long. */
    @Override
    void read(Map<String, String[]> params) {
        String sent = first(params, getId(), 4 * maxLength + 1);
        value = sent == null ? "" : sent;
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof String text) {
            value = text;
        }
    }

    @Override
    public String getKind() {
        return "text";
    }

    public int getMaxLength() {
        return maxLength;
    }

    public boolean isRequired() {
        return required;
    }

    public String getValue() {
        return value;
    }

    @Override
    public String getCurrentText() {
        return value == null ? "" : value.strip();
    }
}
