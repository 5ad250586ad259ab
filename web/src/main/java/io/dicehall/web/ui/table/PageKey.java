package io.dicehall.web.ui.table;

import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;

/**
 * A table page's own key, drawn when the page is first drawn: its websocket's "user" is the table and this key, and
 * its plays name it, so that what a play changes is pushed to the table's other pages and not to this one, whose
 * answer draws it ({@link TableLive}).
 */
@Named
@ViewScoped
public class PageKey implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String key = TableLive.newPageKey();

    public String getKey() {
        return key;
    }

    /** @return the "user" of this page's socket at that table ({@link TableLive#socketUser}) */
    public String socketUser(String tableId) {
        return TableLive.socketUser(tableId, key);
    }
}
