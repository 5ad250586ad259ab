package io.dicehall.web.ui.roll;

import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Best play in a roll's state, as a page says it: the best move now with its chance of reaching the goal,
 * what stopping (or any other move) gives, ties as ties; and each move's value, for marking it among the moves.
 */
public final class BestView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String line;
    private final Set<String> best;
    private final Map<String, String> values;
    private final Map<String, Map<String, Object>> inputs;

    private BestView(String line, Set<String> best, Map<String, String> values, Map<String, Map<String, Object>> inputs) {
        this.line = line;
        this.best = best;
        this.values = values;
        this.inputs = inputs;
    }

    /** No best play to show. */
    public static final BestView NONE = new BestView("", Set.of(), Map.of(), Map.of());

    /**
     * @param goalLabel the outcome aimed at, e.g. "Success"
     * @return best play in words: "Best for Success or better: Daring Roll, 61%; Stop here gives 34%."
     */
    public static BestView of(BestPlay play, RollState state, String goalLabel, Labels labels) {
        if (play.moves().isEmpty()) {
            return NONE;
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Map<String, Object>> inputs = new LinkedHashMap<>();
        for (MoveChance m : play.byMove()) {
            values.put(m.move().id(), Percent.of(m.probability()));
            inputs.put(m.move().id(), new LinkedHashMap<>(m.move().inputs().toMap()));
        }
        Set<String> best = new LinkedHashSet<>();
        play.best().forEach(m -> best.add(m.move().id()));
        String bestNames = String.join(labels.get("best.and"), best.stream().map(id -> label(state, id)).toList());
        String others = String.join("; ", play.byMove().stream().filter(m -> !best.contains(m.move().id()))
                .map(m -> labels.get("best.gives", label(state, m.move().id()), Percent.of(m.probability()))).toList());
        String line = labels.get(best.size() > 1 ? "best.tie" : "best.move", goalLabel, bestNames,
                Percent.of(play.probability())) + (others.isEmpty() ? "" : "; " + others) + ".";
        return new BestView(line, best, values, inputs);
    }

    private static String label(RollState state, String moveId) {
        return state.moves().stream().filter(o -> o.id().equals(moveId)).map(MoveOption::label).findFirst().orElse(moveId);
    }

    /** @return best play in words; empty where there is none */
    public String getLine() {
        return line;
    }

    /** @return whether the move is the best one now (or tied for best) */
    public boolean best(String moveId) {
        return best.contains(moveId);
    }

    /** @return the chance of reaching the goal by making the move, then playing well, e.g. "61%"; empty if unknown */
    public String value(String moveId) {
        return values.getOrDefault(moveId, "");
    }

    /**
     * @return the inputs with which the move does best (which dice to pick up …), for its form to start from, so
     *     that the value shown beside a move is the value of the move as its form stands; empty if unknown
     */
    public Map<String, Object> inputs(String moveId) {
        return inputs.getOrDefault(moveId, Map.of());
    }

    /** @return the moves with their values, for listing */
    public List<String> getBestMoves() {
        return List.copyOf(best);
    }
}
