package io.dicehall.web.platform.http;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
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
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;

/**
 * The JSON API, under {@code /api}, and the parts of its OpenAPI document every operation shares: the keys
 * as security schemes, and the error answers (problem+json) that {@link StandardAnswers} gives each operation
 * by reference.
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
                responses = {
                    @APIResponse(name = ApiContract.BAD_REQUEST, responseCode = "400",
                            description = "The body is not the JSON this address reads (malformed-json), or the request "
                                    + "breaks a rule: violations names each field and its rule",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.FORBIDDEN, responseCode = "403",
                            description = "No key, or a key that does not allow this",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.NOT_FOUND, responseCode = "404",
                            description = "Nothing of that id here, or nothing these keys may see",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.CONFLICT, responseCode = "409",
                            description = "Not possible as things stand: a finished roll, a closed table, a move not open",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.TOO_LARGE, responseCode = "413",
                            description = "The body is larger than 64 KiB",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.UNSUPPORTED, responseCode = "415",
                            description = "The body is not sent as application/json",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.TOO_MANY, responseCode = "429",
                            description = "Over one of the limits that keep one client from crowding out the others "
                                    + "(tables opened per address a minute, event streams per address, members per "
                                    + "table, rolls per member a second); the detail names it",
                            headers = @Header(name = "Retry-After", description = "Seconds to wait before trying again",
                                    schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.INTEGER,
                                            minimum = "1")),
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.SERVER_ERROR, responseCode = "500",
                            description = "A fault of the server, logged for the operator",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.SYSTEM_FAILED, responseCode = "502",
                            description = "The rules system failed at this request; nothing was stored",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.UNAVAILABLE, responseCode = "503",
                            description = "The database or the rules workers cannot take the request now; nothing was "
                                    + "stored (when a change may have been lost in flight, the detail says so: read before "
                                    + "trying again)",
                            headers = @Header(name = "Retry-After", description = "Seconds to wait before trying again",
                                    schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.INTEGER)),
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class))),
                    @APIResponse(name = ApiContract.TIMED_OUT, responseCode = "504",
                            description = "The rules system took too long and was stopped; nothing was stored",
                            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))}))
public class DicehallApplication extends Application {
}
