package io.dicehall.web.ui.faces;

import jakarta.faces.context.FacesContext;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The page texts of {@code io/dicehall/web/ui/messages.properties}, for the few sentences Java puts
 * together (a die's text alternative, a move's odds headline). Pages read the same bundle as
 * {@code #{msg[...]}}.
 */
public final class Labels {

    /** The bundle's base name; faces-config.xml declares it as {@code msg}. */
    public static final String BUNDLE = "io.dicehall.web.ui.messages";

    private final ResourceBundle bundle;
    private final Locale locale;

    private Labels(ResourceBundle bundle, Locale locale) {
        this.bundle = bundle;
        this.locale = locale;
    }

    /** @return the texts in this locale (the default texts when there is no translation) */
    public static Labels of(Locale locale) {
        return new Labels(ResourceBundle.getBundle(BUNDLE, locale), locale);
    }

    /** @return the texts of the current view's locale */
    public static Labels current() {
        FacesContext context = FacesContext.getCurrentInstance();
        Locale locale = context != null && context.getViewRoot() != null ? context.getViewRoot().getLocale()
                : Locale.ENGLISH;
        return of(locale);
    }

    /** @return the text under {@code key} with its {@code {0}}, {@code {1}} … filled in */
    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException missing) {
            return key;
        }
        return args.length == 0 ? pattern : new MessageFormat(pattern, locale).format(args);
    }
}
