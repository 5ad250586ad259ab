package io.dicehall.web.platform;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.info.License;

/** The JSON API, under {@code /api}. */
@ApplicationPath("api")
@OpenAPIDefinition(info = @Info(title = "Dicehall", version = "1",
        description = "Tabletop RPG dice rolls with the rules applied and the exact odds shown. "
                + "Errors are application/problem+json (RFC 9457).",
        license = @License(name = "Rules texts are cited with their own licences; see each system's attribution")))
public class DicehallApplication extends Application {
}
