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
 * rolls. After the throw the player may invoke the aspects that fit (+2 or a re-roll of their four dice,
 * paid by a fate point, one per aspect, or a free invoke), until they accept or have nothing left to
 * invoke with. The opposition's invokes (+2 to the difficulty each) may be made at any time while the
 * roll is open; whatever the opposition still holds when the player stops is spent against the roll
 * then, when it hurts most (docs/rulings.md, "Fate Condensed").
 */
final class ActionProcedure extends BasicProcedure {

    static final String SKILL = "skill";
    static final String DIFFICULTY = "difficulty";
    static final String ACTIVE_OPPOSITION = "active-opposition";
    static final String ASPECT = "aspect";
    static final String STUNT_BONUS = "stunt-bonus";
    static final String FATE_POINTS = "fate-points";
    static final String ASPECTS = "aspects";
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
        fields.add(IntegerField.of(ASPECTS, "Aspects that fit", 0, MOST_POINTS, 1)
                .help("How many aspects (yours, the scene's, anyone's) could justly help this roll. Each takes one"
                        + " fate point a roll, so you can pay for at most this many invokes."));
        fields.add(IntegerField.of(FREE_INVOKES, "Free invokes", 0, MOST_POINTS, 0)
                .help("Free invokes you (or an ally) hold on those aspects, all of them together: any number may"
                        + " be spent on one aspect."));
        fields.add(IntegerField.of(OPPOSITION_FATE_POINTS, "Opposition's fate points", 0, MOST_POINTS, 0)
                .help("Fate points the opposition will spend invoking against this roll, +2 to the difficulty each."
                        + " Any not spent by the time you stop are spent then."));
        fields.add(IntegerField.of(OPPOSITION_FREE_INVOKES, "Opposition's free invokes", 0, MOST_POINTS, 0)
                .help("Free invokes the opposition will spend against this roll, +2 each; any left when you stop"
                        + " are spent then."));
        // The opposition's resources are the GM's to set and rarely change; ratings are named on the ladder.
        return new Form(fields).withMore(ASPECTS, OPPOSITION_FATE_POINTS, OPPOSITION_FREE_INVOKES)
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
        Invokes invokes = Invokes.NONE;
        if (!Left.of(inputs, invokes).playerCanInvoke()) {
            Invokes closed = lastWord(inputs, invokes);
            text += lastWordText(inputs, player, opposition, invokes, closed);
            invokes = closed;
        }
        return settle(inputs, RollState.builder().step("start", text), player, opposition, invokes, false);
    }

    /**
     * Free invokes may be spent on one aspect as often as they are held; a fate point goes on an aspect that has
     * not had one this roll, and on one of the aspects that fit: so free invokes need at least one aspect.
     */
    @Override
    public List<Violation> check(Inputs inputs) {
        if (inputs.integer(FREE_INVOKES) > 0 && inputs.integer(ASPECTS) == 0) {
            return List.of(new Violation(ASPECTS, "free invokes sit on aspects that fit the roll: with "
                    + inputs.integer(FREE_INVOKES) + " free invokes, at least one aspect must fit"));
        }
        return List.of();
    }

    /** @return the invokes after the opposition spends everything it still holds against the roll */
    private static Invokes lastWord(Inputs inputs, Invokes invokes) {
        Left left = Left.of(inputs, invokes);
        return invokes.againstRest(left.oppositionFatePoints(), left.oppositionFreeInvokes());
    }

    private String lastWordText(Inputs inputs, List<Die> player, List<Die> opposition, Invokes before,
            Invokes after) {
        int spent = (after.difficultyBonus() - before.difficultyBonus()) / INVOKE_BONUS;
        if (spent == 0) {
            return "";
        }
        Totals totals = Totals.of(inputs, player, opposition, after);
        return " The opposition spends " + (spent == 1 ? "its last invoke" : "its last " + spent + " invokes")
                + " against the roll (" + Ladder.signed(INVOKE_BONUS * spent) + "); "
                + difficultyLabel(!opposition.isEmpty()).toLowerCase(Locale.ROOT) + " "
                + Ladder.of(totals.difficulty()) + ": " + result(totals);
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
            } else if (player && spent < held && invokes.paidAspects().size() >= inputs.integer(ASPECTS)) {
                broken.add(new Violation(PAY, aspectsText(inputs.integer(ASPECTS)) + " this roll: an aspect takes"
                        + " one fate point a roll; invoke again only with a free invoke"));
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
            Invokes closed = lastWord(inputs, invokes);
            if (closed.equals(invokes)) {
                return next.step(ACCEPT, "Accepted: " + state.outcome().label() + ".").complete().build();
            }
            String text = "Accepted." + lastWordText(inputs, player, opposition, invokes, closed);
            return settle(inputs, next.step(ACCEPT, text), player, opposition, closed, true);
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
        if (!Left.of(inputs, invokes).playerCanInvoke()) {
            Invokes closed = lastWord(inputs, invokes);
            text += lastWordText(inputs, player, opposition, invokes, closed);
            invokes = closed;
        }
        return settle(inputs, next.step(move.id(), text), player, opposition, invokes, false);
    }

    /**
     * Everything that follows from the dice and the invokes: groups, tallies, outcome, moves, memo.
     *
     * @param stopped whether the player has accepted, which ends the roll whatever is left
     */
    private RollState settle(Inputs inputs, RollState.Builder state, List<Die> player, List<Die> opposition,
            Invokes invokes, boolean stopped) {
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

        // The roll is open while the player can invoke; the opposition's invokes alone never keep it open, as
        // whatever it still holds is spent when the player stops.
        boolean canInvoke = !stopped && left.playerCanInvoke();
        boolean canInvokeAgainst = left.oppositionFatePoints() + left.oppositionFreeInvokes() > 0;
        state.moves(List.of());
        if (canInvoke) {
            state.move(new MoveOption(INVOKE, "Invoke an aspect",
                    "Spend a fate point or a free invoke for +2 to your effort or a re-roll of your four dice.",
                    left.freeInvokes() > 0 ? INVOKE_FORM_FREE_FIRST : INVOKE_FORM, true));
            if (canInvokeAgainst) {
                state.move(new MoveOption(INVOKE_AGAINST, "Opposition invokes",
                        "The opposition spends a fate point or a free invoke for +2 to the difficulty now; what it"
                                + " still holds when you stop is spent then anyway.",
                        left.oppositionFreeInvokes() > 0 ? AGAINST_FORM_FREE_FIRST : AGAINST_FORM, true));
            }
            state.move(new MoveOption(ACCEPT, "Accept", canInvokeAgainst
                    ? "Stop invoking; the opposition then spends what it still holds against the roll."
                    : "Take the result as it stands.", Form.EMPTY, false))
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

    private static String aspectsText(int aspects) {
        return aspects == 0 ? "no aspect fits" : aspects == 1 ? "the one aspect that fits has had its fate point"
                : "all " + aspects + " aspects that fit have had their fate point";
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
     * stand. The game counts the invokes the player can make (a fate point for each fitting aspect still open,
     * and the free invokes) and those the opposition still holds, which are spent when the player stops ({@link
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
        Left left = Left.of(inputs, Invokes.NONE);
        int held = left.oppositionInvokes();
        int invokes = left.playerInvokes();
        Dist thrown = dice.map(v -> v + margin);
        // At the throw itself the opposition's invokes land only when the player has nothing to invoke with.
        Odds.Builder odds = over(invokes == 0 ? thrown.map(s -> s - INVOKE_BONUS * held) : thrown);
        Dist stopping = thrown.map(s -> s - INVOKE_BONUS * held);
        if (invokes > 0 && held > 0) {
            odds.plan("accept", "Invoke nothing and accept: the opposition then spends its "
                    + (held == 1 ? "invoke" : held + " invokes") + " against the roll", byOutcome(stopping));
        }
        if (invokes > 0) {
            // While the final shifts would fail or tie, each invoke adds 2; stop at the first success.
            Dist planned = stopping.map(s -> s < 1 ? s + INVOKE_BONUS * Math.min(invokes, (2 - s) / 2) : s);
            odds.plan("invoke-while-short", "Invoke for +2 while you would fail or tie, until you succeed or run"
                    + " out of invokes (" + invokesText(inputs) + ")" + (held > 0 ? "; the opposition's invokes"
                    + " counted" : ""), byOutcome(planned));
        }
        return odds.note((invokes == 0 ? "Outcomes of the throw, nothing to invoke with" : "Outcomes of the throw,"
                + " before anyone invokes") + againstText(held) + ". You can pay for " + invokesText(inputs) + ".")
                .build();
    }

    /** @return what the player can invoke with, in words: fate points as far as aspects take them, free invokes */
    private static String invokesText(Inputs inputs) {
        int points = inputs.integer(FATE_POINTS);
        int aspects = inputs.integer(ASPECTS);
        int paid = Math.min(points, aspects);
        String text = paid == 1 ? "1 invoke with a fate point" : paid + " invokes with fate points";
        if (points > aspects) {
            text += " (" + (aspects == 1 ? "1 aspect fits" : aspects + " aspects fit") + ", one fate point each)";
        }
        int free = inputs.integer(FREE_INVOKES);
        return free == 0 ? text : text + " and " + (free == 1 ? "1 free invoke" : free + " free invokes");
    }

    /** @return how the opposition's invokes still held are counted, for an odds note: nothing when there are none */
    private static String againstText(int held) {
        if (held == 0) {
            return "; the opposition has no invokes against it";
        }
        return "; the opposition's " + (held == 1 ? "invoke" : held + " invokes") + " against it ("
                + Ladder.signed(INVOKE_BONUS * held) + " to the difficulty) are counted, as it spends what it still"
                + " holds when you stop, where that hurts you most";
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        Totals totals = Totals.of(inputs, state);
        Left left = Left.of(inputs, Invokes.of(state));
        int held = left.oppositionInvokes();
        int rest = INVOKE_BONUS * held;
        if (move.id().equals(INVOKE)) {
            // Right after the invoke the opposition's invokes land only if it was the player's last.
            boolean last = left.playerInvokes() == 1;
            int now = last ? rest : 0;
            int withoutDice = totals.shifts() - totals.dice();
            Dist plusTwo = Dist.constant(totals.shifts() + INVOKE_BONUS - rest);
            Dist reroll = FudgeDice.FOUR.map(v -> withoutDice + v - rest);
            boolean rerolling = move.inputs().choice(EFFECT).equals(REROLL);
            Dist after = rerolling ? FudgeDice.FOUR.map(v -> withoutDice + v - now)
                    : Dist.constant(totals.shifts() + INVOKE_BONUS - now);
            return Optional.of(over(after)
                    .plan(PLUS_TWO, "Invoke for +2, then accept", byOutcome(plusTwo))
                    .plan(REROLL, "Invoke to re-roll your four dice, then accept", byOutcome(reroll))
                    .figure("plus-two-success", "Chance to succeed or better with +2", success(plusTwo).toDouble(),
                            percent(success(plusTwo)))
                    .figure("reroll-success", "Chance to succeed or better with a re-roll",
                            success(reroll).toDouble(), percent(success(reroll)))
                    .note("Outcomes right after this invoke" + (last && held > 0 ? ", your last, so the"
                            + " opposition then spends what it holds" : "") + "; the plans and figures are for"
                            + " accepting after it" + againstText(held) + ". A re-roll throws only your four dice;"
                            + " the opposition's stay as they are.")
                    .build());
        }
        if (move.id().equals(INVOKE_AGAINST)) {
            return Optional.of(over(Dist.constant(totals.shifts() - INVOKE_BONUS))
                    .plan("accept", "You then accept", byOutcome(Dist.constant(totals.shifts() - rest)))
                    .note("Your outcome right after the opposition's invoke; if you then accept, it spends the rest"
                            + " it holds too, so accepting ends where it would have without this invoke.")
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

    /**
     * What each side still has to invoke with.
     *
     * @param fatePoints the player's fate points left
     * @param aspects the aspects that fit and have not yet had a fate point this roll
     * @param freeInvokes the player's free invokes left
     * @param oppositionFatePoints the opposition's fate points left
     * @param oppositionFreeInvokes the opposition's free invokes left
     */
    record Left(int fatePoints, int aspects, int freeInvokes, int oppositionFatePoints, int oppositionFreeInvokes) {

        static Left of(Inputs inputs, Invokes invokes) {
            return new Left(inputs.integer(FATE_POINTS) - invokes.fatePointsSpent(),
                    Math.max(0, inputs.integer(ASPECTS) - invokes.paidAspects().size()),
                    inputs.integer(FREE_INVOKES) - invokes.freeInvokesSpent(),
                    inputs.integer(OPPOSITION_FATE_POINTS) - invokes.oppositionFatePointsSpent(),
                    inputs.integer(OPPOSITION_FREE_INVOKES) - invokes.oppositionFreeInvokesSpent());
        }

        /** @return the invokes the player can still make: a fate point for each aspect still open, free invokes */
        int playerInvokes() {
            return Math.min(fatePoints, aspects) + freeInvokes;
        }

        boolean playerCanInvoke() {
            return playerInvokes() > 0;
        }

        /** @return the invokes the opposition still holds against the roll */
        int oppositionInvokes() {
            return oppositionFatePoints + oppositionFreeInvokes;
        }
    }
}
