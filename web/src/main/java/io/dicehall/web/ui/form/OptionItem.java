package io.dicehall.web.ui.form;

import io.dicehall.api.form.Option;
import io.dicehall.web.ui.roll.DieView;
import java.io.Serializable;

/**
 * One option of a choice or a pick, with the HTML id of its radio button or tick box.
 *
 * <p>When the option's value is the id of a die on the table (a pick of dice to re-roll), the page draws
 * that die beside it.
 */
public final class OptionItem implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String value;
    private final String label;
    private final String help;
    private String id;
    private DieView die;

    OptionItem(Option option) {
        value = option.value();
        label = option.label();
        help = option.help();
    }

    private OptionItem(OptionItem other) {
        value = other.value;
        label = other.label;
        help = other.help;
        id = other.id;
        die = other.die;
    }

    OptionItem copy() {
        return new OptionItem(this);
    }

    /** Places each option of a field, in order, under the field's id. */
    static void placeAll(java.util.List<OptionItem> options, String fieldId) {
        for (int i = 0; i < options.size(); i++) {
            options.get(i).place(fieldId, i);
        }
    }

    void place(String fieldId, int index) {
        id = fieldId + "_" + index;
    }

    void show(DieView shown) {
        die = shown;
    }

    public String getValue() {
        return value;
    }

    public String getLabel() {
        return label;
    }

    public String getHelp() {
        return help;
    }

    public String getId() {
        return id;
    }

    public String getHelpId() {
        return id + "-help";
    }

    /** @return the die this option names, or null */
    public DieView getDie() {
        return die;
    }
}
