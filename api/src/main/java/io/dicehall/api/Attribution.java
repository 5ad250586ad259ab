package io.dicehall.api;

import java.util.Objects;

/**
 * Who wrote the rules a system implements, and under which licence they may be used.
 *
 * @param author the rules' author, never blank
 * @param work the title of the rules document or game, never blank
 * @param licence the licence the rules are used under, e.g. {@code "CC BY 4.0"}, never blank
 * @param link where the rules or the licence can be read; may be empty, never null
 */
public record Attribution(String author, String work, String licence, String link) {

    /** Checks that the required parts are present. */
    public Attribution {
        author = Text.required(author, "author");
        work = Text.required(work, "work");
        licence = Text.required(licence, "licence");
        link = Objects.requireNonNullElse(link, "");
    }

    /**
     * @param author the rules' author, not blank
     * @param work the title of the rules document or game, not blank
     * @param licence the licence the rules are used under, not blank
     * @return the attribution, with no link (add one with {@link #withLink})
     * @since 0.2
     */
    public static Attribution of(String author, String work, String licence) {
        return new Attribution(author, work, licence, "");
    }

    /**
     * @param url where the rules or the licence can be read
     * @return this attribution with that link
     * @since 0.2
     */
    public Attribution withLink(String url) {
        return new Attribution(author, work, licence, url);
    }
}
