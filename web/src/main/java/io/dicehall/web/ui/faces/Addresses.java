package io.dicehall.web.ui.faces;

import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The addresses of Dicehall's pages, as players share them: {@code /tables/{id}} (a table: its invite),
 * {@code /rolls/{id}} (one roll), {@code /systems/{id}} and {@code /systems/{id}/{procedure}} (a rolling
 * page). {@link io.dicehall.web.ui.faces.PageAddresses} serves them.
 */
public final class Addresses {

    private Addresses() {
    }

    /** @return the path of a table's page (its invite), below the context root */
    public static String table(String tableId) {
        return "/tables/" + tableId;
    }

    /** @return the path of a roll's own page, below the context root */
    public static String roll(String rollId) {
        return "/rolls/" + rollId;
    }

    /** @return the absolute address of a path below the context root, as the browser reached this server */
    public static String absolute(String path) {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        HttpServletRequest request = (HttpServletRequest) external.getRequest();
        String origin = request.getScheme() + "://" + request.getServerName()
                + (request.getServerPort() == defaultPort(request.getScheme()) ? "" : ":" + request.getServerPort());
        return origin + request.getContextPath() + path;
    }

    private static int defaultPort(String scheme) {
        return "https".equals(scheme) ? 443 : 80;
    }
}
