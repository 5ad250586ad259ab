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
}
