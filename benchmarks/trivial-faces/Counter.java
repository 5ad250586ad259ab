package trivial;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;

/**
 * The ceiling of the table page's browser benchmark: a view-scoped bean whose one button re-renders one
 * number, the least a Faces ajax round trip can do on this server.
 */
@Named
@ViewScoped
public class Counter implements Serializable {

    private static final long serialVersionUID = 1L;

    private int clicks;

    public void add() {
        clicks++;
    }

    public int getClicks() {
        return clicks;
    }
}
