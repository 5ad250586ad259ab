package io.dicehall.api;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Lower-kebab-case ids, checked by hand, against the regular expression that defines them. */
class TextTest {

    private static final Pattern KEBAB = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    @Test
    void kebabCaseIsWhatTheExpressionSays() {
        String[] cases = {"", "a", "fate-condensed", "d6", "-a", "a-", "a--b", "A", "a_b", "a b", "ä", "9-9", "-",
            "a".repeat(64), "a".repeat(65)};
        for (String id : cases) {
            assertThat(id, Text.isKebab(id), is(id.length() <= 64 && KEBAB.matcher(id).matches()));
        }
        assertThat(Text.isKebab(null), is(false));
        var random = new Random(7);
        String alphabet = "ab9-Z_ ";
        for (int i = 0; i < 20_000; i++) {
            var id = new StringBuilder();
            for (int n = random.nextInt(8); n > 0; n--) {
                id.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = id.toString();
            assertThat(text, Text.isKebab(text), is(KEBAB.matcher(text).matches()));
        }
    }
}
