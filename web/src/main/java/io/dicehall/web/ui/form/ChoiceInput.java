package io.dicehall.web.ui.form;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.web.ui.faces.Labels;
import java.util.List;
import java.util.Map;

/**
 * One of a fixed list of options: radio buttons when any option has help to show beside it, otherwise a
 * select.
 */
public final class ChoiceInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final List<OptionItem> options;
    private final String defaultValue;
    private String value;

    ChoiceInput(ChoiceField field) {
        super(field);
        options = field.options().stream().map(OptionItem::new).toList();
        defaultValue = field.defaultValue();
        value = defaultValue;
        OptionItem.placeAll(options, getId());
    }

    private ChoiceInput(ChoiceInput other) {
        super(other);
        options = other.options.stream().map(OptionItem::copy).toList();
        defaultValue = other.defaultValue;
        value = defaultValue;
        OptionItem.placeAll(options, getId());
    }

    @Override
    void place(String parentPath, String parentId) {
        super.place(parentPath, parentId);
        OptionItem.placeAll(options, getId());
    }

    @Override
    FieldInput fresh() {
        return new ChoiceInput(this);
    }

    @Override
    Object raw() {
        return value;
    }

    @Override
    public String getCurrentText() {
        return options.stream().filter(o -> o.getValue().equals(value)).map(OptionItem::getLabel).findFirst().orElse("");
    }

    @Override
    void read(Map<String, String[]> params) {
        String sent = first(params, getId(), 200);
        value = sent == null ? "" : sent;
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof String text) {
            value = text;
        }
    }

    @Override
    String sentence(String rule, Labels labels) {
        // The checker lists option values; players know the labels.
        if (rule.startsWith("must be one of")) {
            return labels.get("choice.rule", getLabel(),
                    String.join(", ", options.stream().map(OptionItem::getLabel).toList()));
        }
        return super.sentence(rule, labels);
    }

    @Override
    public String getKind() {
        return "choice";
    }

    public List<OptionItem> getOptions() {
        return options;
    }

    /** @return whether to draw a row of radio buttons (a few options, or options with help) rather than a select */
    public boolean isRadio() {
        return options.size() <= 5 || isAnyHelp();
    }

    /** @return whether some option has help, shown on demand below the options */
    public boolean isAnyHelp() {
        return options.stream().anyMatch(o -> !o.getHelp().isEmpty());
    }

    public String getValue() {
        return value;
    }

    /** @return whether {@code option} is the chosen one */
    public boolean chosen(OptionItem option) {
        return option.getValue().equals(value);
    }
}
