package io.dicehall.web.platform.http;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeIn;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.info.License;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.servers.Server;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The JSON API, under {@code /api}, and the parts of its OpenAPI document every operation shares: the keys
 * as security schemes, and the answer to a client over a limit (429); {@link StandardAnswers} adds the other
 * shared error answers from its data and gives each operation those its rule says, by reference.
 */
@ApplicationPath("api")
@OpenAPIDefinition(info = @Info(title = "Dicehall", version = "1",
        description = "Tabletop RPG dice rolls with the rules applied and the exact odds shown: the installed rules "
                + "systems and their forms, loose rolls, and tables where a group rolls together with a stored log. "
                + "Every error answer is application/problem+json (RFC 9457). Keys prove who may do what: a table's "
                + "Owner-Key (its GM), a member's Member-Key, a roll's Roller-Key; each is shown once, in the answer "
                + "that made it, and sent back as a header.",
        license = @License(name = "Rules texts are cited with their own licences; see each system's attribution")),
        servers = @Server(url = "/", description = "The server that serves this document"),
        // Unless an operation says otherwise, it needs no key.
        securitySets = @SecurityRequirementsSet,
        tags = {
            @Tag(name = "systems", description = "The installed rules systems, their forms, and the odds before a roll"),
            @Tag(name = "rolls", description = "Loose rolls: roll, read, move, and weigh a move first"),
            @Tag(name = "tables", description = "Tables: shared rooms with a stored log, members, rolls and live events"),
            @Tag(name = "characters", description = "Characters kept at a table"),
            @Tag(name = "saved-rolls", description = "Saved rolls kept at a table, rolled in one request"),
            @Tag(name = "platform", description = "Whether the API is up")},
        components = @Components(
                securitySchemes = {
                    @SecurityScheme(securitySchemeName = ApiContract.OWNER_KEY, type = SecuritySchemeType.APIKEY,
                            in = SecuritySchemeIn.HEADER, apiKeyName = "Owner-Key",
                            description = "A table's owner key, shown once when the table is opened: the GM's"),
                    @SecurityScheme(securitySchemeName = ApiContract.MEMBER_KEY, type = SecuritySchemeType.APIKEY,
                            in = SecuritySchemeIn.HEADER, apiKeyName = "Member-Key",
                            description = "A member's key, shown once when they join a table"),
                    @SecurityScheme(securitySchemeName = ApiContract.ROLLER_KEY, type = SecuritySchemeType.APIKEY,
                            in = SecuritySchemeIn.HEADER, apiKeyName = "Roller-Key",
                            description = "A roll's key, shown once in the answer that made the roll")},
                // The other shared error answers are data (shared-answers.txt), made by StandardAnswers.
                responses = @APIResponse(name = ApiContract.TOO_MANY, responseCode = "429",
                        description = "Over one of the limits that keep one client from crowding out the others "
                                + "(tables opened per address a minute, event streams per address, members per "
                                + "table, rolls per member a second); the detail names it",
                        headers = @Header(name = "Retry-After", description = "Seconds to wait before trying again",
                                schema = @Schema(type = SchemaType.INTEGER, minimum = "1")),
                        content = @Content(mediaType = Problem.MEDIA_TYPE,
                                schema = @Schema(implementation = Problem.class)))))
public class DicehallApplication extends Application {
}
