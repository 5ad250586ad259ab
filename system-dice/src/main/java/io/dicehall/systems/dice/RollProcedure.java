package io.dicehall.systems.dice;

import io.dicehall.api.Dice;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Distributions;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.systems.dice.Ast.Binary;
import io.dicehall.systems.dice.Ast.Expression;
import io.dicehall.systems.dice.Ast.Negate;
import io.dicehall.systems.dice.Ast.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code roll}: one or more expressions in the common dice notation, each with an optional target and label. It
 * ends at the throw; its odds are each total's exact distribution ({@link Distributions}) and, with targets, the
 * chance that they are met.
 */
final class RollProcedure extends SingleThrowProcedure implements Distributions {

    static final String EXPRESSION = "expression";

    static final Outcome FAILURE = Outcome.of("failure", "Target missed", Tone.BAD,
            "The total falls short of its target (with several targets: none is met).");
    static final Outcome MIXED = Outcome.of("mixed", "Some targets met", Tone.MIXED,
            "Some of the roll's targets are met and some are not.");
    static final Outcome SUCCESS = Outcome.of("success", "Target met", Tone.GOOD,
            "The total meets its target (with several targets: every one is met).");
    static final Outcome ROLLED = Outcome.of("rolled", "Rolled", Tone.PENDING,
            "No target was given: the totals are the result.");

    static final Form FORM = Form.of(new TextField(EXPRESSION, "Dice", "Dice in the common notation, such as 4d6kh3,"
            + " 1d20+5 >= 15 or 8d10>=8f1. Separate several rolls with commas and name each after it:"
            + " 1d20+5 to hit, 2d6+3 damage. A comparison right after the dice (8d10>=8) counts the dice that meet"
            + " it; after the whole expression, with a space (1d20+5 >= 15), it is the target.",
            Limits.LENGTH, true, "1d20+5 >= 15 to hit, 2d6+3 damage"));

    private final Limits.Caps caps;

    RollProcedure() {
        this(Limits.Caps.PLAY);
    }

    /** @param caps how often a die may explode and be re-rolled: {@link Limits.Caps#PLAY}, or smaller in tests */
    RollProcedure(Limits.Caps caps) {
        super("roll", "Roll dice", "Roll any dice written in the common notation (NdX, keep and drop, re-rolls,"
                + " exploding dice, success counts, arithmetic), with the exact odds of every total.", FORM,
                List.of(FAILURE, MIXED, SUCCESS, ROLLED));
        this.caps = caps;
    }

    /** The expressions of checked inputs: parsed, and within every limit. */
    private record Checked(List<Expression> expressions, String error) {
    }

    private Checked read(Inputs inputs) {
        Parser.Result parsed = Parser.parse(inputs.text(EXPRESSION));
        if (!parsed.ok()) {
            return new Checked(List.of(), sentence(parsed.error()));
        }
        var expressions = parsed.expressions();
        long[] spent = {0};
        for (int i = 0; i < expressions.size(); i++) {
            Expression e = expressions.get(i);
            String beyond = Analysis.check(e, spent);
            if (beyond == null) {
                beyond = zeroDivisor(e.sum());
            }
            if (beyond != null) {
                String which = expressions.size() == 1 ? "The expression " : "Expression " + (i + 1) + " (" + e.text()
                        + ") ";
                return new Checked(List.of(), which + beyond);
            }
        }
        return new Checked(expressions, null);
    }

    /** @return a message if a divisor in {@code node} can be 0, worked out exactly; null if none can */
    private String zeroDivisor(Node node) {
        if (node instanceof Negate negate) {
            return zeroDivisor(negate.inner());
        }
        if (node instanceof Binary b) {
            String inner = zeroDivisor(b.left());
            if (inner == null) {
                inner = zeroDivisor(b.right());
            }
            if (inner == null && b.op() == '/') {
                Analysis.Range range = Analysis.range(b.right());
                if (range.lo() <= 0 && range.hi() >= 0 && !Exact.of(b.right(), caps).p(0).isZero()) {
                    return "divides by something that can be 0: a divisor must never be 0";
                }
            }
            return inner;
        }
        return null;
    }

    private static String sentence(String message) {
        String text = message.startsWith("expected") ? "Expected" + message.substring("expected".length())
                : "The expression " + message;
        return text.endsWith(".") ? text : text + ".";
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        Checked checked = read(inputs);
        return checked.error() == null ? List.of() : List.of(Violation.of(EXPRESSION, checked.error()));
    }

    private List<Expression> expressions(Inputs inputs) {
        Checked checked = read(inputs);
        if (checked.error() != null) {
            throw new IllegalArgumentException("inputs that break a rule: " + checked.error());
        }
        return checked.expressions();
    }

    private static String name(Expression e, int index, int of) {
        if (!e.label().isEmpty()) {
            return e.label();
        }
        return of == 1 ? e.text() : "Roll " + (index + 1) + " (" + e.text() + ")";
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        List<Expression> expressions = expressions(inputs);
        var state = RollState.builder();
        var lines = new ArrayList<String>();
        var summary = new ArrayList<String>();
        int targets = 0;
        int met = 0;
        for (int i = 0; i < expressions.size(); i++) {
            Expression e = expressions.get(i);
            String name = name(e, i, expressions.size());
            var roller = new Roller(dice, "e" + (i + 1), name, caps);
            int total = (int) roller.total(e.sum());
            roller.groups().forEach(state::group);
            String text = String.valueOf(total);
            if (e.target() != null) {
                targets++;
                boolean hit = e.target().test(total);
                if (hit) {
                    met++;
                    state.flag("target-" + (i + 1), name + " meets its target (" + e.target() + ")");
                }
                text += " (target " + e.target() + ": " + (hit ? "met" : "missed") + ")";
            }
            state.tally(new io.dicehall.api.state.Tally("total-" + (i + 1), name, total, text));
            String thrown = roller.story().isEmpty() ? "no dice" : String.join("; ", roller.story());
            lines.add(name + ": " + thrown + "; total " + text);
            summary.add((expressions.size() == 1 ? "Total" : name) + " " + total);
        }
        Outcome outcome;
        if (targets == 0) {
            outcome = ROLLED.describedAs(String.join(", ", summary));
        } else if (met == targets) {
            outcome = SUCCESS;
        } else if (met == 0) {
            outcome = FAILURE;
        } else {
            outcome = MIXED.describedAs(met + " of " + targets + " targets met.");
        }
        return state.outcome(outcome).step("start", String.join(". ", lines)).complete().build();
    }

    @Override
    public List<Total> distributions(Inputs inputs) {
        List<Expression> expressions = expressions(inputs);
        var totals = new ArrayList<Total>();
        for (int i = 0; i < expressions.size(); i++) {
            Expression e = expressions.get(i);
            totals.add(new Total("total-" + (i + 1), name(e, i, expressions.size()), Exact.of(e.sum(), caps),
                    e.target() == null ? null : e.target()::test));
        }
        return totals;
    }

    @Override
    public Odds odds(Inputs inputs) {
        List<Expression> expressions = expressions(inputs);
        List<Total> totals = distributions(inputs);
        var odds = Odds.over(outcomes());
        Fraction all = Fraction.ONE;
        Fraction none = Fraction.ONE;
        int targets = 0;
        for (int i = 0; i < expressions.size(); i++) {
            Expression e = expressions.get(i);
            Total total = totals.get(i);
            Dist dist = total.dist();
            int n = i + 1;
            Fraction mean = dist.map(v -> v - dist.min()).mean();
            double meanValue = mean.toDouble() + dist.min();
            odds.figure("mean-" + n, "Mean of " + total.label(), meanValue,
                    String.format(Locale.ROOT, "%.2f", meanValue));
            odds.figure("range-" + n, "Lowest and highest of " + total.label(), dist.max() - dist.min(),
                    dist.min() + " to " + dist.max());
            if (e.target() != null) {
                targets++;
                Fraction p = dist.p(e.target()::test);
                odds.flag("target-" + n, total.label() + " meets its target (" + e.target() + ")", p);
                all = all.times(p);
                none = none.times(p.complement());
            }
        }
        if (targets == 0) {
            return odds.add(ROLLED.id(), Fraction.ONE).note("No target: the figures and each total's distribution"
                    + " are the odds.").build();
        }
        return odds.add(SUCCESS.id(), all).add(FAILURE.id(), none)
                .add(MIXED.id(), Fraction.ONE.minus(all).minus(none))
                .note("Each die explodes at most " + caps.explosions() + " times and is re-rolled at most "
                        + caps.rerolls() + " times, in the roll and in these odds alike.")
                .build();
    }
}
