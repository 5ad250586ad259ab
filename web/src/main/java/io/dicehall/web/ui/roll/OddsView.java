package io.dicehall.web.ui.roll;

import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.Notice;
import java.io.Serializable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Exact odds as a page charts them: a bar per outcome coloured by its tone, the chances of flags, the
 * stated plans, figures and the note on what the odds assume; or, while the inputs break a rule, why
 * there are none.
 */
public final class OddsView implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A stated plan of play and its bars. */
    public static final class PlanView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String label;
        private final List<BarView> bars;

        PlanView(Plan plan, Map<String, Tone> tones) {
            label = plan.label();
            bars = plan.outcomes().stream().map(c -> new BarView(c, tones.get(c.id()))).toList();
        }

        public String getLabel() {
            return label;
        }

        public List<BarView> getBars() {
            return bars;
        }
    }

    /** A number beside the odds. */
    public static final class FigureView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String label;
        private final String text;

        FigureView(String label, String text) {
            this.label = label;
            this.text = text;
        }

        public String getLabel() {
            return label;
        }

        public String getText() {
            return text;
        }
    }

    private final List<BarView> outcomes;
    private final List<BarView> flags;
    private final List<PlanView> plans;
    private final List<FigureView> figures;
    private final String note;
    private final String headline;
    private final List<Notice> problems;
    private String bestPlay = "";

    private OddsView(List<BarView> outcomes, List<BarView> flags, List<PlanView> plans, List<FigureView> figures,
            String note, String headline, List<Notice> problems) {
        this.outcomes = outcomes;
        this.flags = flags;
        this.plans = plans;
        this.figures = figures;
        this.note = note;
        this.headline = headline;
        this.problems = problems;
    }

    /** @return the chart of odds over the procedure's declared outcomes */
    public static OddsView of(Odds odds, List<Outcome> declared) {
        return of(odds, declared, "");
    }

    private static OddsView of(Odds odds, List<Outcome> declared, String headline) {
        Map<String, Tone> tones = tones(declared);
        return new OddsView(odds.outcomes().stream().map(c -> new BarView(c, tones.get(c.id()))).toList(),
                odds.flags().stream().map(c -> new BarView(c, Tone.PENDING)).toList(),
                odds.plans().stream().map(p -> new PlanView(p, tones)).toList(),
                odds.figures().stream().map(f -> new FigureView(f.label(), f.text())).toList(),
                odds.note(), headline, List.of());
    }

    /**
     * The odds of a move, headed by what it changes for the player, e.g. "KISS dice: Regular Pass
     * or Pass with Flying Colors 0% → 83%": the chance of an outcome better than the current one, as it
     * stands now (0%) and after the move; when nothing is better, the chance of keeping the current one
     * (100% now). Better means of a better tone, or of the same tone and declared later (outcomes are
     * declared worst to best). Tones and outcomes are the system's; only the sums are made here.
     */
    public static OddsView ofMove(Odds odds, List<Outcome> declared, Outcome current, String moveLabel,
            Labels labels) {
        return ofMove(odds, declared, current, moveLabel, null, labels);
    }

    /**
     * The odds of a move headed by the chance of the player's goal, when they chose one: "Daring Roll: Success
     * or better 61% → 44%" (the goal reached or bettered, now and after the move; outcomes are declared worst to
     * best). Without a goal (null, or one the procedure does not declare), as {@link #ofMove(Odds, List, Outcome,
     * String, Labels)}. The other outcomes stay in the odds below the headline.
     */
    public static OddsView ofMove(Odds odds, List<Outcome> declared, Outcome current, String moveLabel, String goal,
            Labels labels) {
        int at = goal == null ? -1
                : declared.stream().map(Outcome::id).toList().indexOf(goal);
        Set<String> target;
        String names;
        if (at >= 0) {
            target = declared.subList(at, declared.size()).stream().map(Outcome::id)
                    .collect(Collectors.toCollection(LinkedHashSet::new));
            names = at == declared.size() - 1 ? declared.get(at).label()
                    : labels.get("odds.orBetter", declared.get(at).label());
        } else {
            target = target(declared, current);
            names = target.size() > 2 && !target.contains(current.id())
                    ? labels.get("odds.better", current.label())
                    : declared.stream().filter(o -> target.contains(o.id())).map(Outcome::label)
                            .collect(Collectors.joining(labels.get("odds.or")));
        }
        Fraction after = odds.outcomes().stream().filter(c -> target.contains(c.id())).map(Chance::probability)
                .reduce(Fraction.ZERO, Fraction::plus);
        String headline = current.tone() == Tone.PENDING
                ? labels.get("move.odds.headline.pending", moveLabel, names, Percent.of(after))
                : labels.get("move.odds.headline", moveLabel, names,
                        Percent.of(target.contains(current.id()) ? Fraction.ONE : Fraction.ZERO), Percent.of(after));
        return of(odds, declared, headline);
    }

    private static Set<String> target(List<Outcome> declared, Outcome current) {
        Set<String> ids = new LinkedHashSet<>();
        if (current.tone() == Tone.PENDING) {
            int best = declared.stream().mapToInt(o -> rank(o.tone())).max().orElse(0);
            declared.stream().filter(o -> rank(o.tone()) == best).forEach(o -> ids.add(o.id()));
            return ids;
        }
        int now = rank(current.tone());
        int at = declared.stream().map(Outcome::id).toList().indexOf(current.id());
        for (int i = 0; i < declared.size(); i++) {
            int tone = rank(declared.get(i).tone());
            if (tone > now || tone == now && i > at) {
                ids.add(declared.get(i).id());
            }
        }
        if (ids.isEmpty()) {
            ids.add(current.id());
        }
        return ids;
    }

    private static int rank(Tone tone) {
        return switch (tone) {
            case BAD -> 0;
            case PENDING -> 1;
            case MIXED -> 2;
            case GOOD -> 3;
        };
    }

    private static Map<String, Tone> tones(List<Outcome> declared) {
        return declared.stream().collect(Collectors.toMap(Outcome::id, Outcome::tone, (a, b) -> a));
    }

    /** @return no odds, and why */
    public static OddsView unavailable(List<Notice> problems) {
        return new OddsView(List.of(), List.of(), List.of(), List.of(), "", "", List.copyOf(problems));
    }

    /** @return the outcomes that can happen, most likely first, for a compact summary beside the Roll button */
    public List<BarView> getLikely() {
        return outcomes.stream().filter(b -> !b.isImpossible())
                .sorted(java.util.Comparator.comparingDouble(BarView::chance).reversed()).limit(4).toList();
    }

    /** @return whether there are odds to chart */
    public boolean isShown() {
        return problems.isEmpty();
    }

    public List<BarView> getOutcomes() {
        return outcomes;
    }

    public List<BarView> getFlags() {
        return flags;
    }

    public List<PlanView> getPlans() {
        return plans;
    }

    public List<FigureView> getFigures() {
        return figures;
    }

    public String getNote() {
        return note;
    }

    /** @return for a move, what it changes, e.g. "KISS dice: Pass 0% → 83%"; empty otherwise */
    public String getHeadline() {
        return headline;
    }

    /**
     * @param line best play in words, e.g. "Success or better, every choice made well: 72% (23/32)"
     * @return these odds with that line
     */
    public OddsView withBestPlay(String line) {
        bestPlay = line == null ? "" : line;
        return this;
    }

    /** @return best play in words; empty where there is none */
    public String getBestPlay() {
        return bestPlay;
    }

    /** @return why there are no odds: the rules the inputs break, or the system's failure */
    public List<Notice> getProblems() {
        return problems;
    }
}
