package io.dicehall.api;

import io.dicehall.api.form.Form;
import io.dicehall.api.state.Outcome;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Procedure} whose declarations are given once, to the constructor: its id, name, summary, form and
 * outcomes, checked there (a lower-kebab-case id, a name and a summary that are not blank, at least one outcome,
 * distinct outcome ids), so a mistake shows when the system loads rather than at a roll. A subclass writes the
 * rules: {@link #start}, {@link #odds(io.dicehall.api.form.Inputs)} and, if its rolls offer moves, {@link #apply},
 * {@link #checkMove} and the decision odds. For a roll that ends at the first throw, {@link SingleThrowProcedure}
 * does more.
 *
 * <pre>{@code
 * final class Check extends BasicProcedure {
 *     Check() {
 *         super("check", "Check", "Roll 2d6 plus a modifier.", FORM, OUTCOMES);
 *     }
 *
 *     public RollState start(Inputs inputs, Dice dice) { ... }
 *     public Odds odds(Inputs inputs) { ... }
 * }
 * }</pre>
 *
 * <p>Immutable, as every procedure must be; a subclass keeps no fields that change.
 *
 * @since 0.2
 */
public abstract class BasicProcedure implements Procedure {

    private final String id;
    private final String name;
    private final String summary;
    private final Form form;
    private final List<Outcome> outcomes;

    /**
     * @param id the permanent id, lower-kebab-case, unique within the system
     * @param name the name players see, not blank
     * @param summary one or two sentences on when to use it, not blank
     * @param form the inputs a player fills in; {@link Form#EMPTY} for none
     * @param outcomes every outcome a roll can end with, worst to best, at least one, with distinct ids
     * @throws IllegalArgumentException if a declaration breaks these rules
     * @throws NullPointerException if one is null
     */
    protected BasicProcedure(String id, String name, String summary, Form form, List<Outcome> outcomes) {
        this.id = Text.kebab(id, "procedure id");
        this.name = Text.required(name, "name of procedure " + id);
        this.summary = Text.required(summary, "summary of procedure " + id);
        this.form = Objects.requireNonNull(form, "form");
        this.outcomes = List.copyOf(outcomes);
        if (this.outcomes.isEmpty()) {
            throw new IllegalArgumentException("procedure " + id + " declares no outcomes");
        }
        var ids = new HashSet<String>();
        for (Outcome outcome : this.outcomes) {
            if (!ids.add(outcome.id())) {
                throw new IllegalArgumentException("procedure " + id + " declares the outcome " + outcome.id()
                        + " twice");
            }
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public Form form() {
        return form;
    }

    @Override
    public List<Outcome> outcomes() {
        return outcomes;
    }

    /** @return the procedure's id, for messages and logs */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + id + "]";
    }
}
