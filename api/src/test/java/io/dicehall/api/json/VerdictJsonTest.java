package io.dicehall.api.json;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.state.Die;
import io.dicehall.api.state.Verdict;
import jakarta.json.bind.Jsonb;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Every verdict is written as its lower-case word and reads back as itself, the uncounted die too. */
class VerdictJsonTest {

    @Test
    void everyVerdictRoundTripsAsALowerCaseWord() throws Exception {
        try (Jsonb json = ApiJson.create()) {
            for (Verdict verdict : Verdict.values()) {
                Die die = Die.of("d1", 6, 3, verdict).rerolled(2, "2", verdict);
                String text = json.toJson(die);
                assertThat(text, containsString("\"verdict\":\"" + verdict.name().toLowerCase(Locale.ROOT) + "\""));
                assertThat(json.fromJson(text, Die.class), is(die));
                assertThat(json.fromJson(text, Die.class).verdict(), is(verdict));
            }
        }
    }

    @Test
    void aDroppedDieIsUncounted() throws Exception {
        try (Jsonb json = ApiJson.create()) {
            String text = json.toJson(Die.of("d3", 6, 1, Verdict.UNCOUNTED));
            assertThat(text, containsString("\"verdict\":\"uncounted\""));
            assertThat(json.fromJson("{\"id\":\"d3\",\"type\":\"d6\",\"sides\":6,\"face\":1,\"reading\":\"1\","
                    + "\"verdict\":\"uncounted\"}", Die.class).verdict(), is(Verdict.UNCOUNTED));
        }
    }
}
