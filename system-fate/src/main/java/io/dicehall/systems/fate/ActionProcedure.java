package io.dicehall.systems.fate;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One of the four actions, rolled: four Fudge dice plus skill and stunt bonus make the effort; the
 * difficulty is fixed, or the opponent's skill plus their own four Fudge dice when the opposition
 * rolls. After the throw the player may invoke aspects (+2 or a re-roll of their four dice, paid by a
 * fate point or a free invoke) and the opposition may invoke for +2 to the difficulty, until nobody
 * has anything left to spend or the player accepts.
 */
final class ActionProcedure extends BasicProcedure {

    static final String SKILL = "skill";
    static final String DIFFICULTY = "difficulty";
    static final String ACTIVE_OPPOSITION = "active-opposition";
    static final String ASPECT = "aspect";
    static final String STUNT_BONUS = "stunt-bonus";
    static final String FATE_POINTS = "fate-points";
    static final String FREE_INVOKES = "free-invokes";
    static final String OPPOSITION_FATE_POINTS = "opposition-fate-points";
    static final String OPPOSITION_FREE_INVOKES = "opposition-free-invokes";

    static final String INVOKE = "invoke";
    static final String INVOKE_AGAINST = "invoke-against";
    static final String ACCEPT = "accept";
    static final String PAY = "pay";
    static final String FATE_POINT = "fate-point";
    static final String FREE_INVOKE = "free-invoke";
    static final String EFFECT = "effect";
    static final String PLUS_TWO = "plus-two";
    static final String REROLL = "reroll";

    static final String PLAYER_GROUP = "player";
    static final String OPPOSITION_GROUP = "opposition";

    /**
     * The most a stunt bonus may add. Stunts normally give +2 each (the document's "Using Stunts"), but
     * some give other amounts, so any bonus up to +8 (four ordinary stunts) is accepted.
     */
    static final int MOST_STUNT_BONUS = 8;
    /** Each invoke for a bonus adds this much, to the effort or to the difficulty. */
    static final int INVOKE_BONUS = 2;

    private static final int MOST_POINTS = 10;

    // The move forms differ only in which payment is offered first; build the four of them once.
    static final Form INVOKE_FORM = invokeForm(false, true);
    private static final Form INVOKE_FORM_FREE_FIRST = invokeForm(true, true);
    private static final Form AGAINST_FORM = invokeForm(false, false);
    private static final Form AGAINST_FORM_FREE_FIRST = invokeForm(true, false);

    private final Action action;

    ActionProcedure(Action action) {
        super(action.id, action.label, action.summary, formFor(action), action.outcomes());
        this.action = action;
    }

    private static Form formFor(Action action) {
        var fields = new ArrayList<Field>();
        fields.add(IntegerField.of(SKILL, "Skill", -4, 12, 1)
                .help("Your skill's rating on the ladder: Mediocre +0, Average +1, Fair +2, Good +3 …"));
        fields.add(IntegerField.of(DIFFICULTY, action == Action.DEFEND ? "Their effort or skill" : "Difficulty", -4, 12, 2)
                .help(action.difficultyHelp));
        fields.add(FlagField.of(ACTIVE_OPPOSITION, "The opposition rolls")
                .help("Roll four Fudge dice for the opponent too and add them to the number above."));
        if (action == Action.CREATE_ADVANTAGE) {
            fields.add(ChoiceField.of(ASPECT, "Working on", AspectKind.options())
                    .help("A new aspect, or one already in play, known or still hidden."));
        }
        fields.add(IntegerField.of(STUNT_BONUS, "Stunt bonus", 0, MOST_STUNT_BONUS, 0)
                .help("The bonus your stunts give this roll, in all: usually +2 for each stunt that applies,"
                        + " up to +8. Pay any stunt that costs a fate point before the roll."));
        fields.add(IntegerField.of(FATE_POINTS, "Fate points", 0, MOST_POINTS, 3)
                .help("Fate points you have to invoke aspects with."));
        fields.add(IntegerField.of(FREE_INVOKES, "Free invokes", 0, MOST_POINTS, 0)
                .help("Free invokes you (or an ally) hold on aspects that fit this roll."));
        fields.add(IntegerField.of(OPPOSITION_FATE_POINTS, "Opposition's fate points", 0, MOST_POINTS, 0)
                .help("Fate points the GM may spend to invoke against this roll."));
        fields.add(IntegerField.of(OPPOSITION_FREE_INVOKES, "Opposition's free invokes", 0, MOST_POINTS, 0)
                .help("Free invokes the opposition holds on aspects that fit this roll."));
        // The opposition's resources are the GM's to set and rarely change; ratings are named on the ladder.
        return new Form(fields).withMore(OPPOSITION_FATE_POINTS, OPPOSITION_FREE_INVOKES)
                .withCharacter(SKILL, STUNT_BONUS)
                .withValueNames(SKILL, Ladder.names()).withValueNames(DIFFICULTY, Ladder.names());
    }

    // ---------------------------------------------------------------- rolling

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        List<Die> player = FudgeDice.roll("p", dice);
        List<Die> opposition = inputs.flag(ACTIVE_OPPOSITION) ? FudgeDice.roll("o", dice) : List.of();
        Totals totals = Totals.of(inputs, player, opposition, Invokes.NONE);
        String text = "You rolled " + FudgeDice.written(player) + " (" + Ladder.signed(totals.dice())
                + ") for an effort of " + Ladder.of(totals.effort())
                + (opposition.isEmpty()
                        ? " against " + (action == Action.DEFEND ? "their effort" : "a difficulty") + " of "
                                + Ladder.of(totals.difficulty())
                        : "; they rolled " + FudgeDice.written(opposition) + " ("
                                + Ladder.signed(totals.oppositionDice()) + ") for " + Ladder.of(totals.difficulty()))
                + ": " + result(totals);
        return settle(inputs, RollState.builder().step("start", text), player, opposition, Invokes.NONE);
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals(INVOKE) && !move.id().equals(INVOKE_AGAINST)) {
            return List.of();
        }
        Invokes invokes = Invokes.of(state);
        String aspect = move.inputs().text(ASPECT);
        boolean free = move.inputs().choice(PAY).equals(FREE_INVOKE);
        boolean player = move.id().equals(INVOKE);
        String who = player ? "you have" : "the opposition has";
        var broken = new ArrayList<Violation>();
        if (aspect.isBlank()) {
            broken.add(new Violation(ASPECT, "name the aspect that is invoked: an aspect takes one fate point a"
                    + " roll, and free invokes on it besides"));
        }
        if (free) {
            int held = inputs.integer(player ? FREE_INVOKES : OPPOSITION_FREE_INVOKES);
            int spent = player ? invokes.freeInvokesSpent() : invokes.oppositionFreeInvokesSpent();
            if (spent >= held) {
                broken.add(new Violation(PAY, who + " no free invokes left" + spentText(held)));
            }
        } else {
            int held = inputs.integer(player ? FATE_POINTS : OPPOSITION_FATE_POINTS);
            int spent = player ? invokes.fatePointsSpent() : invokes.oppositionFatePointsSpent();
            if (spent >= held) {
                broken.add(new Violation(PAY, who + " no fate points left" + spentText(held)));
            }
            if (!aspect.isBlank() && (player ? invokes.paid(aspect) : invokes.paidAgainst(aspect))) {
                broken.add(new Violation(ASPECT, quoted(aspect) + " has already had a fate point spent on it this"
                        + " roll: an aspect takes one fate point a roll; invoke it again only with a free invoke"));
            }
        }
        return broken;
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        RollState.Builder next = state.toBuilder();
        List<Die> player = state.group(PLAYER_GROUP).orElseThrow().dice();
        List<Die> opposition = state.group(OPPOSITION_GROUP).map(g -> g.dice()).orElse(List.of());
        Invokes invokes = Invokes.of(state);
        if (move.id().equals(ACCEPT)) {
            return next.step(ACCEPT, "Accepted: " + state.outcome().label() + ".").complete().build();
        }
        String aspect = move.inputs().text(ASPECT).strip();
        boolean free = move.inputs().choice(PAY).equals(FREE_INVOKE);
        String paid = free ? "a free invoke" : "a fate point";
        boolean reroll = move.id().equals(INVOKE) && move.inputs().choice(EFFECT).equals(REROLL);
        List<Die> before = player;
        if (move.id().equals(INVOKE)) {
            invokes = invokes.invoke(aspect, free, reroll);
            player = reroll ? FudgeDice.reroll(player, dice) : player;
        } else {
            invokes = invokes.invokeAgainst(aspect, free);
        }
        Totals totals = Totals.of(inputs, player, opposition, invokes);
        String text;
        if (!move.id().equals(INVOKE)) {
            text = "The opposition invoked " + quoted(aspect) + " with " + paid + " for +2; "
                    + difficultyLabel(!opposition.isEmpty()).toLowerCase(Locale.ROOT) + " "
                    + Ladder.of(totals.difficulty());
        } else if (reroll) {
            text = "Invoked " + quoted(aspect) + " with " + paid + " to re-roll: " + FudgeDice.written(before)
                    + " → " + FudgeDice.written(player) + " (" + Ladder.signed(totals.dice()) + "); effort "
                    + Ladder.of(totals.effort());
        } else {
            text = "Invoked " + quoted(aspect) + " with " + paid + " for +2; effort " + Ladder.of(totals.effort());
        }
        text += ": " + result(totals);
        return settle(inputs, next.step(move.id(), text), player, opposition, invokes);
    }

    /** Everything that follows from the dice and the invokes: groups, tallies, outcome, moves, memo. */
    private RollState settle(Inputs inputs, RollState.Builder state, List<Die> player, List<Die> opposition,
            Invokes invokes) {
        Totals totals = Totals.of(inputs, player, opposition, invokes);
        boolean active = !opposition.isEmpty();
        Action.Reading reading = action.read(totals.shifts(),
                action == Action.CREATE_ADVANTAGE ? AspectKind.of(inputs.choice(ASPECT)) : null);

        state.groups(List.of()).group(PLAYER_GROUP, "Your dice", player);
        if (active) {
            state.group(OPPOSITION_GROUP, "Opposition's dice", opposition);
        }

        var tallies = new ArrayList<Tally>();
        tallies.add(new Tally("dice", "Your dice", totals.dice(), Ladder.signed(totals.dice())));
        tallies.add(new Tally(SKILL, "Skill", inputs.integer(SKILL), Ladder.of(inputs.integer(SKILL))));
        if (inputs.integer(STUNT_BONUS) > 0) {
            tallies.add(new Tally(STUNT_BONUS, "Stunts", inputs.integer(STUNT_BONUS),
                    Ladder.signed(inputs.integer(STUNT_BONUS))));
        }
        if (invokes.plusTwos() > 0) {
            tallies.add(new Tally("invoke-bonus", "Invokes", INVOKE_BONUS * invokes.plusTwos(),
                    Ladder.signed(INVOKE_BONUS * invokes.plusTwos())));
        }
        tallies.add(new Tally("effort", "Effort", totals.effort(), Ladder.of(totals.effort())));
        if (active) {
            tallies.add(new Tally("opposition-dice", "Opposition's dice", totals.oppositionDice(),
                    Ladder.signed(totals.oppositionDice())));
        }
        if (invokes.difficultyBonus() > 0) {
            tallies.add(new Tally("invoked-against", "Invoked against you", invokes.difficultyBonus(),
                    Ladder.signed(invokes.difficultyBonus())));
        }
        tallies.add(new Tally(DIFFICULTY, difficultyLabel(active), totals.difficulty(),
                Ladder.of(totals.difficulty())));
        // Shifts are a margin between two results, not a rating: a signed number, never a ladder name.
        tallies.add(new Tally("shifts", "Shifts", totals.shifts(), Ladder.signed(totals.shifts())));
        tallies.addAll(reading.tallies());
        Left left = Left.of(inputs, invokes);
        tallies.add(left("fate-points-left", "Fate points left", left.fatePoints(), inputs.integer(FATE_POINTS)));
        tallies.add(left("free-invokes-left", "Free invokes left", left.freeInvokes(), inputs.integer(FREE_INVOKES)));
        if (inputs.integer(OPPOSITION_FATE_POINTS) > 0) {
            tallies.add(left("opposition-fate-points-left", "Opposition's fate points left",
                    left.oppositionFatePoints(), inputs.integer(OPPOSITION_FATE_POINTS)));
        }
        if (inputs.integer(OPPOSITION_FREE_INVOKES) > 0) {
            tallies.add(left("opposition-free-invokes-left", "Opposition's free invokes left",
                    left.oppositionFreeInvokes(), inputs.integer(OPPOSITION_FREE_INVOKES)));
        }
        state.tallies(tallies).outcome(reading.outcome()).flags(reading.flags());
        invokes.writeTo(state);

        boolean canInvoke = left.fatePoints() + left.freeInvokes() > 0;
        boolean canInvokeAgainst = left.oppositionFatePoints() + left.oppositionFreeInvokes() > 0;
        state.moves(List.of());
        if (canInvoke) {
            state.move(new MoveOption(INVOKE, "Invoke an aspect",
                    "Spend a fate point or a free invoke for +2 to your effort or a re-roll of your four dice.",
                    left.freeInvokes() > 0 ? INVOKE_FORM_FREE_FIRST : INVOKE_FORM, true));
        }
        if (canInvokeAgainst) {
            state.move(new MoveOption(INVOKE_AGAINST, "Opposition invokes",
                    "The opposition spends a fate point or a free invoke for +2 to the difficulty.",
                    left.oppositionFreeInvokes() > 0 ? AGAINST_FORM_FREE_FIRST : AGAINST_FORM, true));
        }
        if (canInvoke || canInvokeAgainst) {
            state.move(new MoveOption(ACCEPT, "Accept", "Take the result as it stands.", Form.EMPTY, false))
                    .complete(false);
        } else {
            state.complete();
        }
        return state.build();
    }

    private static Form invokeForm(boolean freeFirst, boolean player) {
        var fields = new ArrayList<Field>();
        fields.add(TextField.of(ASPECT, "Aspect", 80).help("The aspect invoked. An aspect takes one fate point a"
                + " roll; free invokes on it may be added as many as are held, before or after it."));
        fields.add(new ChoiceField(PAY, "Paid with", "", List.of(Option.of(FATE_POINT, "A fate point"),
                Option.of(FREE_INVOKE, "A free invoke")), freeFirst ? FREE_INVOKE : FATE_POINT));
        if (player) {
            fields.add(ChoiceField.of(EFFECT, "Effect", List.of(
                    new Option(PLUS_TWO, "+2 to your effort", "Keep the dice and add 2."),
                    new Option(REROLL, "Re-roll your four dice", "Throw all four of your dice again; the new"
                            + " faces stand, better or worse."))));
        }
        return new Form(fields);
    }

    /** @return what the number the effort is measured against is called on this roll */
    private String difficultyLabel(boolean active) {
        return active ? "Opposition" : action == Action.DEFEND ? "Their effort" : "Difficulty";
    }

    private static String spentText(int held) {
        return held == 0 ? " (there were none at the start of the roll)" : " (all " + held + " spent on this roll)";
    }

    private static Tally left(String id, String label, int left, int held) {
        return new Tally(id, label, left, left + " of " + held);
    }

    private String result(Totals totals) {
        return "shifts " + Ladder.signed(totals.shifts()) + ", "
                + outcomes().get(Action.grade(totals.shifts())).label() + ".";
    }

    private static String quoted(String aspect) {
        return "\u201c" + aspect.strip() + "\u201d";
    }

    // ---------------------------------------------------------------- best play

    /**
     * Best play: the outcomes rank as declared for every action (fail, tie, succeed, succeed with style, each
     * read from the player's side, a defence included), so the default order and goal (at least succeed)
     * stand. The game counts the player's invokes and leaves the opposition's to the opposition ({@link
     * FateGame}).
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(new FateGame(action, inputs));
    }

    // ---------------------------------------------------------------- odds

    @Override
    public Odds odds(Inputs inputs) {
        int margin = inputs.integer(SKILL) + inputs.integer(STUNT_BONUS) - inputs.integer(DIFFICULTY);
        Dist dice = inputs.flag(ACTIVE_OPPOSITION)
                ? FudgeDice.FOUR.plus(FudgeDice.FOUR.map(v -> -v))
                : FudgeDice.FOUR;
        Dist shifts = dice.map(v -> v + margin);
        Odds.Builder odds = over(shifts);
        int invokes = inputs.integer(FATE_POINTS) + inputs.integer(FREE_INVOKES);
        if (invokes > 0) {
            // While failing or tied, each invoke adds 2; stop at the first success.
            Dist planned = shifts.map(s -> s < 1 ? s + INVOKE_BONUS * Math.min(invokes, (2 - s) / 2) : s);
            odds.plan("invoke-while-short", "Invoke for +2 while you would fail or tie, until you succeed or run"
                    + " out of fate points and free invokes", byOutcome(planned));
        }
        return odds.note("Outcomes if nobody invokes after the throw. The plan assumes the opposition does not"
                + " invoke.").build();
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        Totals totals = Totals.of(inputs, state);
        if (move.id().equals(INVOKE)) {
            Dist plusTwo = Dist.constant(totals.shifts() + INVOKE_BONUS);
            int withoutDice = totals.shifts() - totals.dice();
            Dist reroll = FudgeDice.FOUR.map(v -> withoutDice + v);
            boolean rerolling = move.inputs().choice(EFFECT).equals(REROLL);
            return Optional.of(over(rerolling ? reroll : plusTwo)
                    .plan(PLUS_TWO, "Invoke for +2", byOutcome(plusTwo))
                    .plan(REROLL, "Invoke to re-roll your four dice", byOutcome(reroll))
                    .figure("plus-two-success", "Chance to succeed or better with +2", success(plusTwo).toDouble(),
                            percent(success(plusTwo)))
                    .figure("reroll-success", "Chance to succeed or better with a re-roll",
                            success(reroll).toDouble(), percent(success(reroll)))
                    .note("Your outcome if you make this invoke now and nobody invokes after it. A re-roll throws"
                            + " only your four dice; the opposition's stay as they are.")
                    .build());
        }
        if (move.id().equals(INVOKE_AGAINST)) {
            return Optional.of(over(Dist.constant(totals.shifts() - INVOKE_BONUS))
                    .note("Your outcome if the opposition makes this invoke now and nobody invokes after it.")
                    .build());
        }
        return Optional.empty();
    }

    private Odds.Builder over(Dist shifts) {
        Odds.Builder odds = Odds.over(outcomes());
        byOutcome(shifts).forEach(odds::add);
        return odds;
    }

    private Map<String, Fraction> byOutcome(Dist shifts) {
        Dist grades = shifts.map(Action::grade);
        var byId = new LinkedHashMap<String, Fraction>();
        for (int grade = 0; grade < outcomes().size(); grade++) {
            byId.put(outcomes().get(grade).id(), grades.p(grade));
        }
        return byId;
    }

    private static Fraction success(Dist shifts) {
        return shifts.atLeast(1);
    }

    private static String percent(Fraction p) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * p.toDouble());
    }

    // ---------------------------------------------------------------- figures

    /** The numbers of one roll as it stands. */
    record Totals(int dice, int effort, int oppositionDice, int difficulty, int shifts) {

        static Totals of(Inputs inputs, RollState state) {
            return of(inputs, state.group(PLAYER_GROUP).orElseThrow().dice(),
                    state.group(OPPOSITION_GROUP).map(g -> g.dice()).orElse(List.of()), Invokes.of(state));
        }

        static Totals of(Inputs inputs, List<Die> player, List<Die> opposition, Invokes invokes) {
            int dice = FudgeDice.sum(player);
            int effort = dice + inputs.integer(SKILL) + inputs.integer(STUNT_BONUS) + INVOKE_BONUS * invokes.plusTwos();
            int oppositionDice = FudgeDice.sum(opposition);
            int difficulty = inputs.integer(DIFFICULTY) + oppositionDice + invokes.difficultyBonus();
            return new Totals(dice, effort, oppositionDice, difficulty, effort - difficulty);
        }
    }

    /** What each side still has to invoke with. */
    record Left(int fatePoints, int freeInvokes, int oppositionFatePoints, int oppositionFreeInvokes) {

        static Left of(Inputs inputs, Invokes invokes) {
            return new Left(inputs.integer(FATE_POINTS) - invokes.fatePointsSpent(),
                    inputs.integer(FREE_INVOKES) - invokes.freeInvokesSpent(),
                    inputs.integer(OPPOSITION_FATE_POINTS) - invokes.oppositionFatePointsSpent(),
                    inputs.integer(OPPOSITION_FREE_INVOKES) - invokes.oppositionFreeInvokesSpent());
        }
    }
}
