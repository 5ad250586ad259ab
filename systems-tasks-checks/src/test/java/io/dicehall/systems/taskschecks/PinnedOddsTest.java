package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Pins the exact odds of a spread of rolls, so that the odds code can be made faster without
 * changing a single number: pre-roll odds (outcomes, flags, both plans) and the decision odds of
 * {@code kiss} and {@code ego} on seeded states, before and after the other move. The expected text
 * is {@code pinned-odds.txt}; each run writes what it computed to
 * {@code target/pinned-odds.actual.txt} to compare with.
 */
class PinnedOddsTest {

    private static final int SEEDS = 3;

    private final OpposedTaskProcedure opposed = new OpposedTaskProcedure();
    private final TaskProcedure task = new TaskProcedure();
    private final VersusCheckProcedure versus = new VersusCheckProcedure();
    private final CheckProcedure check = new CheckProcedure();
    private final GroupCheckProcedure group = new GroupCheckProcedure();

    private static List<Object> helpers(int... ranks) {
        List<Object> rows = new ArrayList<>();
        for (int rank : ranks) {
            rows.add(map("name", "H" + rank, "rank", rank));
        }
        return rows;
    }

    /** A Task's or a side's inputs: level, rank, kisses, health, objectives, difficulty, helpers. */
    private static Map<String, Object> task(String name, int level, int rank, int kisses, int health, int objectives,
            int difficulty, List<Object> helpers) {
        // one help die per helper, each at their own rank, so that help dice at several ranks stay pinned
        return map("name", name, "job-level", level, "rank", rank, "kisses", kisses, "health", health,
                "objectives", objectives, "difficulty-factors", difficulty, "stressful", true, "helpers", helpers,
                "help-rank", "each");
    }

    private static Map<String, Object> largest(String name, boolean fortune, int rank) {
        Map<String, Object> side = task(name, fortune ? 0 : 10, rank, 10, 10, 4, 4,
                helpers(2, 2, 2, 2, 2, 2, 2, 2));
        side.put("bonus-dice", fortune ? 0 : 10);
        return side;
    }

    private static Map<String, Object> sides(Object... sides) {
        return map("sides", List.of(sides));
    }

    private Map<String, Map.Entry<Procedure, Map<String, Object>>> cases() {
        var cases = new LinkedHashMap<String, Map.Entry<Procedure, Map<String, Object>>>();
        cases.put("opposed largest", Map.entry(opposed, sides(largest("A", false, 2), largest("B", false, 2),
                largest("C", false, 2), largest("D", false, 2))));
        cases.put("opposed largest fortune", Map.entry(opposed, sides(largest("A", true, 6), largest("B", true, 6),
                largest("C", true, 6), largest("D", true, 6))));
        cases.put("opposed fortune against a pool", Map.entry(opposed, sides(
                task("A", 3, 4, 1, 0, 1, 1, helpers(5)),
                task("B", 0, 5, 2, 3, 1, 0, helpers(3, 6)))));
        Map<String, Object> stressed = task("B", 4, 3, 2, 0, 2, 1, helpers(2));
        stressed.put("stress", 1);
        stressed.put("offered-dice", 1);
        cases.put("opposed three ranks", Map.entry(opposed, sides(
                task("A", 2, 1, 1, 0, 1, 0, helpers()),
                stressed,
                task("C", 5, 6, 3, 2, 2, 2, helpers(6, 4, 1)))));
        cases.put("opposed two bare dice of fortune", Map.entry(opposed, sides(
                task("A", 0, 5, 0, 0, 1, 0, helpers()),
                task("B", 0, 5, 1, 2, 1, 1, helpers()))));
        cases.put("opposed four mixed", Map.entry(opposed, sides(
                task("A", 0, 5, 1, 4, 1, 0, helpers(4)),
                task("B", 0, 3, 3, 1, 2, 2, helpers(2, 6)),
                task("C", 6, 5, 2, 0, 1, 1, helpers()),
                task("D", 2, 2, 0, 3, 4, 4, helpers(6, 6, 3)))));
        cases.put("opposed three alike", Map.entry(opposed, sides(
                task("A", 10, 3, 4, 0, 2, 3, helpers(4, 4)),
                task("B", 10, 3, 4, 0, 2, 3, helpers(4, 4)),
                task("C", 10, 3, 4, 0, 2, 3, helpers(4, 4)))));
        cases.put("opposed three alike fortunes", Map.entry(opposed, sides(
                task("A", 0, 6, 3, 5, 2, 1, helpers(3, 5)),
                task("B", 0, 6, 3, 5, 2, 1, helpers(3, 5)),
                task("C", 0, 6, 3, 5, 2, 1, helpers(3, 5)))));
        cases.put("opposed equal factors tie", Map.entry(opposed, sides(
                task("A", 3, 4, 1, 0, 1, 0, helpers()),
                task("B", 3, 4, 1, 0, 1, 0, helpers()))));
        cases.put("opposed objectives do not break ties", Map.entry(opposed, sides(
                task("A", 3, 4, 1, 0, 3, 0, helpers()),
                task("B", 3, 4, 1, 0, 1, 1, helpers(5)))));
        Map<String, Object> monster = task("", 10, 2, 4, 0, 1, 12, helpers(2, 2));
        monster.put("bonus-dice", 6);
        monster.remove("name");
        cases.put("task against a monster's twelve factors", Map.entry(task, monster));
        Map<String, Object> pool = task("", 8, 4, 3, 2, 2, 3, helpers(2, 5, 6));
        pool.remove("name");
        cases.put("task pool", Map.entry(task, pool));
        Map<String, Object> fortune = task("", 0, 5, 4, 6, 1, 2, helpers(2, 4, 6));
        fortune.remove("name");
        cases.put("task fortune", Map.entry(task, fortune));
        cases.put("versus three", Map.entry(versus, map("contestants", List.of(
                map("name", "A", "rank", 2, "stress", 0, "kisses", 2),
                map("name", "B", "rank", 4, "stress", 1, "kisses", 1),
                map("name", "C", "rank", 6, "stress", 2, "kisses", 0)))));
        cases.put("check", Map.entry(check, map("rank", 3, "stress", 1, "kisses", 2, "stressful", true)));
        cases.put("group four", Map.entry(group, map("participants", List.of(
                map("name", "A", "rank", 2, "stress", 0, "kisses", 1),
                map("name", "B", "rank", 5, "stress", 1, "kisses", 2),
                map("name", "C", "rank", 6, "stress", 0, "kisses", 0),
                map("name", "D", "rank", 3, "stress", 2, "kisses", 3)), "stressful", true)));
        return cases;
    }

    @Test
    void oddsAreExactlyThePinnedOnes() throws IOException {
        var lines = new ArrayList<String>();
        cases().forEach((name, c) -> lines.addAll(lines(name, c.getKey(), c.getValue())));
        String actual = String.join("\n", lines) + "\n";
        Path out = Path.of("target", "pinned-odds.actual.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, actual);
        try (InputStream expected = PinnedOddsTest.class.getResourceAsStream("/pinned-odds.txt")) {
            assertNotNull(expected, "no pinned-odds.txt; the computed odds are in " + out);
            List<String> pinned = new String(expected.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertEquals(pinned.size(), lines.size(), "line count; the computed odds are in " + out);
            for (int i = 0; i < lines.size(); i++) {
                assertEquals(pinned.get(i), lines.get(i), "line " + (i + 1) + "; the computed odds are in " + out);
            }
        }
    }

    /** The pre-roll odds, then the decision odds on a few seeded states. */
    private static List<String> lines(String name, Procedure procedure, Map<String, Object> raw) {
        Inputs inputs = InputChecker.check(procedure.form(), raw).orThrow();
        var lines = new ArrayList<String>();
        lines.add(name + " | pre-roll | " + text(procedure.odds(inputs)));
        for (long seed = 1; seed <= SEEDS; seed++) {
            RollState state = procedure.start(inputs, Dice.seeded(seed));
            String at = name + " | seed " + seed;
            decide(procedure, inputs, state, "kiss", at).ifPresent(lines::add);
            decide(procedure, inputs, state, "ego", at).ifPresent(lines::add);
            Optional<Move> ego = move(procedure, inputs, state, "ego");
            if (ego.isPresent()) {
                RollState after = procedure.apply(inputs, state, ego.get(), Dice.seeded(seed + 100));
                decide(procedure, inputs, after, "kiss", at + " after ego").ifPresent(lines::add);
            }
            Optional<Move> kiss = move(procedure, inputs, state, "kiss");
            if (kiss.isPresent()) {
                RollState after = procedure.apply(inputs, state, kiss.get(), Dice.seeded(seed + 200));
                decide(procedure, inputs, after, "ego", at + " after kiss").ifPresent(lines::add);
            }
        }
        return lines;
    }

    private static Optional<String> decide(Procedure procedure, Inputs inputs, RollState state, String id, String at) {
        return move(procedure, inputs, state, id)
                .map(move -> at + " | " + id + " " + move.inputs() + " | "
                        + text(procedure.odds(inputs, state, move).orElseThrow()));
    }

    /**
     * The move with the most picks the rules allow: KISS every failed die its owner can pay for (the
     * first of them in table order, up to the owner's KISSes, dropping Ego dice), Ego for everyone.
     */
    private static Optional<Move> move(Procedure procedure, Inputs inputs, RollState state, String id) {
        Optional<MoveOption> option = state.move(id);
        if (option.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> raw = map();
        if (option.get().form().field("dice").orElse(null) instanceof PickField pick) {
            var picked = new ArrayList<String>();
            for (Option die : pick.options()) {
                if (state.die(die.value()).orElseThrow().verdict() != io.dicehall.api.state.Verdict.FAILURE) {
                    continue; // failed dice only, as pinned before successes could be picked
                }
                picked.add(die.value());
                Move trial = new Move(id, InputChecker.check(option.get().form(), map("dice", picked)).orThrow());
                if (!procedure.checkMove(inputs, state, trial).isEmpty()) {
                    picked.remove(picked.size() - 1);
                }
            }
            if (picked.isEmpty()) {
                return Optional.empty();
            }
            raw.put("dice", picked);
        }
        if (option.get().form().field("who").orElse(null) instanceof PickField pick) {
            raw.put("who", pick.options().stream().map(Option::value).toList());
        }
        return Optional.of(new Move(id, InputChecker.check(option.get().form(), raw).orThrow()));
    }

    private static String text(Odds odds) {
        var parts = new ArrayList<String>();
        parts.add("outcomes " + chances(odds.outcomes()));
        parts.add("flags " + chances(odds.flags()));
        for (Plan plan : odds.plans()) {
            parts.add(plan.id() + " " + chances(plan.outcomes()));
        }
        odds.figures().forEach(f -> parts.add(f.id() + " " + f.text()));
        return String.join(" | ", parts);
    }

    private static String chances(List<Chance> chances) {
        return String.join(" ", chances.stream().map(c -> c.id() + "=" + c.probability()).toList());
    }
}
