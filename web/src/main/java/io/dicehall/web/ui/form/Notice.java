package io.dicehall.web.ui.form;

import java.io.Serializable;

/** A message for the player, and the id of the input it is about (empty when it is about no one input). */
public final class Notice implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String text;
    private final String target;

    /**
     * @param text the message, never null
     * @param target the HTML id of the input it is about, or empty
     */
    public Notice(String text, String target) {
        this.text = text;
        this.target = target == null ? "" : target;
    }

    public String getText() {
        return text;
    }

    public String getTarget() {
        return target;
    }
}
