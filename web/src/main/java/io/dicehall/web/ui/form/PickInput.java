package io.dicehall.web.ui.form;

import io.dicehall.api.form.PickField;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.DieView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Several distinct options, e.g. the failed dice to KISS: a group of tick boxes. */
public final class PickInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final List<OptionItem> options;
    private final int minPicks;
    private final int maxPicks;
    private final List<String> defaultValue;
    private final Set<String> picked = new LinkedHashSet<>();

    PickInput(PickField field) {
        super(field);
        options = field.options().stream().map(OptionItem::new).toList();
        minPicks = field.minPicks();
        maxPicks = field.maxPicks();
        defaultValue = List.copyOf(field.defaultValue());
        picked.addAll(defaultValue);
        OptionItem.placeAll(options, getId());
    }

    private PickInput(PickInput other) {
        super(other);
        options = other.options.stream().map(OptionItem::copy).toList();
        minPicks = other.minPicks;
        maxPicks = other.maxPicks;
        defaultValue = other.defaultValue;
        picked.addAll(defaultValue);
        OptionItem.placeAll(options, getId());
    }

    @Override
    void place(String parentPath, String parentId) {
        super.place(parentPath, parentId);
        OptionItem.placeAll(options, getId());
    }

    @Override
    FieldInput fresh() {
        return new PickInput(this);
    }

    /** @return the picks in the options' order */
    @Override
    Object raw() {
        return options.stream().map(OptionItem::getValue).filter(picked::contains).toList();
    }

    /** Ticked boxes each send their value; only values that are options are kept. */
    @Override
    void read(Map<String, String[]> params) {
        picked.clear();
        String[] sent = params.get(getId());
        if (sent != null) {
            for (String value : sent) {
                if (options.stream().anyMatch(o -> o.getValue().equals(value))) {
                    picked.add(value);
                }
            }
        }
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof List<?> list) {
            picked.clear();
            list.forEach(v -> picked.add(String.valueOf(v)));
        }
    }

    /** Draws each option's die beside it, where the option names a die on the table. */
    void showDice(Function<String, DieView> dice) {
        options.forEach(o -> o.show(dice.apply(o.getValue())));
    }

    @Override
    String sentence(String rule, Labels labels) {
        // The checker lists option values (die ids); players need the count.
        if (rule.startsWith("must be a list of") || rule.startsWith("must be one of")) {
            String key = minPicks == maxPicks ? "pick.rule.exactly"
                    : minPicks == 0 ? "pick.rule.atMost"
                    : maxPicks >= options.size() ? "pick.rule.atLeast"
                    : "pick.rule.between";
            return labels.get(key, getLabel(), minPicks, maxPicks);
        }
        return super.sentence(rule, labels);
    }

    @Override
    public String getKind() {
        return "pick";
    }

    public List<OptionItem> getOptions() {
        return options;
    }

    public int getMinPicks() {
        return minPicks;
    }

    public int getMaxPicks() {
        return maxPicks;
    }

    /** @return whether {@code option} is ticked */
    public boolean picked(OptionItem option) {
        return picked.contains(option.getValue());
    }

    /** @return the values ticked, in the options' order */
    public List<String> getPicked() {
        return new ArrayList<>(options.stream().map(OptionItem::getValue).filter(picked::contains).toList());
    }
}
