package io.dicehall.web.ui.home;

import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/** The home page: the menu of installed systems, and the ones that failed to load. */
@Named("home")
@RequestScoped
public class HomePage {

    @Inject
    SystemRegistry registry;

    private List<SystemCard> systems;
    private List<FailedSystem> failed;
    private String notice = "";

    /** @return the installed systems as cards, in menu order */
    public List<SystemCard> getSystems() {
        if (systems == null) {
            systems = registry.all().stream().map(SystemCard::new).toList();
        }
        return systems;
    }

    /** @return the systems that failed to load, with the reason */
    public List<FailedSystem> getFailed() {
        if (failed == null) {
            failed = registry.problems().stream().map(FailedSystem::new).toList();
        }
        return failed;
    }

    /** @return why the visitor was sent here (e.g. {@code link}: a rolling page opened from outside); may be empty */
    public String getNotice() {
        return notice;
    }

    public void setNotice(String notice) {
        this.notice = "link".equals(notice) ? notice : "";
    }
}
