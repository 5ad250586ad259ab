package io.dicehall.web.health;

import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.annotation.WebListener;

/** Notes the local port of the HTTP listener that serves requests, for {@link ServerCheck} to knock on. */
@WebListener
public class ListenerPort implements ServletRequestListener {

    @Override
    public void requestInitialized(ServletRequestEvent event) {
        int port = event.getServletRequest().getLocalPort();
        if (port > 0 && ServerCheck.port != port && "http".equals(event.getServletRequest().getScheme())) {
            ServerCheck.port = port;
        }
    }
}
