package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.move;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.RollState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Pins the exact odds of the extended roll, pre-roll and for {@code roll-again}, over every TN and
 * difficulty and a spread of pools, goals and one-time bonuses: any change to the chain's arithmetic
 * must give the very same fractions, figures and texts.
 *
 * <p>Each line of {@code extended-odds.pinned} is a case key, the SHA-256 of the odds written out in
 * full (every fraction exactly, every figure's value and text, the note) and a short readable summary.
 * The full text of the largest cases runs to thousands of digits, hence the digest. To write the file
 * afresh (only when the odds are meant to change), run {@link #main} with the file's path.
 */
class ExtendedOddsPinTest {

    private static final String RESOURCE = "extended-odds.pinned";
    private static final String[] DIFFICULTIES = {"simple", "normal", "difficult", "masterful", "nigh-impossible"};
    /** In-progress states per seeded game at which the decision odds are pinned. */
    private static final int STATES_PER_GAME = 4;

    private static final ExtendedProcedure EXTENDED = new ExtendedProcedure();

    @Test
    void theOddsAreExactlyAsPinned() throws IOException {
        Map<String, String[]> pinned = read();
        Map<String, String[]> now = compute();
        assertThat("the cases pinned", now.keySet(), equalTo(pinned.keySet()));
        for (var entry : now.entrySet()) {
            String[] expected = pinned.get(entry.getKey());
            assertThat(entry.getKey() + " (now " + entry.getValue()[1] + ", pinned " + expected[1] + ")",
                    entry.getValue()[0], is(expected[0]));
        }
    }

    /** The largest legal extended roll (the benchmark's), at a TN and difficulty. */
    static Map<String, Object> largest(int tn, String difficulty, boolean bonusFirst) {
        var raw = new LinkedHashMap<String, Object>();
        raw.put("dice", 30);
        raw.put("tn", tn);
        raw.put("bonus-dice", 10);
        raw.put("difficulty", difficulty);
        raw.put("base-time", 60_000);
        raw.put("extra-steps", 5);
        raw.put("interrupted", false);
        raw.put("other-actions", false);
        raw.put("quality", "terrible");
        raw.put("time-taken", "plus-100");
        raw.put("tools", "exceptional");
        raw.put("environment-dice", 4);
        raw.put("one-time-bonus", 5);
        raw.put("use-one-time-bonus", bonusFirst);
        return raw;
    }

    /** The setups pinned, by key: each TN × difficulty × a few shapes of pool, goal and bonus. */
    static Map<String, Map<String, Object>> setups() {
        var setups = new LinkedHashMap<String, Map<String, Object>>();
        for (int tn = 0; tn <= 8; tn++) {
            for (String difficulty : DIFFICULTIES) {
                String at = "tn" + tn + "/" + difficulty + "/";
                setups.put(at + "largest", largest(tn, difficulty, false));
                setups.put(at + "largest-bonus-first", largest(tn, difficulty, true));
                setups.put(at + "middle", Map.of("dice", 12, "tn", tn, "bonus-dice", 3, "difficulty", difficulty,
                        "extra-steps", 2, "quality", "low", "one-time-bonus", 3, "base-time", 90));
                setups.put(at + "plain", Map.of("dice", 6, "tn", tn, "difficulty", difficulty));
                setups.put(at + "one-die", Map.of("dice", 3, "tn", tn, "bonus-dice", -10, "difficulty", difficulty,
                        "extra-steps", 1, "interrupted", true, "one-time-bonus", 2));
            }
        }
        return setups;
    }

    /** @return per case key: {digest of the full text, summary} */
    static Map<String, String[]> compute() {
        var cases = new LinkedHashMap<String, String[]>();
        for (var setup : setups().entrySet()) {
            Inputs in = inputs(EXTENDED, setup.getValue());
            cases.put(setup.getKey() + "/pre-roll", describe(EXTENDED.odds(in)));
            Dice dice = Dice.seeded(3);
            RollState state = EXTENDED.start(in, dice);
            for (int n = 0; n < STATES_PER_GAME && !state.complete(); n++) {
                String at = setup.getKey() + "/roll-" + state.memoInt("rolls", 0) + "-total-"
                        + state.memoInt("total", 0) + "/roll-again";
                for (boolean bonus : new boolean[] {false, true}) {
                    Move move = move(state, ExtendedProcedure.ROLL_AGAIN, Map.of(ExtendedProcedure.USE_BONUS, bonus));
                    if (EXTENDED.checkMove(in, state, move).isEmpty()) {
                        cases.put(at + (bonus ? "+bonus" : ""), describe(EXTENDED.odds(in, state, move).orElseThrow()));
                    }
                }
                state = EXTENDED.apply(in, state, move(state, ExtendedProcedure.ROLL_AGAIN,
                        Map.of(ExtendedProcedure.USE_BONUS, false)), dice);
            }
        }
        return cases;
    }

    /** @return {SHA-256 of the odds in full, a short readable summary} */
    static String[] describe(Odds odds) {
        var full = new StringBuilder();
        odds.outcomes().forEach(c -> full.append("outcome ").append(chance(c)).append('\n'));
        odds.flags().forEach(c -> full.append("flag ").append(chance(c)).append('\n'));
        for (Plan plan : odds.plans()) {
            full.append("plan ").append(plan.id()).append(' ').append(plan.label()).append('\n');
            plan.outcomes().forEach(c -> full.append("  ").append(chance(c)).append('\n'));
        }
        for (Figure figure : odds.figures()) {
            full.append("figure ").append(figure.id()).append(' ').append(figure.label()).append(' ')
                    .append(figure.value()).append(' ').append(figure.text()).append('\n');
        }
        full.append("note ").append(odds.note()).append('\n');
        String summary = String.format(Locale.ROOT, "completed≈%.6f", odds.probability("completed").toDouble())
                + odds.figures().stream().map(f -> " " + f.text()).reduce("", String::concat);
        return new String[] {sha256(full.toString()), summary};
    }

    private static String chance(Chance c) {
        return c.id() + " " + c.label() + " " + c.probability();
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String[]> read() throws IOException {
        var pinned = new LinkedHashMap<String, String[]>();
        try (InputStream in = Objects.requireNonNull(ExtendedOddsPinTest.class.getResourceAsStream(RESOURCE))) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] parts = line.split("\t");
                pinned.put(parts[0], new String[] {parts[1], parts[2]});
            }
        }
        return pinned;
    }

    /** Writes the pinned file afresh from the current code: {@code args[0]} is its path. */
    public static void main(String[] args) throws IOException {
        var lines = new ArrayList<String>();
        compute().forEach((key, value) -> lines.add(key + "\t" + value[0] + "\t" + value[1]));
        Files.write(Path.of(args[0]), lines, StandardCharsets.UTF_8);
    }
}
