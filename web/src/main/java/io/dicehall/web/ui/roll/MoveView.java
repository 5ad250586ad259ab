package io.dicehall.web.ui.roll;

import io.dicehall.api.state.MoveOption;
import io.dicehall.web.ui.form.FormInput;
import java.io.Serializable;
import java.util.Map;

/**
 * A move still open on the roll, as a button with its own small form (the dice to KISS, the emotion to
 * raise, the aspect to invoke) and, when the system gives them, the odds of taking it now.
 */
public final class MoveView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final String label;
    private final String help;
    private final boolean hasOdds;
    private final FormInput form;
    private OddsView odds;
    private Map<String, Object> oddsFor;
    private String message = "";

    /**
     * @param shown the state the move is open on, to draw the dice its picks name
     * @param prefix starts the HTML ids of the move's form, unique among the rolls on the page
     */
    public MoveView(MoveOption option, StateView shown, String prefix) {
        id = option.id();
        label = option.label();
        help = option.help();
        hasOdds = option.hasOdds();
        form = new FormInput(option.form(), prefix + "-" + option.id());
        form.showDice(shown::die);
    }

    /** @return the odds computed for these inputs, or null when they were computed for others */
    public OddsView oddsFor(Map<String, Object> raw) {
        return raw.equals(oddsFor) ? odds : null;
    }

    /** Keeps the odds computed for these inputs. */
    public void keep(Map<String, Object> raw, OddsView computed) {
        oddsFor = raw;
        odds = computed;
    }

    public String getId() {
        return id;
    }

    public String getLabel() {
        return label;
    }

    public String getHelp() {
        return help;
    }

    public boolean isHasOdds() {
        return hasOdds;
    }

    public FormInput getForm() {
        return form;
    }

    /** @return why the move was refused, in the player's words; empty when it was not */
    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message == null ? "" : message;
    }
}
