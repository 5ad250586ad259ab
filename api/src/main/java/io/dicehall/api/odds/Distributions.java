package io.dicehall.api.odds;

import io.dicehall.api.form.Inputs;
import java.util.List;

/**
 * What a {@link io.dicehall.api.Procedure} may implement besides its odds when a roll adds up to numbers
 * whose whole spread is worth showing: the exact distribution of each total (one per expression of a dice
 * notation roll, say), so a front end can chart it and read at-least and at-most chances from it. The
 * outcome odds ({@link io.dicehall.api.Procedure#odds(Inputs)}) stay what the server checks and shows; this
 * adds the totals behind them.
 *
 * <p>A front end asks {@code procedure instanceof Distributions}; a procedure that does not implement it
 * simply has no totals to chart. Like a procedure, an implementation is immutable and thread-safe.
 *
 * @since 0.3
 */
public interface Distributions {

    /**
     * @param inputs checked inputs that broke no rule of the procedure
     * @return each total the roll reads, in the order the roll shows them as tallies (each {@code id} is the
     *     tally's id); never null, may be empty
     */
    List<Total> distributions(Inputs inputs);

    /**
     * The exact distribution of one total of a roll, and what it must meet, if anything.
     *
     * @param id lower-kebab-case, the id of the tally that shows this total after the roll
     * @param label what players call it, never blank
     * @param dist its exact distribution
     * @param target which totals meet the roll's target, for pages to mark them; null when it has none
     * @since 0.3
     */
    record Total(String id, String label, Dist dist, java.util.function.IntPredicate target) {

        /** Checks the parts. */
        public Total {
            io.dicehall.api.Text.kebab(id, "total id");
            io.dicehall.api.Text.required(label, "total label");
            java.util.Objects.requireNonNull(dist, "dist");
        }

        /** A total with no target. */
        public Total(String id, String label, Dist dist) {
            this(id, label, dist, null);
        }
    }
}
