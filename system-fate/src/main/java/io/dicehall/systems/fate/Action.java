package io.dicehall.systems.fate;

import io.dicehall.api.state.Flag;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.List;

/**
 * The four actions of Fate Condensed. They roll alike; each reads the same four outcomes (fail,
 * tie, succeed, succeed with style) in its own way. The texts are ours, after the document's
 * sections "Overcome", "Create an Advantage", "Attack" and "Defend".
 */
enum Action {

    OVERCOME("overcome", "Overcome", "Get past an obstacle with one of your skills.",
            "The difficulty of the obstacle, or the opposing skill when the opposition rolls.",
            "You don't get past it, or the GM lets you through at a serious cost.",
            "You get there at a small cost, or the GM rules a miss that leaves you a boost.",
            "You get what you were after and the story moves on.",
            "You get what you were after, and a boost besides.") {
        @Override
        Reading read(int shifts, AspectKind aspect) {
            return switch (grade(shifts)) {
                case 0 -> reading(0, "You don't get past it. The GM may let you through anyway, at a serious"
                        + " cost.");
                case 1 -> reading(1, "You get there at a small cost: a tight spot, a boost for the other side"
                        + " or a hit to absorb. The GM may instead rule a miss that leaves you a boost.");
                case 2 -> reading(2, "You get what you were after and the story moves on.");
                default -> reading(3, "You get what you were after, and a boost besides.").with(BOOST);
            };
        }
    },

    CREATE_ADVANTAGE("create-advantage", "Create an Advantage",
            "Place a new aspect, or gain free invokes on one already there.",
            "The difficulty, or the defender's skill when they roll to stop you.",
            "You fall short: the other side may end up with a free invoke on the aspect.",
            "A boost if the aspect is new or hidden; a free invoke on it if it is already known.",
            "One free invoke on the aspect, revealing it if it was hidden.",
            "Two free invokes on the aspect, revealing it if it was hidden.") {
        @Override
        Reading read(int shifts, AspectKind aspect) {
            int grade = grade(shifts);
            if (grade == 0) {
                return switch (aspect) {
                    case NEW -> reading(0, "The aspect doesn't appear. Or, if you accept the cost, it does, but"
                            + " the other side holds its free invoke and may reword it in their favour.");
                    case KNOWN -> reading(0, "Your try backfires: the other side gains a free invoke on the aspect.")
                            .with(ENEMY_FREE_INVOKE);
                    case UNKNOWN -> reading(0, "The aspect stays hidden, and the other side may reveal it to take a"
                            + " free invoke on it.");
                };
            }
            if (grade == 1 && aspect != AspectKind.KNOWN) {
                return reading(1, aspect == AspectKind.NEW
                        ? "No aspect this time, but you take a boost."
                        : "The aspect stays hidden, but you take a boost.").with(BOOST);
            }
            int invokes = grade == 3 ? 2 : 1;
            String free = invokes == 1 ? "one free invoke" : "two free invokes";
            Reading reading = switch (aspect) {
                case NEW -> reading(grade, "You place the aspect with " + free + " on it.");
                case KNOWN -> reading(grade, "You gain " + free + " on the aspect.");
                case UNKNOWN -> reading(grade, "You uncover the aspect and gain " + free + " on it.")
                        .with(new Flag("aspect-revealed", "The hidden aspect is now revealed."));
            };
            return reading.with(Tally.of("free-invokes-gained", "Free invokes gained", invokes));
        }
    },

    ATTACK("attack", "Attack", "Try to harm an opponent: your shifts are the size of the hit.",
            "The defender's effort, or their defending skill when they roll.",
            "The attack doesn't connect: it is blocked, dodged or soaked up.",
            "At most a graze, but you take a boost.",
            "You deal a hit as big as your shifts; the defender absorbs it with stress or consequences, or is"
                    + " taken out.",
            "You deal a hit as big as your shifts, or one shift less and a boost, as you prefer.") {
        @Override
        Reading read(int shifts, AspectKind aspect) {
            return switch (grade(shifts)) {
                case 0 -> reading(0, "The attack doesn't connect: it is blocked, dodged or soaked up.");
                case 1 -> reading(1, "At most a graze, but you take a boost.").with(BOOST);
                case 2 -> reading(2, "You deal a hit of " + shiftsText(shifts) + "; the defender absorbs it"
                        + " with stress or consequences, or is taken out.").with(hit("Hit dealt", shifts));
                default -> reading(3, "You deal a hit of " + shiftsText(shifts) + ", or of "
                        + shiftsText(shifts - 1) + " and a boost, as you prefer.")
                        .with(hit("Hit dealt", shifts))
                        .with(new Flag("trade-shift-for-boost", "You may deal " + shiftsText(shifts - 1)
                                + " instead and take a boost."));
            };
        }
    },

    DEFEND("defend", "Defend", "Stop an attack, or an opponent's try to overcome or create an advantage.",
            "The opponent's effort, or their skill when they roll now.",
            "Their action succeeds; against an attack you take a hit as big as their margin.",
            "Read the tie result of the action you opposed.",
            "You avoid the hit or deny their action.",
            "You avoid the hit or deny their action, and take a boost as you gain the upper hand.") {
        @Override
        Reading read(int shifts, AspectKind aspect) {
            return switch (grade(shifts)) {
                case 0 -> reading(0, "Their action succeeds. If it was an attack, you take a hit of "
                        + shiftsText(-shifts) + " to absorb with stress or consequences.")
                        .with(hit("Hit taken, if attacked", -shifts));
                case 1 -> reading(1, "Read the tie result of the action you opposed.");
                case 2 -> reading(2, "You avoid the hit or deny their action.");
                default -> reading(3, "You avoid the hit or deny their action, and take a boost as you gain the"
                        + " upper hand.").with(BOOST);
            };
        }
    };

    static final String FAIL = "fail";
    static final String TIE = "tie";
    static final String SUCCEED = "succeed";
    static final String STYLE = "succeed-with-style";

    private static final Flag BOOST = new Flag("boost", "You gain a boost: a fleeting aspect with one free invoke.");
    private static final Flag ENEMY_FREE_INVOKE = new Flag("enemy-free-invoke",
            "The other side gains a free invoke on the aspect.");

    final String id;
    final String label;
    final String summary;
    final String difficultyHelp;
    private final List<Outcome> outcomes;

    Action(String id, String label, String summary, String difficultyHelp, String fail, String tie,
            String succeed, String style) {
        this.id = id;
        this.label = label;
        this.summary = summary;
        this.difficultyHelp = difficultyHelp;
        this.outcomes = List.of(
                new Outcome(FAIL, "Fail", Tone.BAD, fail),
                new Outcome(TIE, "Tie", Tone.MIXED, tie),
                new Outcome(SUCCEED, "Succeed", Tone.GOOD, succeed),
                new Outcome(STYLE, "Succeed with style", Tone.GOOD, style));
    }

    /** @return fail, tie, succeed, succeed with style, with this action's generic descriptions */
    List<Outcome> outcomes() {
        return outcomes;
    }

    /** @return what these shifts mean for this action; {@code aspect} matters only to create an advantage */
    abstract Reading read(int shifts, AspectKind aspect);

    /** @return 0 fail (below 0 shifts), 1 tie (0), 2 succeed (1–2), 3 succeed with style (3 or more) */
    static int grade(int shifts) {
        return shifts < 0 ? 0 : shifts == 0 ? 1 : shifts <= 2 ? 2 : 3;
    }

    static String shiftsText(int shifts) {
        return shifts == 1 ? "1 shift" : shifts + " shifts";
    }

    // Not private: the constants' bodies are subclasses and call it.
    Reading reading(int grade, String description) {
        return new Reading(outcomes.get(grade).describedAs(description), List.of(), List.of());
    }

    static Tally hit(String label, int shifts) {
        return new Tally("hit", label, shifts, shiftsText(shifts));
    }

    /** How one roll reads: the outcome with its description, and the flags and tallies that go with it. */
    record Reading(Outcome outcome, List<Flag> flags, List<Tally> tallies) {

        Reading {
            flags = List.copyOf(flags);
            tallies = List.copyOf(tallies);
        }

        Reading with(Flag flag) {
            var more = new ArrayList<>(flags);
            more.add(flag);
            return new Reading(outcome, more, tallies);
        }

        Reading with(Tally tally) {
            var more = new ArrayList<>(tallies);
            more.add(tally);
            return new Reading(outcome, flags, more);
        }
    }
}
