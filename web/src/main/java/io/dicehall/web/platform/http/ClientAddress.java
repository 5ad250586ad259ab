package io.dicehall.web.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The address of the client being served, for the control classes that count per client (a guest's rolls a
 * second), so that they need not know the request they are served in.
 */
@ApplicationScoped
public class ClientAddress {

    @Inject
    Instance<HttpServletRequest> request;

    /** @return the address of the client being served, as the server sees it; "" outside a request */
    public String get() {
        try {
            return request.get().getRemoteAddr();
        } catch (RuntimeException outsideRequest) {
            return "";
        }
    }
}
