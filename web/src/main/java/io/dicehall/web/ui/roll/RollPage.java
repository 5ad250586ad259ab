package io.dicehall.web.ui.roll;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.rolls.control.RollService;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;

/**
 * A roll's own page ({@code /rolls/{id}}): what {@code /api/rolls/{id}} holds, for anyone with the link,
 * read-only — playable only in a browser that holds the roll's key.
 */
@Named
@ViewScoped
public class RollPage implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    RollService rolls;

    @Inject
    RollResult result;

    private String id;

    /** Shows the roll; an unknown one answers 404 and says so. */
    public void open() {
        try {
            result.show(rolls.find(Ids.wellFormed(id) ? id : ""));
        } catch (Refusal gone) {
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
        }
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }
}
