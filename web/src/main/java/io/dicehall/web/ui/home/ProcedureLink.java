package io.dicehall.web.ui.home;

import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import java.io.Serializable;

/** A procedure in the menu: a link to roll it. */
public final class ProcedureLink implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final String name;
    private final String summary;

    /** @param procedure an installed procedure */
    public ProcedureLink(InstalledProcedure procedure) {
        id = procedure.id();
        name = procedure.name();
        summary = procedure.summary();
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
}
