package io.dicehall.systems.taskschecks;

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What every rolled procedure of this system shares: one or more rollers throw their dice; then one
 * round of KISSing for everybody at once (failed dice, or successes below 6 thrown again for a 6), Ego for
 * whoever has a 6 to double (or, declared with the KISSes, Health to roll), Fidelity for a single roller while
 * the KISS round is open, and accept. A subclass says who rolls, how the successes are judged, who may pay for which KISS, and
 * how outcome odds follow from each roller's success distribution.
 */
abstract class RollProcedure extends BasicProcedure {

    static final String KISS = "kiss";
    static final String EGO = "ego";
    static final String ACCEPT = "accept";
    static final String FIDELITY = "fidelity";
    static final String POINTS = "points";

    RollProcedure(String id, String name, String summary, Form form, List<Outcome> outcomes) {
        super(id, name, summary, form, outcomes);
    }

    /** Outcome and flag chances computed from each roller's successes. */
    record Chances(Map<String, Fraction> outcomes, List<Chance> flags) {
    }

    /** @return the rollers of a roll with these inputs, in form order */
    abstract List<Roller> rollers(Inputs inputs);

    /** @return whether the roll has several rollers, whose names then label dice and moves */
    abstract boolean named();

    /** Sets the outcome, tallies and flags for these successes. */
    abstract void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state);

    /**
     * The rule on who pays for the picked dice.
     *
     * @param picked how many dice of each roller are picked
     * @param succeeded how many of those picked dice had succeeded (a KISS fishing for a 6)
     * @param failed how many failed KISSable dice each roller has on the table
     */
    abstract List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed);

    /** The outcome odds when each roller's successes follow these independent distributions. */
    abstract Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts);

    /**
     * The outcome odds under the plan "every KISS on failed dice", then Ego if {@code ego}.
     *
     * @param plans the plans already worked out in this odds call
     */
    Map<String, Fraction> planChances(Inputs inputs, List<Roller> rollers, Plans.Memo plans, boolean ego) {
        List<Successes> counts = rollers.stream().map(r -> plans.single(r, r.kisses(), ego)).toList();
        return chances(inputs, rollers, counts).outcomes();
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        List<Roller> rollers = rollers(inputs);
        var groups = new ArrayList<DiceGroup>();
        for (Roller roller : rollers) {
            groups.addAll(Table.roll(roller, dice, named()));
        }
        RollState.Builder state = RollState.builder().groups(groups);
        state.step("start", startText(rollers, groups));
        return settle(inputs, rollers, groups, Map.of(), state);
    }

    String startText(List<Roller> rollers, List<DiceGroup> groups) {
        var parts = new ArrayList<String>();
        for (DiceGroup group : groups) {
            parts.add(group.label() + ": " + faces(group));
        }
        return "Rolled — " + String.join("; ", parts);
    }

    static String faces(DiceGroup group) {
        return group.dice().isEmpty() ? "no dice"
                : String.join(", ", group.dice().stream().map(d -> String.valueOf(d.face())).toList());
    }

    /**
     * Recomputes tallies, outcome, flags and moves from the dice and the memo.
     *
     * @param groups the dice the builder holds
     * @param memo the memo the builder holds
     */
    RollState settle(Inputs inputs, List<Roller> rollers, List<DiceGroup> groups, Map<String, String> memo,
            RollState.Builder builder) {
        builder.tallies(List.of()).flags(List.of()).moves(List.of()).complete(false);
        List<Table.Slot> slots = Table.slots(rollers, groups, memo);
        int[] successes = new int[rollers.size()];
        boolean[] ego = new boolean[rollers.size()];
        for (int i = 0; i < rollers.size(); i++) {
            ego[i] = Table.egoSpent(rollers.get(i), memo);
            successes[i] = Table.successes(rollers.get(i), slots, ego[i]);
        }
        judge(inputs, rollers, successes, ego, builder);
        var moves = new ArrayList<MoveOption>();
        boolean kissOpen = !memo.containsKey("kissed");
        if (kissOpen) {
            kissOption(rollers, slots, ego).ifPresent(moves::add);
            fidelityOption(rollers, memo).ifPresent(moves::add);
        }
        egoOption(rollers, slots, ego, kissOpen).ifPresent(moves::add);
        if (moves.isEmpty()) {
            return builder.complete().build();
        }
        moves.add(new MoveOption(ACCEPT, "Accept", "End the roll as it stands.", Form.EMPTY, false));
        return builder.moves(moves).build();
    }

    private Optional<MoveOption> kissOption(List<Roller> rollers, List<Table.Slot> slots, boolean[] ego) {
        var options = new ArrayList<Option>();
        boolean payable = false;
        int[] failed = failed(rollers, slots);
        for (Table.Slot slot : slots) {
            if (!slot.pickable()) {
                continue;
            }
            options.add(Option.of(slot.die().id(), slot.describe(named())
                    + (slot.failed() ? "" : " (a success: thrown again only to fish for a 6)")));
            int[] picked = new int[rollers.size()];
            int[] succeeded = new int[rollers.size()];
            picked[rollers.indexOf(slot.owner())] = 1;
            succeeded[rollers.indexOf(slot.owner())] = slot.failed() ? 0 : 1;
            payable |= checkPayment(rollers, picked, succeeded, failed).isEmpty();
        }
        if (!payable) {
            return Optional.empty();
        }
        var spenders = new ArrayList<Option>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            // on plain dice Ego may as well be spent after the KISS; with one roller it is offered here too, so
            // that a KISS fishing for a 6 shows its odds with Ego; on an exploding roll this is the only way
            if (!ego[i] && (roller.explodes() ? roller.health() > 0 : !named())) {
                spenders.add(Option.of(egoKey(roller), roller.name()));
            }
        }
        var fields = new ArrayList<io.dicehall.api.form.Field>();
        fields.add(PickField.of("dice", "Dice to pick up", options, 1, options.size()));
        if (!spenders.isEmpty()) {
            fields.add(PickField.of(EGO, named() ? "Who spends Ego with these KISSes" : "Spend Ego with these KISSes",
                    spenders, 0, spenders.size()).help("Optional. Ego declared with the KISSes: every 6 counts twice,"
                            + " the new ones too; on an exploding roll it adds exploding dice equal to Health instead,"
                            + " thrown together with the picked dice."));
        }
        // the label covers every pick: failed dice and successes below 6, as the help and the options say
        return Optional.of(new MoveOption(KISS, "KISS dice",
                "Pick dice to throw again, one KISS each: usually failed dice, but a success below 6 may be thrown"
                        + " again to fish for a 6 (for Ego or an explosion). All are thrown together, once, and the"
                        + " new faces stand, even when worse.",
                new Form(fields), true));
    }

    /**
     * Fidelity, while the KISS round is open (the KISSing page, Kismet): each point advances the rank of the
     * roller's own dice one step at once. Only for a single roller, whose inputs say how many points they may spend.
     */
    private Optional<MoveOption> fidelityOption(List<Roller> rollers, Map<String, String> memo) {
        if (named()) {
            var fields = new ArrayList<io.dicehall.api.form.Field>();
            for (Roller roller : rollers) {
                int useful = roller.usefulFidelity(Table.fidelitySpent(roller, memo));
                if (useful > 0) {
                    fields.add(io.dicehall.api.form.IntegerField.of(roller.key(), roller.name(), 0, useful, useful)
                            .help("Points of Fidelity " + roller.name() + " spends now, each one rank step."));
                }
            }
            if (fields.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new MoveOption(FIDELITY, "Spend Fidelity",
                    "Each point advances that roller's rank one step until the end of the scene: their dice on the"
                            + " table count at the new rank at once, and so do dice KISSed after. Spend it before the"
                            + " KISS is thrown.", new Form(fields), true));
        }
        Roller roller = rollers.get(0);
        int useful = roller.usefulFidelity(Table.fidelitySpent(roller, memo));
        if (useful == 0) {
            return Optional.empty();
        }
        return Optional.of(new MoveOption(FIDELITY, "Spend Fidelity",
                "Each point advances your rank one step until the end of the scene: the dice on the table count at"
                        + " the new rank at once, and so do dice you KISS after. Spend it before the KISS is thrown.",
                Form.of(io.dicehall.api.form.IntegerField.of(POINTS, "Points", 1, useful, useful)
                        .help("Points of Fidelity to spend now, each one rank step.")), true));
    }

    /**
     * The points of Fidelity a move spends, per roller: the single roller's {@code points}, or in a roll with several
     * rollers the field named by each one's key (0 where absent).
     */
    static int[] fidelityPoints(List<Roller> rollers, Move move) {
        int[] points = new int[rollers.size()];
        for (int i = 0; i < rollers.size(); i++) {
            String field = rollers.get(i).key().isEmpty() ? POINTS : rollers.get(i).key();
            points[i] = move.inputs().has(field) ? move.inputs().integer(field) : 0;
        }
        return points;
    }

    /** The value that names a roller in an Ego pick: {@code you} for a single roller, else the roller's key. */
    static String egoKey(Roller roller) {
        return roller.key().isEmpty() ? "you" : roller.key();
    }

    private Optional<MoveOption> egoOption(List<Roller> rollers, List<Table.Slot> slots, boolean[] ego,
            boolean kissOpen) {
        var options = new ArrayList<Option>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            // on an exploding roll Ego is declared with the KISSes: once the KISS round is over it is too late
            if (Table.egoUseful(roller, slots, ego[i]) && (kissOpen || !roller.explodes())) {
                options.add(Option.of(egoKey(roller), roller.name()));
            }
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        String help = "Ego makes every 6 count as two successes, counted after KISSing; on a Die of Fortune it"
                + " adds exploding dice equal to Health instead, and as it is declared with the KISSes, spending it"
                + " alone there ends the KISS round (to KISS as well, spend it with the KISS move).";
        Form form = named() ? Form.of(PickField.of("who", "Who spends Ego", options, 1, options.size())) : Form.EMPTY;
        return Optional.of(new MoveOption(EGO, "Spend Ego", help, form, true));
    }

    private static int[] failed(List<Roller> rollers, List<Table.Slot> slots) {
        int[] failed = new int[rollers.size()];
        for (Table.Slot slot : slots) {
            if (slot.failed() && slot.kissable()) {
                failed[rollers.indexOf(slot.owner())]++;
            }
        }
        return failed;
    }

    @Override
    public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        if (move.id().equals(FIDELITY) && named()) {
            List<Roller> rollers = rollers(inputs);
            int[] points = fidelityPoints(rollers, move);
            var violations = new ArrayList<Violation>();
            int total = 0;
            for (int i = 0; i < rollers.size(); i++) {
                Roller roller = rollers.get(i);
                int useful = roller.usefulFidelity(Table.fidelitySpent(roller, state.memo()));
                if (points[i] > useful) {
                    violations.add(new Violation(roller.key(), roller.name() + " can spend only " + useful + " more"
                            + (useful == 1 ? " point" : " points") + " of Fidelity: a rank advances no further than 1"
                            + " (the KISSing and Rank rules)"));
                }
                total += points[i];
            }
            if (total == 0 && violations.isEmpty()) {
                violations.add(new Violation(rollers.get(0).key(), "spend at least one point of Fidelity, or accept"
                        + " the roll instead (the KISSing rules: Fidelity is a point spent)"));
            }
            return violations;
        }
        if (move.id().equals(FIDELITY)) {
            Roller roller = rollers(inputs).get(0);
            int useful = roller.usefulFidelity(Table.fidelitySpent(roller, state.memo()));
            return move.inputs().integer(POINTS) <= useful ? List.of() : List.of(new Violation(POINTS,
                    "only " + useful + " more " + (useful == 1 ? "point" : "points") + " of Fidelity can be spent:"
                            + " you have " + roller.fidelity() + ", and a rank advances no further than 1 (the KISSing"
                            + " and Rank rules)"));
        }
        if (!move.id().equals(KISS)) {
            return List.of();
        }
        List<Roller> rollers = rollers(inputs);
        List<Table.Slot> slots = Table.slots(rollers, state);
        var violations = new ArrayList<Violation>();
        int[] picked = new int[rollers.size()];
        int[] succeeded = new int[rollers.size()];
        for (String id : move.inputs().picks("dice")) {
            Table.Slot slot = slots.stream().filter(s -> s.die().id().equals(id)).findFirst().orElseThrow();
            if (!slot.kissable()) {
                violations.add(new Violation("dice", id + " is an Ego die, and the bonus dice Ego adds cannot be"
                        + " KISSed (the Ego rules)"));
            } else if (!slot.pickable()) {
                violations.add(new Violation("dice", id + " shows a 6: no face is better, and on an exploding roll"
                        + " a 6 has exploded, which cannot be KISSed (the KISSing and Die of Fortune rules)"));
            } else {
                picked[rollers.indexOf(slot.owner())]++;
                succeeded[rollers.indexOf(slot.owner())] += slot.failed() ? 0 : 1;
            }
        }
        violations.addAll(checkPayment(rollers, picked, succeeded, failed(rollers, slots)));
        return violations;
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        List<Roller> rollers = rollers(inputs);
        RollState.Builder next = state.toBuilder();
        if (move.id().equals(ACCEPT)) {
            return next.step(ACCEPT, "Accepted the roll as it stands").complete().build();
        }
        var texts = new ArrayList<String>();
        var groups = new ArrayList<>(state.groups());
        var memo = new HashMap<>(state.memo());
        if (move.id().equals(FIDELITY)) {
            int[] points = fidelityPoints(rollers, move);
            for (int i = 0; i < rollers.size(); i++) {
                if (points[i] == 0) {
                    continue;
                }
                Roller roller = rollers.get(i);
                int spent = Table.fidelitySpent(roller, memo) + points[i];
                memo.put(roller.fidelityMemo(), String.valueOf(spent));
                next.memo(roller.fidelityMemo(), spent);
                groups = new ArrayList<>(Table.advance(roller, groups, spent, named()));
                texts.add(roller.who() + " spent " + CheckProcedure.plural(points[i], "point", "points")
                        + " of Fidelity: rank " + roller.rank(spent) + " until the end of the scene");
            }
            next.groups(groups).step(FIDELITY, String.join("; ", texts));
            return settle(inputs, rollers, groups, memo, next);
        }
        if (move.id().equals(KISS)) {
            Set<String> picked = new LinkedHashSet<>(move.inputs().picks("dice"));
            Table.Rethrow rethrow = Table.rethrow(rollers, state, picked, dice);
            groups = new ArrayList<>(rethrow.groups());
            next.memo("kissed", picked.size());
            memo.put("kissed", String.valueOf(picked.size()));
            texts.add("Picked up " + picked.size() + " " + (picked.size() == 1 ? "die" : "dice")
                    + payers(rollers, state, picked) + ": " + String.join("; ", rethrow.changes()));
        } else if (spenders(rollers, move).stream().anyMatch(Roller::explodes) && !memo.containsKey("kissed")) {
            // Ego on an exploding roll is declared with the KISSes; declared alone, it ends the KISS round
            next.memo("kissed", 0);
            memo.put("kissed", "0");
        }
        List<Table.Slot> slots = Table.slots(rollers, groups, memo);
        for (Roller roller : spenders(rollers, move)) {
            next.memo(roller.egoMemo(), 1);
            memo.put(roller.egoMemo(), "1");
            if (roller.explodes()) {
                int[] counter = {Table.nextExplosion(roller, groups)};
                int rank = roller.explodingRank(Table.fidelitySpent(roller, memo));
                var egoDice = new ArrayList<io.dicehall.api.state.Die>();
                for (int i = 1; i <= roller.health(); i++) {
                    egoDice.addAll(Table.explode(roller.prefix() + "e" + i, rank, dice, counter, roller.prefix()));
                }
                DiceGroup group = new DiceGroup(roller.group(Table.EGO), Table.egoLabel(roller, rank, named()),
                        egoDice);
                groups.add(group);
                texts.add(roller.who() + " spent Ego on an exploding roll: " + roller.health()
                        + " exploding dice for Health, showing " + faces(group));
            } else {
                long sixes = slots.stream().filter(s -> s.owner() == roller && s.die().face() == 6).count();
                texts.add(roller.who() + " spent Ego: " + sixes + (sixes == 1 ? " six counts" : " sixes count")
                        + " twice");
            }
        }
        next.groups(groups).step(move.id(), String.join("; ", texts));
        return settle(inputs, rollers, groups, memo, next);
    }

    /** Overridden where someone else's KISSes may pay (Group Checks); empty otherwise. */
    String payers(List<Roller> rollers, RollState state, Set<String> picked) {
        return "";
    }

    /** Who spends Ego with this move: the Ego move's pick (everyone for a single roller), or the KISS move's. */
    static List<Roller> spenders(List<Roller> rollers, Move move, boolean named) {
        if (move.id().equals(KISS)) {
            List<String> who = move.inputs().has(EGO) ? move.inputs().picks(EGO) : List.of();
            return rollers.stream().filter(r -> who.contains(egoKey(r))).toList();
        }
        if (!named) {
            return rollers;
        }
        List<String> who = move.inputs().picks("who");
        return rollers.stream().filter(r -> who.contains(r.key())).toList();
    }

    private List<Roller> spenders(List<Roller> rollers, Move move) {
        return spenders(rollers, move, named());
    }

    @Override
    public Odds odds(Inputs inputs) {
        List<Roller> rollers = rollers(inputs);
        Plans.Memo plans = new Plans.Memo();
        List<Successes> thrown = rollers.stream().map(r -> plans.single(r, 0, false)).toList();
        Chances chances = chances(inputs, rollers, thrown);
        Odds.Builder odds = Odds.over(outcomes());
        chances.outcomes().forEach(odds::add);
        chances.flags().forEach(c -> odds.flag(c.id(), c.label(), c.probability()));
        odds.plan("kiss-all", "Every KISS on failed dice (best chance first)",
                planChances(inputs, rollers, plans, false));
        odds.plan("kiss-all-ego", "Every KISS on failed dice, then Ego", planChances(inputs, rollers, plans, true));
        if (rollers.stream().anyMatch(r -> r.usefulFidelity(0) > 0)) {
            // spending every useful point at once right after the throw reads the dice as if thrown at that rank
            List<Roller> advanced = rollers.stream().map(r -> r.advancedBy(r.usefulFidelity(0))).toList();
            odds.plan("fidelity-kiss-all-ego", (named() ? "Everyone spends all" : "All") + " the Fidelity that"
                    + " helps, then every KISS on failed dice, then Ego", planChances(inputs, advanced, plans, true));
        }
        return odds.note(oddsNote()).build();
    }

    String oddsNote() {
        return "Outcomes: the throw as it lands, with no KISS and no Ego. Plans: every available KISS re-throws"
                + " a failed die, best chance first; then, in the second plan, everyone spends Ego.";
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (move.id().equals(ACCEPT)) {
            return Optional.empty();
        }
        List<Roller> rollers = rollers(inputs);
        List<Table.Slot> slots = Table.slots(rollers, state);
        var counts = new ArrayList<Successes>();
        String note;
        if (move.id().equals(FIDELITY)) {
            int[] points = fidelityPoints(rollers, move);
            var memo = new HashMap<>(state.memo());
            List<DiceGroup> groups = state.groups();
            for (int i = 0; i < rollers.size(); i++) {
                Roller roller = rollers.get(i);
                int spent = Table.fidelitySpent(roller, state.memo()) + points[i];
                memo.put(roller.fidelityMemo(), String.valueOf(spent));
                groups = Table.advance(roller, groups, spent, named());
            }
            List<Table.Slot> advanced = Table.slots(rollers, groups, memo);
            for (Roller roller : rollers) {
                counts.add(Successes.constant(Table.successes(roller, advanced, Table.egoSpent(roller, state))));
            }
            note = "If this Fidelity is spent now and nothing else is done after.";
        } else if (move.id().equals(KISS)) {
            Set<String> picked = new LinkedHashSet<>(move.inputs().picks("dice"));
            List<Roller> spenders = spenders(rollers, move);
            for (Roller roller : rollers) {
                boolean spends = spenders.contains(roller);
                boolean ego = spends || Table.egoSpent(roller, state);
                // a success below 6 that is thrown again no longer counts: its new face decides
                long standing = slots.stream().filter(s -> s.owner() == roller && !s.failed()
                        && picked.contains(s.die().id())).count();
                Successes count = Successes.constant(Table.successes(roller, slots, ego) - (int) standing);
                var exploding = new ArrayList<Integer>();
                for (Table.Slot slot : slots) {
                    if (slot.owner() != roller || !picked.contains(slot.die().id())) {
                        continue;
                    }
                    if (slot.exploding()) {
                        exploding.add(slot.rank());
                    } else {
                        count = count.plus(rethrow(slot.rank(), ego && !roller.explodes()));
                    }
                }
                if (spends && roller.explodes()) {
                    exploding.addAll(egoRanks(roller, state.memo()));
                }
                counts.add(count.plus(Successes.explodingAt(exploding.stream().mapToInt(i -> i).toArray())));
            }
            note = "If these dice are thrown again now (with Ego, if declared with them) and nothing else is done"
                    + " after.";
        } else {
            List<Roller> spenders = spenders(rollers, move);
            for (Roller roller : rollers) {
                boolean spends = spenders.contains(roller);
                boolean ego = spends || Table.egoSpent(roller, state);
                Successes count = Successes.constant(Table.successes(roller, slots, ego));
                if (spends && roller.explodes()) {
                    count = count.plus(Successes.explodingAt(egoRanks(roller, state.memo()).stream()
                            .mapToInt(i -> i).toArray()));
                }
                counts.add(count);
            }
            note = "If Ego is spent now and nothing else is done after.";
        }
        Chances chances = chances(inputs, rollers, counts);
        Odds.Builder odds = Odds.over(outcomes());
        chances.outcomes().forEach(odds::add);
        chances.flags().forEach(c -> odds.flag(c.id(), c.label(), c.probability()));
        return Optional.of(odds.note(note).build());
    }

    /** The ranks of the exploding dice Ego adds on an exploding roll: Health of them, at the rank the roll has now. */
    static List<Integer> egoRanks(Roller roller, Map<String, String> memo) {
        return java.util.Collections.nCopies(roller.health(), roller.explodingRank(Table.fidelitySpent(roller, memo)));
    }

    /** One failed die thrown again at {@code rank}: 0, 1 or (with Ego) 2 successes. */
    static Successes rethrow(int rank, boolean doubling) {
        int two = doubling ? 1 : 0;
        return Successes.finite(6, rank - 1, 7 - rank - two, two);
    }

}
