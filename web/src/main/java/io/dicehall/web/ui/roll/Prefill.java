package io.dicehall.web.ui.roll;

import jakarta.faces.context.FacesContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Values of a rolling form given in the page's address, e.g. {@code ?system=fate-condensed&procedure=overcome&skill=3}:
 * every query parameter named like a field of the form, as text. The form's own checker reads them like
 * typed values, so a wrong one is shown as the field's mistake, never trusted.
 */
public final class Prefill {

    /** The parameters that say which page, not which values. */
    private static final Set<String> PAGE = Set.of("system", "procedure", "t", "roll", "expired", "id", "notice",
            "save-as");

    /** The most values one address may fill in, and the longest value. */
    static final int MAX_VALUES = 50;
    static final int MAX_LENGTH = 500;

    private Prefill() {
    }

    /** @return the form values of the current request's query, by field name */
    public static Map<String, String> fromRequest() {
        FacesContext context = FacesContext.getCurrentInstance();
        if (context == null || context.isPostback()) {
            return Map.of();
        }
        var values = new LinkedHashMap<String, String>();
        context.getExternalContext().getRequestParameterMap().forEach((name, value) -> {
            if (!PAGE.contains(name) && values.size() < MAX_VALUES && value != null && value.length() <= MAX_LENGTH
                    && name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
                values.put(name, value);
            }
        });
        return values;
    }
}
