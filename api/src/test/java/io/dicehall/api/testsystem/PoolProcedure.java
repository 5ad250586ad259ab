package io.dicehall.api.testsystem;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
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
 * Roll {@code dice} d6; each face at or above {@code target} is a hit. 0 hits: miss; 1–2: hit; 3+:
 * great hit. After the throw, up to {@code rerolls} failed dice may be re-rolled once. Best play comes from
 * {@link PoolGame}.
 */
final class PoolProcedure implements Procedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("miss", "Miss", Tone.BAD, "No die hit."),
            new Outcome("hit", "Hit", Tone.MIXED, "One or two dice hit."),
            new Outcome("great-hit", "Great hit", Tone.GOOD, "Three or more dice hit."));

    private static final Form FORM = Form.of(
            IntegerField.of("dice", "Dice", 1, 30, 3),
            IntegerField.of("target", "Target", 1, 6, 5).help("A die hits on this face or higher."),
            IntegerField.of("rerolls", "Re-rolls", 0, 5, 1),
            FlagField.of("cautious", "Cautious"),
            GroupField.of("friends", "Friends", 0, 3,
                    Form.of(TextField.of("name", "Name", 40), IntegerField.of("dice", "Dice", 0, 2, 1))));

    @Override
    public String id() {
        return "pool";
    }

    @Override
    public String name() {
        return "Pool";
    }

    @Override
    public String summary() {
        return "Count the dice at or above the target.";
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
        return inputs.flag("cautious") && inputs.integer("target") == 6
                ? List.of(new Violation("target", "a cautious roll cannot aim at 6"))
                : List.of();
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        int target = inputs.integer("target");
        var pool = new ArrayList<Die>();
        for (int i = 1; i <= inputs.integer("dice"); i++) {
            pool.add(read("d" + i, dice.roll(6), target));
        }
        RollState.Builder state = RollState.builder()
                .group("pool", "Pool", pool)
                .memo("rerolls", inputs.integer("rerolls"))
                .step("start", "Rolled " + pool.size() + " dice");
        return settle(state, pool, inputs.integer("rerolls"));
    }

    private static Die read(String id, int face, int target) {
        return Die.of(id, 6, face, face >= target ? Verdict.SUCCESS : Verdict.FAILURE);
    }

    private static RollState settle(RollState.Builder state, List<Die> pool, int rerolls) {
        int hits = (int) pool.stream().filter(d -> d.verdict() == Verdict.SUCCESS).count();
        state.tally("hits", "Hits", hits).outcome(OUTCOMES.get(Math.min(hits, 3) == 0 ? 0 : hits >= 3 ? 2 : 1));
        List<Option> failed = pool.stream().filter(d -> d.verdict() == Verdict.FAILURE && !d.wasRerolled())
                .map(d -> Option.of(d.id(), d.id() + " showing " + d.face())).toList();
        state.moves(List.of());
        if (rerolls > 0 && !failed.isEmpty()) {
            state.move(new MoveOption("reroll", "Re-roll", "Pick failed dice to roll again.",
                    Form.of(new PickField("dice", "Dice", "", failed, 1, failed.size())), true));
            state.move(new MoveOption("accept", "Accept", "", Form.EMPTY, false));
            state.complete(false);
        } else {
            state.complete();
        }
        return state.build();
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        if (move.id().equals("reroll") && move.inputs().picks("dice").size() > state.memoInt("rerolls", 0)) {
            return List.of(new Violation("dice", "at most " + state.memoInt("rerolls", 0) + " dice may be re-rolled"));
        }
        return List.of();
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        RollState.Builder next = state.toBuilder();
        if (move.id().equals("accept")) {
            return next.step("accept", "Accepted").complete().build();
        }
        int target = inputs.integer("target");
        List<String> picked = move.inputs().picks("dice");
        var pool = new ArrayList<Die>();
        for (Die die : state.group("pool").orElseThrow().dice()) {
            if (picked.contains(die.id())) {
                Die fresh = read(die.id(), dice.roll(6), target);
                pool.add(die.rerolled(fresh.face(), fresh.reading(), fresh.verdict()));
            } else {
                pool.add(die);
            }
        }
        next.groups(List.of()).group("pool", "Pool", pool).step("reroll", "Re-rolled " + picked.size() + " dice");
        return settle(next, pool, 0);
    }

    @Override
    public Odds odds(Inputs inputs) {
        Fraction hit = Fraction.of(7 - inputs.integer("target"), 6);
        int dice = inputs.integer("dice");
        int rerolls = inputs.integer("rerolls");
        Dist thrown = Dist.binomial(dice, hit);
        // The plan: re-roll as many failed dice as allowed.
        Map<String, Fraction> plan = new LinkedHashMap<>();
        for (int hits = thrown.min(); hits <= thrown.max(); hits++) {
            Fraction p = thrown.p(hits);
            int base = hits;
            Dist after = Dist.binomial(Math.min(rerolls, dice - hits), hit).map(h -> h + base);
            plan.merge("miss", p.times(after.p(0)), Fraction::plus);
            plan.merge("hit", p.times(after.p(h -> h == 1 || h == 2)), Fraction::plus);
            plan.merge("great-hit", p.times(after.atLeast(3)), Fraction::plus);
        }
        Odds plain = oddsOf(thrown);
        Odds.Builder odds = Odds.over(OUTCOMES);
        plain.outcomes().forEach(c -> odds.add(c.id(), c.probability()));
        return odds.plan("reroll-all", "Re-roll every failed die you may", plan)
                .note("Outcomes: the throw as it lands. Plan: every re-roll spent on failed dice.").build();
    }

    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(new PoolGame(inputs, true));
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals("reroll")) {
            return Optional.empty();
        }
        Fraction hit = Fraction.of(7 - inputs.integer("target"), 6);
        int hits = state.tally("hits").orElseThrow().value();
        return Optional.of(oddsOf(Dist.binomial(move.inputs().picks("dice").size(), hit).map(h -> h + hits)));
    }

    private static Odds oddsOf(Dist hits) {
        return Odds.over(OUTCOMES)
                .add("miss", hits.p(0))
                .add("hit", hits.p(h -> h == 1 || h == 2))
                .add("great-hit", hits.atLeast(3))
                .build();
    }
}
