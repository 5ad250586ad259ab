package io.dicehall.web.characters.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.TextField;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A form's inputs against a character's values: which character fields differ, and only those. */
class DifferencesTest {

    private static final Form FORM = new Form(List.of(IntegerField.of("rank", "Rank", 0, 6, 1),
            IntegerField.of("edge", "Edge", 0, 3, 0), TextField.of("goal", "Goal", 40)), Set.of(),
            Set.of("rank", "edge"), Map.of());

    @Test
    void onlyCharacterFieldsThatDifferAreNamed() {
        var differ = CharacterDifferences.of(FORM, Map.of("rank", 3, "edge", 1),
                Map.of("rank", 2, "edge", 1, "goal", "climb"));
        assertThat(differ, equalTo(List.of(new CharacterDifferences.Difference("rank", 2, 3))));
    }

    @Test
    void numbersCompareByValueAndAMissingInputDiffers() {
        assertThat(CharacterDifferences.of(FORM, Map.of("rank", 3, "edge", 1),
                Map.of("rank", new java.math.BigDecimal("3.0"), "edge", 1L)), is(empty()));
        assertThat(CharacterDifferences.of(FORM, Map.of("rank", 3), Map.of()),
                equalTo(List.of(new CharacterDifferences.Difference("rank", null, 3))));
        assertThat("a field the character has no value for is not compared",
                CharacterDifferences.of(FORM, Map.of("rank", 3), Map.of("rank", 3, "edge", 2)), is(empty()));
    }
}
