package io.dicehall.web.ui.table;

import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;

/**
 * Keeps a browser's keys at a table beyond its session: the owner key of a table it opened and the member key
 * of its seat, each in a cookie that only the table's own address receives ({@code Path=/tables/{id}}), that
 * scripts cannot read ({@code HttpOnly}) and that no other site's page sends ({@code SameSite=Strict}). The
 * table's page takes them back into a new session when it opens, after checking them against the table, so
 * the GM keeps control and a player their seat when the session expires.
 */
@ApplicationScoped
public class SeatCookies {

    @Inject
    Members tableMembers;

    @Inject
    TableKeys keys;

    /** The cookie holding the owner key of the table at its path. */
    public static final String OWNER = "dh-owner";

    /** The cookie holding the member key of this browser's seat at the table at its path. */
    public static final String MEMBER = "dh-member";

    /** How long a browser keeps its keys: a campaign's year. */
    static final Duration KEPT = Duration.ofDays(365);

    /**
     * Takes this browser's keys at the table back from its cookies into the session (a session that expired, a
     * browser restarted), each checked against the table; and keeps in cookies the keys the session holds.
     */
    void takeBack(GameTable table) {
        String owner = keys.ownerKey(table.id());
        if (owner == null) {
            String brought = brought(OWNER);
            if (brought != null && tableMembers.viewer(table, brought, null, null).owner()) {
                keys.own(table.id(), brought);
            }
        } else if (brought(OWNER) == null) {
            keep(table.id(), OWNER, owner);
        }
        String member = keys.memberKey(table.id());
        if (member == null) {
            String brought = brought(MEMBER);
            if (brought != null) {
                try {
                    keys.join(table.id(), brought, tableMembers.member(table.id(), brought).name());
                } catch (Refusal gone) {
                    forget(table.id(), MEMBER); // the seat was left elsewhere
                }
            }
        } else if (brought(MEMBER) == null) {
            keep(table.id(), MEMBER, member);
        }
    }

    /** Keeps a key for the table's address, in the answer being written. */
    public void keep(String tableId, String name, String key) {
        write(tableId, name, key, KEPT.toSeconds());
    }

    /** Forgets a key (the seat was left). */
    void forget(String tableId, String name) {
        write(tableId, name, "", 0);
    }

    /** @return the key this request brought for the table, or null */
    String brought(String name) {
        Object request = FacesContext.getCurrentInstance().getExternalContext().getRequest();
        Cookie[] cookies = request instanceof HttpServletRequest http ? http.getCookies() : null;
        if (cookies == null) {
            return null;
        }
        for (Cookie c : cookies) {
            if (c.getName().equals(name) && !c.getValue().isEmpty()) {
                return c.getValue();
            }
        }
        return null;
    }

    private static void write(String tableId, String name, String key, long maxAge) {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        if (!(external.getResponse() instanceof HttpServletResponse response)) {
            return;
        }
        boolean secure = external.getRequest() instanceof HttpServletRequest http && http.isSecure();
        response.addHeader("Set-Cookie", name + "=" + key + "; Path=" + external.getRequestContextPath()
                + Addresses.table(tableId) + "; Max-Age=" + maxAge + "; HttpOnly; SameSite=Strict"
                + (secure ? "; Secure" : ""));
    }
}
