package io.dicehall.api.state;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything about a roll at one moment: the dice on the table, the tallies, the outcome as it
 * stands, the moves still open, and how it got here. Plain immutable data that JSON-B writes and
 * reads, so a server can store it, send it across a cluster and show it without knowing the
 * system's classes.
 *
 * <p>A state is <em>complete</em>: a procedure's {@code apply} needs only this state and the roll's
 * inputs. Counters the rules need between moves (KISSes left, aspects invoked, the running total)
 * live in {@link #memo()}.
 *
 * @param groups the dice in labelled groups, with distinct group ids and die ids unique across all
 *     groups; may be empty (a Slow Check rolls nothing)
 * @param tallies the counted figures, with distinct ids
 * @param outcome the outcome as the rules read it now, never null
 * @param flags facts beside the outcome (criticals, stress, experience), with distinct ids
 * @param moves the moves still open, with distinct ids; empty when {@code complete}
 * @param complete whether the roll is over: no move may be made on it
 * @param history the steps so far, the first being {@code start}; never empty
 * @param memo the rules' own counters and marks as text, for the system that wrote them; never null
 */
public record RollState(List<DiceGroup> groups, List<Tally> tallies, Outcome outcome, List<Flag> flags,
        List<MoveOption> moves, boolean complete, List<Step> history, Map<String, String> memo) {

    /**
     * A hash of a few identifying fields, consistent with {@link #equals}. The record's own hash would walk
     * the whole tree below it, and JSON-B hashes every object it writes (to catch cycles), so a state
     * written as JSON was hashed over and over, level by level.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(outcome.id(), complete, history.size(), groups.size(), moves.size());
    }

    /** Copies every collection and checks the invariants above. */
    public RollState {
        groups = List.copyOf(groups);
        tallies = List.copyOf(tallies);
        Objects.requireNonNull(outcome, "outcome");
        flags = List.copyOf(flags);
        moves = List.copyOf(moves);
        history = List.copyOf(history);
        memo = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(memo));
        distinct(groups.stream().map(DiceGroup::id).toList(), "group id");
        distinct(groups.stream().flatMap(g -> g.dice().stream()).map(Die::id).toList(), "die id");
        distinct(tallies.stream().map(Tally::id).toList(), "tally id");
        distinct(flags.stream().map(Flag::id).toList(), "flag id");
        distinct(moves.stream().map(MoveOption::id).toList(), "move id");
        if (complete && !moves.isEmpty()) {
            throw new IllegalArgumentException("a complete roll has no open moves");
        }
        if (history.isEmpty()) {
            throw new IllegalArgumentException("a roll state needs at least its first step");
        }
        memo.forEach((key, value) -> {
            Objects.requireNonNull(key, "memo key");
            Objects.requireNonNull(value, "memo value of " + key);
        });
    }

    private static void distinct(List<String> ids, String what) {
        var seen = new HashSet<String>();
        for (String id : ids) {
            if (!seen.add(id)) {
                throw new IllegalArgumentException("duplicate " + what + ": " + id);
            }
        }
    }

    /** @return a builder holding a copy of this state, to derive the next one */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** @return a builder for a first state */
    public static Builder builder() {
        return new Builder(null);
    }

    /** @return the die with that id, in whichever group */
    public Optional<Die> die(String id) {
        return dice().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /** @return every die of every group, in order */
    public List<Die> dice() {
        return groups.stream().flatMap(g -> g.dice().stream()).toList();
    }

    /** @return the group with that id */
    public Optional<DiceGroup> group(String id) {
        return groups.stream().filter(g -> g.id().equals(id)).findFirst();
    }

    /** @return the tally with that id */
    public Optional<Tally> tally(String id) {
        return tallies.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** @return whether a flag with that id is set */
    public boolean flagged(String id) {
        return flags.stream().anyMatch(f -> f.id().equals(id));
    }

    /** @return the open move with that id */
    public Optional<MoveOption> move(String id) {
        return moves.stream().filter(m -> m.id().equals(id)).findFirst();
    }

    /** @return the memo value as a whole number, or {@code orElse} when absent or not a number */
    public int memoInt(String key, int orElse) {
        String value = memo.get(key);
        if (value == null) {
            return orElse;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException notANumber) {
            return orElse;
        }
    }

    /** Derives states step by step. Not thread-safe; {@link #build()} checks the invariants. */
    public static final class Builder {
        private List<DiceGroup> groups = new ArrayList<>();
        private List<Tally> tallies = new ArrayList<>();
        private Outcome outcome;
        private List<Flag> flags = new ArrayList<>();
        private List<MoveOption> moves = new ArrayList<>();
        private boolean complete;
        private final List<Step> history = new ArrayList<>();
        private final Map<String, String> memo = new LinkedHashMap<>();

        private Builder(RollState from) {
            if (from != null) {
                groups.addAll(from.groups);
                tallies.addAll(from.tallies);
                outcome = from.outcome;
                flags.addAll(from.flags);
                moves.addAll(from.moves);
                complete = from.complete;
                history.addAll(from.history);
                memo.putAll(from.memo);
            }
        }

        /** Replaces all groups. */
        public Builder groups(List<DiceGroup> value) {
            groups = new ArrayList<>(value);
            return this;
        }

        /** Adds a group. */
        public Builder group(DiceGroup value) {
            groups.add(value);
            return this;
        }

        /** Adds a group of these dice. */
        public Builder group(String id, String label, List<Die> dice) {
            return group(new DiceGroup(id, label, dice));
        }

        /** Replaces all tallies. */
        public Builder tallies(List<Tally> value) {
            tallies = new ArrayList<>(value);
            return this;
        }

        /** Adds a tally, replacing one with the same id. */
        public Builder tally(Tally value) {
            tallies.removeIf(t -> t.id().equals(value.id()));
            tallies.add(value);
            return this;
        }

        /** Adds a numeric tally, replacing one with the same id. */
        public Builder tally(String id, String label, int value) {
            return tally(Tally.of(id, label, value));
        }

        /** Sets the outcome. */
        public Builder outcome(Outcome value) {
            outcome = value;
            return this;
        }

        /** Replaces all flags. */
        public Builder flags(List<Flag> value) {
            flags = new ArrayList<>(value);
            return this;
        }

        /** Adds a flag, replacing one with the same id. */
        public Builder flag(String id, String text) {
            flags.removeIf(f -> f.id().equals(id));
            flags.add(new Flag(id, text));
            return this;
        }

        /** Replaces the open moves. */
        public Builder moves(List<MoveOption> value) {
            moves = new ArrayList<>(value);
            return this;
        }

        /** Adds an open move. */
        public Builder move(MoveOption value) {
            moves.add(value);
            return this;
        }

        /** Marks the roll over and closes every move. */
        public Builder complete() {
            complete = true;
            moves.clear();
            return this;
        }

        /** Marks the roll open (moves may follow) or over. */
        public Builder complete(boolean value) {
            complete = value;
            if (value) {
                moves.clear();
            }
            return this;
        }

        /** Appends a step to the history. */
        public Builder step(String move, String text) {
            history.add(new Step(move, text));
            return this;
        }

        /** Sets a memo entry. */
        public Builder memo(String key, String value) {
            memo.put(key, value);
            return this;
        }

        /** Sets a memo entry to a number. */
        public Builder memo(String key, int value) {
            return memo(key, String.valueOf(value));
        }

        /** @return the state, checked */
        public RollState build() {
            return new RollState(groups, tallies, outcome, flags, moves, complete, history, memo);
        }
    }
}
