package io.dicehall.systems.actionrolls;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Action Roll: two dice for each of two abilities against a Challenge and a Risk, then either
 * stop or make one Daring Roll (one more die per ability, raising an Emotion by one).
 */
final class ActionRollProcedure extends BasicProcedure {

    static final String DARING = "daring";
    static final String ACCEPT = "accept";
    /** Memo key holding the Emotion a Daring Roll raised; present once the Daring Roll is made. */
    static final String EMOTION_MEMO = "emotion";

    private static final String EDGE_HELP = "Advantage when the action serves one of the character's Drives: "
            + "Authority (confront or intimidate), Revenge (pay back a wrong), Wealth (money or valuables at stake), "
            + "Hedonism (pleasure or a craving), Distinction (stand out), Influence (persuade or manipulate), "
            + "Solution (reason, skill or strategy), Production (make or build something), Curiosity (explore or "
            + "learn), Care (help someone in need), Peace (settle a quarrel), Duty (family, gods or companions). "
            + "Disadvantage when it goes against a Drive or the current Quest. Both at once cancel out: choose None.";

    private static final Form FORM = Form.of(
            ability(Ability.FIRST, "First ability"),
            name(Ability.FIRST, "First ability's name"),
            ability(Ability.SECOND, "Second ability"),
            name(Ability.SECOND, "Second ability's name"),
            Choice.field("challenge", "Challenge",
                    "Set by the GM: how many success dice the action needs.", Challenge.values(), Challenge.AVERAGE),
            Choice.field("risk", "Risk",
                    "Set by the GM: how many trouble dice bring a consequence. The lower, the more dangerous.",
                    Risk.values(), Risk.RISKY),
            Choice.field("edge", "Advantage or Disadvantage", EDGE_HELP, Edge.values(), Edge.NONE),
            Choice.field("risk-category", "Risk category",
                    "What a consequence would hit. For the table's information; it does not change the dice.",
                    RiskCategory.values(), RiskCategory.NARRATIVE))
            // Names label the dice and the edge and category are occasional: folded under More options.
            .withMore(Ability.FIRST + "-name", Ability.SECOND + "-name", "edge", "risk-category")
            .withCharacter(Ability.FIRST, Ability.FIRST + "-name", Ability.SECOND, Ability.SECOND + "-name");

    static final Form DARING_FORM = Form.of(Choice.field("emotion", "Emotion to raise",
            "The mood the character pushes on in; it goes up by one.", Emotion.values(), Emotion.ANGER));

    private static IntegerField ability(String name, String label) {
        return new IntegerField(name, label, "Score 1 to 5. You roll two dice of its size: "
                + "1 d4, 2 d6, 3 d8, 4 d10, 5 d12.", 1, 5, 2);
    }

    private static TextField name(String ability, String label) {
        return TextField.of(ability + "-name", label, 40).help("Optional, e.g. Dexterity; labels its dice.");
    }

    ActionRollProcedure() {
        super("action-roll", "Action Roll", "Combine two abilities, two dice each, to beat the Challenge with success"
                + " dice while keeping trouble dice under the Risk; then stop, or push your luck with one Daring Roll.",
                FORM, Outcomes.ALL);
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        Edge edge = Edge.of(inputs.choice("edge"));
        var state = RollState.builder();
        var table = new ArrayList<Die>();
        var said = new ArrayList<String>();
        for (Ability ability : Ability.of(inputs)) {
            List<Die> thrown = List.of(throwDie(ability, 1, edge, dice), throwDie(ability, 2, edge, dice));
            state.group(ability.groupId(), ability.groupLabel(), thrown);
            table.addAll(thrown);
            said.add(ability.title() + " " + ability.score() + " (2" + ability.type() + "): " + faces(thrown));
        }
        return settle(state, inputs, table, null, "start", "Rolled " + String.join(" and ", said));
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        String raised = state.memo().get(EMOTION_MEMO);
        if (move.id().equals(DARING) && raised != null) {
            return List.of(new Violation("", "The Daring Roll can be made only once per Action Roll, and this one "
                    + "was already made (raising " + Emotion.of(raised).label() + ")."));
        }
        return List.of();
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        if (move.id().equals(ACCEPT)) {
            return state.toBuilder()
                    .step(ACCEPT, "Stopped after the first throw: " + state.outcome().label() + " stands.")
                    .complete()
                    .build();
        }
        if (!move.id().equals(DARING)) {
            throw new IllegalArgumentException("not a move of an Action Roll: " + move.id());
        }
        Edge edge = Edge.of(inputs.choice("edge"));
        Emotion emotion = Emotion.of(move.inputs().choice("emotion"));
        var groups = new ArrayList<DiceGroup>();
        var table = new ArrayList<Die>();
        var said = new ArrayList<String>();
        for (Ability ability : Ability.of(inputs)) {
            DiceGroup group = state.group(ability.groupId()).orElseThrow();
            Die extra = throwDie(ability, group.dice().size() + 1, edge, dice);
            var grown = new ArrayList<>(group.dice());
            grown.add(extra);
            groups.add(new DiceGroup(group.id(), group.label(), grown));
            table.addAll(grown);
            said.add(ability.title() + " " + ability.type() + " shows " + extra.face());
        }
        RollState.Builder next = state.toBuilder().groups(groups).memo(EMOTION_MEMO, emotion.id());
        return settle(next, inputs, table, emotion, DARING,
                "Daring Roll, raising " + emotion.label() + " by one: " + String.join(", ", said));
    }

    @Override
    public Odds odds(Inputs inputs) {
        return new ActionOdds(inputs).beforeRolling();
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        Count now = Count.of(state.dice());
        if (move.id().equals(DARING)) {
            return Optional.of(new ActionOdds(inputs).daring(now));
        }
        if (move.id().equals(ACCEPT)) {
            return Optional.of(new ActionOdds(inputs).stopping(now));
        }
        return Optional.empty();
    }

    /**
     * Best play: the outcomes rank as declared, worst to best (a critical failure below a failure, a critical
     * success above a success), so the default order and goal (at least a Success) stand. The game is the
     * count on the table and the one choice, dare or stop ({@link ActionRollGame}).
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(new ActionRollGame(inputs));
    }

    private static Die throwDie(Ability ability, int n, Edge edge, Dice dice) {
        int face = dice.roll(ability.sides());
        return Die.of(ability.dieId(n), ability.sides(), face, edge.verdict(face));
    }

    /**
     * Reads the dice on the table into tallies and outcome (a critical is an outcome of its own, so it
     * needs no flag), records the step, and opens the Daring Roll and accept unless an Emotion was
     * already raised for a Daring Roll.
     */
    private static RollState settle(RollState.Builder state, Inputs inputs, List<Die> table, Emotion raised,
            String move, String text) {
        Challenge challenge = Challenge.of(inputs.choice("challenge"));
        Risk risk = Risk.of(inputs.choice("risk"));
        Edge edge = Edge.of(inputs.choice("edge"));
        RiskCategory category = RiskCategory.of(inputs.choice("risk-category"));
        Count count = Count.of(table);
        Outcome outcome = count.outcome(challenge, risk);
        state.tallies(List.of(
                        Tally.of("successes", "Success dice", count.successes()),
                        Tally.of("trouble", "Trouble dice", count.trouble()),
                        new Tally("challenge", "Challenge", challenge.rating(),
                                challenge.rating() + " (" + challenge.label() + ")"),
                        new Tally("risk", "Risk", risk.rating(), risk.rating() + " (" + risk.label() + ")"),
                        Tally.text("edge", "Advantage or Disadvantage", edge.label() + ": " + edge.help()),
                        Tally.text("risk-category", "Risk category", category.label() + ": " + category.help())))
                .outcome(outcome)
                .flags(List.of())
                .step(move, text + " → " + plural(count.successes(), "success die", "success dice") + ", "
                        + plural(count.trouble(), "trouble die", "trouble dice") + ": " + outcome.label() + ".");
        if (raised != null) {
            state.flag("emotion-raised", "Raise " + raised.label() + " by one: the price of the Daring Roll.");
            return state.complete().build();
        }
        return state.moves(List.of(
                        new MoveOption(DARING, "Daring Roll", "Push your luck: raise one Emotion by one and roll one "
                                + "more die for each ability. Only once, and the roll ends after it.", DARING_FORM, true),
                        new MoveOption(ACCEPT, "Stop here", "End the roll with the dice as they lie.", Form.EMPTY, true)))
                .complete(false)
                .build();
    }

    private static String faces(List<Die> dice) {
        return dice.stream().map(d -> String.valueOf(d.face())).collect(Collectors.joining(", "));
    }

    private static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
