package io.dicehall.systems.fate;

import io.dicehall.api.form.Option;
import java.util.Arrays;
import java.util.List;

/** What a create-an-advantage roll works on; the rules read its outcomes differently for each. */
enum AspectKind {
    NEW("new", "A new aspect", "You place a new situation aspect on a place, an ally or an opponent."),
    KNOWN("existing-known", "An existing aspect, known", "You exploit an aspect everyone already knows about."),
    UNKNOWN("existing-unknown", "An existing aspect, hidden", "You look for an aspect nobody has revealed yet.");

    final String value;
    final String label;
    final String help;

    AspectKind(String value, String label, String help) {
        this.value = value;
        this.label = label;
        this.help = help;
    }

    static List<Option> options() {
        return Arrays.stream(values()).map(k -> new Option(k.value, k.label, k.help)).toList();
    }

    static AspectKind of(String value) {
        return Arrays.stream(values()).filter(k -> k.value.equals(value)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no aspect kind " + value));
    }
}
