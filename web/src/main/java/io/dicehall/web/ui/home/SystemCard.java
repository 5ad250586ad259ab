package io.dicehall.web.ui.home;

import io.dicehall.web.systems.control.InstalledSystem;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/** An installed system as a card of the menu: what it is, whose rules under which licence, its procedures. */
public final class SystemCard implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final String name;
    private final String summary;
    private final String author;
    private final String work;
    private final String licence;
    private final String link;
    private final String origin;
    private final List<ProcedureLink> procedures;

    /** @param system an installed system */
    public SystemCard(InstalledSystem system) {
        id = system.id();
        name = system.name();
        summary = system.summary();
        author = system.attribution().author();
        work = system.attribution().work();
        licence = system.attribution().licence();
        link = safe(system.attribution().link());
        origin = system.origin();
        procedures = system.procedures().stream().map(ProcedureLink::new).toList();
    }

    /** A third party's link becomes a link only if it is plainly http(s); anything else is shown as text. */
    private static String safe(String link) {
        String l = link.strip().toLowerCase(Locale.ROOT);
        return l.startsWith("https://") || l.startsWith("http://") ? link.strip() : "";
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public String getSummary() {
        return summary;
    }

    public String getAuthor() {
        return author;
    }

    public String getWork() {
        return work;
    }

    public String getLicence() {
        return licence;
    }

    /** @return an http(s) address where the rules or licence can be read, or empty */
    public String getLink() {
        return link;
    }

    /** @return bundled, or the plugin file it came from */
    public String getOrigin() {
        return origin;
    }

    public List<ProcedureLink> getProcedures() {
        return procedures;
    }

    /** @return the first procedure's id, where "Start rolling" leads */
    public String getFirstProcedure() {
        return procedures.get(0).getId();
    }
}
