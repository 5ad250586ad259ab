package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Option;
import java.util.Arrays;

/** One option of a choice the rules name (a Challenge, a Risk, an Emotion …), as an enum constant. */
interface Choice {

    /** @return the value sent in the inputs, its name and its help, as the rules name them */
    Option named();

    /** @return the value sent in the inputs, lower-kebab-case */
    default String id() {
        return named().value();
    }

    /** @return the name players know it by */
    default String label() {
        return named().label();
    }

    /** @return what it means, in a sentence */
    default String help() {
        return named().help();
    }

    /** @return the option shown in the form */
    default Option option() {
        return named();
    }

    /** @return a choice field offering {@code values} in order, defaulting to {@code initial} */
    static <E extends Enum<E> & Choice> ChoiceField field(String name, String label, String help, E[] values,
            E initial) {
        return new ChoiceField(name, label, help, Arrays.stream(values).map(Choice::option).toList(), initial.id());
    }

    /**
     * @return the constant whose id is {@code id}
     * @throws IllegalArgumentException if none has it (checked inputs never get here)
     */
    static <E extends Enum<E> & Choice> E byId(E[] values, String id) {
        for (E value : values) {
            if (value.id().equals(id)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown option " + id);
    }
}
