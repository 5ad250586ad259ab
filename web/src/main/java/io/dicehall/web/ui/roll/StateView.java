package io.dicehall.web.ui.roll;

import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A roll's state as the page shows it: the outcome with its tone and description, the dice in their
 * groups, the tallies, the flags and the history. The open moves are shown by {@link MoveView}s.
 */
public final class StateView implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A counted figure, e.g. "Successes 3". */
    public static final class TallyView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String label;
        private final String text;

        TallyView(String label, String text) {
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

    /** One step of the history. */
    public static final class StepView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int number;
        private final String move;
        private final String text;

        StepView(int number, String move, String text) {
            this.number = number;
            this.move = move;
            this.text = text;
        }

        public int getNumber() {
            return number;
        }

        public String getMove() {
            return move;
        }

        public String getText() {
            return text;
        }
    }

    private final String outcome;
    private final String tone;
    private final String toneLabel;
    private final String description;
    private final List<DiceGroupView> groups;
    private final List<String> verdicts;
    private final List<TallyView> tallies;
    private final List<String> flags;
    private final List<StepView> history;
    private final boolean complete;

    private StateView(RollState state, Labels labels, RollState before) {
        outcome = state.outcome().label();
        tone = state.outcome().tone().name().toLowerCase(Locale.ROOT);
        toneLabel = labels.get("tone." + tone);
        description = state.outcome().description();
        Map<String, Die> earlier = before == null ? Map.of()
                : before.groups().stream().flatMap(g -> g.dice().stream())
                        .collect(Collectors.toMap(Die::id, d -> d, (a, b) -> a));
        Predicate<Die> fresh = d -> before != null && !d.equals(earlier.get(d.id()));
        groups = state.groups().stream().map(g -> new DiceGroupView(g, labels, fresh)).toList();
        Set<String> shown = groups.stream().flatMap(g -> g.getDice().stream()).map(DieView::getVerdict)
                .collect(Collectors.toSet());
        verdicts = Arrays.stream(Verdict.values()).map(v -> v.name().toLowerCase(Locale.ROOT))
                .filter(shown::contains).toList();
        tallies = state.tallies().stream().map(t -> new TallyView(t.label(), t.text())).toList();
        flags = state.flags().stream().map(f -> f.text()).toList();
        history = IntStream.range(0, state.history().size())
                .mapToObj(i -> new StepView(i + 1, state.history().get(i).move(), state.history().get(i).text()))
                .toList();
        complete = state.complete();
    }

    /** @return the page's view of a state */
    public static StateView of(RollState state, Labels labels) {
        return new StateView(state, labels, null);
    }

    /**
     * @param before the state the page showed before, or null
     * @return the page's view of a state, marking the dice that differ from {@code before} (added or re-rolled)
     */
    public static StateView since(RollState state, RollState before, Labels labels) {
        return new StateView(state, labels, before);
    }

    /** @return the drawing of the die with that id, or null */
    public DieView die(String id) {
        return groups.stream().flatMap(g -> g.getDice().stream()).filter(d -> d.getId().equals(id)).findFirst()
                .orElse(null);
    }

    public String getOutcome() {
        return outcome;
    }

    /** @return good, mixed, bad or pending: the CSS class of the outcome */
    public String getTone() {
        return tone;
    }

    /** @return the tone in words, for those who cannot see the colour */
    public String getToneLabel() {
        return toneLabel;
    }

    public String getDescription() {
        return description;
    }

    public List<DiceGroupView> getGroups() {
        return groups;
    }

    /** @return the verdicts the dice show, in the order of {@link Verdict}: what the dice legend explains */
    public List<String> getVerdicts() {
        return verdicts;
    }

    /** @return whether any die is marked as added or re-rolled by the latest move */
    public boolean isAnyFresh() {
        return getDice().stream().anyMatch(DieView::isFresh);
    }

    /** @return every die of every group, for a row of small dice */
    public List<DieView> getDice() {
        return groups.stream().flatMap(g -> g.getDice().stream()).toList();
    }

    public List<TallyView> getTallies() {
        return tallies;
    }

    public List<String> getFlags() {
        return flags;
    }

    public List<StepView> getHistory() {
        return history;
    }

    public boolean isComplete() {
        return complete;
    }
}
