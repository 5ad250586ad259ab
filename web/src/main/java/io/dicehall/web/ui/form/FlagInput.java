package io.dicehall.web.ui.form;

import io.dicehall.api.form.FlagField;
import java.util.Map;

/** A yes/no value: a tick box. */
public final class FlagInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final boolean defaultValue;
    private boolean checked;

    FlagInput(FlagField field) {
        super(field);
        defaultValue = field.defaultValue();
        checked = defaultValue;
    }

    private FlagInput(FlagInput other) {
        super(other);
        defaultValue = other.defaultValue;
        checked = defaultValue;
    }

    @Override
    FieldInput fresh() {
        return new FlagInput(this);
    }

    @Override
    Object raw() {
        return checked;
    }

    /** A tick box that is not ticked sends nothing. */
    @Override
    void read(Map<String, String[]> params) {
        checked = params.containsKey(getId());
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof Boolean b) {
            checked = b;
        }
    }

    @Override
    public String getKind() {
        return "flag";
    }

    @Override
    public String getCurrentText() {
        return io.dicehall.web.ui.faces.Labels.current().get(checked ? "input.yes" : "input.no");
    }

    public boolean isChecked() {
        return checked;
    }
}
