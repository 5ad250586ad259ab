package org.example.spi1;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Roll a pool of d6: each die at or above the target is a hit; no hit misses, one or two hit, three or more hit
 * greatly. After the throw, up to the re-rolls allowed, failed dice may be picked up and rolled once more.
 */
public class OldPool implements Procedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("miss", "Miss", Tone.BAD, "No die hit."),
            new Outcome("hit", "Hit", Tone.MIXED, "One or two dice hit."),
            new Outcome("great-hit", "Great hit", Tone.GOOD, "Three or more dice hit."));

    // The record's one-argument constructor, as SPI version 1 had it (the record has grown since).
    private static final Form FORM = new Form(List.of(
            IntegerField.of("dice", "Dice", 1, 6, 3),
            new ChoiceField("target", "Target", "A die hits on this face or higher.",
                    List.of(Option.of("4", "4+"), Option.of("5", "5+"), Option.of("6", "6")), "5"),
            IntegerField.of("rerolls", "Re-rolls", 0, 3, 1),
            FlagField.of("careful", "Careful").help("A careful roller may not aim at 6.")));

    @Override
    public String id() {
        return "old-pool";
    }

    @Override
    public String name() {
        return "Old pool";
    }

    @Override
    public String summary() {
        return "Count the dice at or above the target; re-roll failed dice once.";
    }

    @Override
    public Form form() {
        return FORM;
    }

    @Override
    public List<Outcome> outcomes() {
        return OUTCOMES;
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        if (inputs.flag("careful") && inputs.choice("target").equals("6")) {
            return List.of(new Violation("target", "a careful roller may not aim at 6"));
        }
        return List.of();
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        int target = Integer.parseInt(inputs.choice("target"));
        var pool = new ArrayList<Die>();
        for (int i = 1; i <= inputs.integer("dice"); i++) {
            int face = dice.roll(6);
            pool.add(Die.of("d" + i, 6, face, face >= target ? Verdict.SUCCESS : Verdict.FAILURE));
        }
        RollState.Builder state = RollState.builder().step("start", "Rolled " + pool.size() + "d6");
        return read(state, pool, inputs.integer("rerolls"));
    }

    private static RollState read(RollState.Builder state, List<Die> pool, int rerolls) {
        int hits = (int) pool.stream().filter(d -> d.verdict() == Verdict.SUCCESS).count();
        state.groups(List.of()).group("pool", "Pool", pool).tallies(List.of()).tally("hits", "Hits", hits)
                .outcome(OUTCOMES.get(hits == 0 ? 0 : hits >= 3 ? 2 : 1)).flags(List.of()).moves(List.of())
                .memo("rerolls", rerolls);
        if (pool.stream().allMatch(d -> d.face() == 6)) {
            state.flag("all-sixes", "Every die shows a 6.");
        }
        List<Option> failed = new ArrayList<>();
        for (Die die : pool) {
            if (die.verdict() == Verdict.FAILURE && !die.wasRerolled()) {
                failed.add(Option.of(die.id(), die.id() + " showing " + die.face()));
            }
        }
        if (rerolls == 0 || failed.isEmpty()) {
            return state.complete().build();
        }
        state.move(new MoveOption("reroll", "Re-roll", "Pick failed dice to roll again.",
                Form.of(new PickField("dice", "Dice", "", failed, 1, failed.size())), true));
        state.move(new MoveOption("accept", "Accept", "Keep the dice as they are.", Form.EMPTY, false));
        return state.complete(false).build();
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        int left = state.memoInt("rerolls", 0);
        if (move.id().equals("reroll") && move.inputs().picks("dice").size() > left) {
            return List.of(new Violation("dice", "at most " + left + " dice may be re-rolled"));
        }
        return List.of();
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        if (move.id().equals("accept")) {
            return state.toBuilder().step("accept", "Accepted").complete().build();
        }
        int target = Integer.parseInt(inputs.choice("target"));
        List<String> picked = move.inputs().picks("dice");
        var pool = new ArrayList<Die>();
        for (Die die : state.group("pool").orElseThrow().dice()) {
            if (picked.contains(die.id())) {
                int face = dice.roll(6);
                pool.add(die.rerolled(face, String.valueOf(face), face >= target ? Verdict.SUCCESS : Verdict.FAILURE));
            } else {
                pool.add(die);
            }
        }
        RollState.Builder next = state.toBuilder().step("reroll", "Re-rolled " + picked.size() + " dice");
        return read(next, pool, 0);
    }

    @Override
    public Odds odds(Inputs inputs) {
        Fraction hit = Fraction.of(7 - Integer.parseInt(inputs.choice("target")), 6);
        int dice = inputs.integer("dice");
        int rerolls = inputs.integer("rerolls");
        Dist thrown = Dist.binomial(dice, hit);
        Map<String, Fraction> plan = new LinkedHashMap<>();
        for (int hits = thrown.min(); hits <= thrown.max(); hits++) {
            int base = hits;
            Dist after = Dist.binomial(Math.min(rerolls, dice - hits), hit).map(h -> h + base);
            Fraction p = thrown.p(hits);
            plan.merge("miss", p.times(after.p(0)), Fraction::plus);
            plan.merge("hit", p.times(after.p(h -> h == 1 || h == 2)), Fraction::plus);
            plan.merge("great-hit", p.times(after.atLeast(3)), Fraction::plus);
        }
        return Odds.over(OUTCOMES)
                .add("miss", thrown.p(0))
                .add("hit", thrown.p(h -> h == 1 || h == 2))
                .add("great-hit", thrown.atLeast(3))
                .flag("all-sixes", "Every die shows a 6", Fraction.of(1, 6).times(pow(Fraction.of(1, 6), dice - 1)))
                .plan("reroll-all", "Re-roll every failed die you may", plan)
                .note("Outcomes: the throw as it lands. Plan: every re-roll spent on failed dice.")
                .build();
    }

    private static Fraction pow(Fraction p, int n) {
        Fraction result = Fraction.ONE;
        for (int i = 0; i < n; i++) {
            result = result.times(p);
        }
        return result;
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals("reroll")) {
            return Optional.empty();
        }
        Fraction hit = Fraction.of(7 - Integer.parseInt(inputs.choice("target")), 6);
        int hits = state.tally("hits").orElseThrow().value();
        Dist after = Dist.binomial(move.inputs().picks("dice").size(), hit).map(h -> h + hits);
        return Optional.of(Odds.over(OUTCOMES)
                .add("miss", after.p(0))
                .add("hit", after.p(h -> h == 1 || h == 2))
                .add("great-hit", after.atLeast(3))
                .note("If you re-roll these dice and then stop.")
                .build());
    }
}
