package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hardening of issue 32 against the real WAR: a verifiable table's secret rolls stay secret once it is closed
 * and its verification is computed once and shared; a table seats so many members and a member makes so many rolls
 * a second (the WAR deployed with low limits), others going on meanwhile; keys in addresses are refused; the Faces
 * websocket opens only from this site and for the session whose page it is; every page and API answer carries the security headers and
 * names no server product, the session cookie is SameSite=Lax and HttpOnly, a JSON body without a type is
 * refused, an export range beyond what the store holds is refused naming its field, the event stream names no
 * address, event streams whose clients left are let go on a quiet table, and one address that opens too many
 * tables a minute is told to wait (the WAR deployed with a low limit; that test runs last).
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HardeningIT {

    /** The tables one address may open a minute, in this deployment. */
    private static final int TABLES_PER_MINUTE = 30;

    /** The members one table may seat, in this deployment. */
    private static final int MEMBERS_PER_TABLE = 4;

    /** The rolls one member may make a second, in this deployment. */
    private static final int ROLLS_PER_SECOND = 3;

    private static final String ROLL = "\"system\":\"action-rolls\",\"procedure\":\"action-roll\"";

    /** How many event streams are opened and closed on a quiet table. */
    private static final int STREAMS = 200;

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Deployment(testable = false)
    static WebArchive deployment() throws Exception {
        return Deployments.withConfig(Deployments.war(), "dicehall.limits.tables-per-minute=" + TABLES_PER_MINUTE,
                "dicehall.limits.members-per-table=" + MEMBERS_PER_TABLE,
                "dicehall.limits.rolls-per-second=" + ROLLS_PER_SECOND);
    }

    @ArquillianResource
    URL base;

    private Http http() {
        return new Http(base);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve(path)).timeout(Duration.ofSeconds(60))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private String table() {
        Http.Answer opened = http().post("api/tables", "{\"name\":\"Hardening\",\"gm\":\"Gail\"}");
        assertThat(opened.toString(), opened.status(), is(201));
        return opened.json().getString("id");
    }

    private static void assertHardened(String what, HttpHeaders headers) {
        assertThat(what, headers.firstValue("X-Content-Type-Options").orElse(""), is("nosniff"));
        assertThat(what, headers.firstValue("Referrer-Policy").orElse(""), is("no-referrer"));
        String policy = headers.firstValue("Content-Security-Policy").orElse("");
        assertThat(what, policy, startsWith("default-src 'self'; script-src 'self'"));
        assertThat(what, policy, containsString("style-src 'self'"));
        assertThat(what, policy, containsString("frame-ancestors 'none'"));
        assertThat(what, policy, not(containsString("unsafe")));
        assertThat(what, headers.firstValue("X-Frame-Options").orElse(""), is("DENY"));
        assertThat(what + " names no server: " + headers.map(), headers.firstValue("Server").isPresent(), is(false));
        assertThat(what + " names no product: " + headers.map(), headers.firstValue("X-Powered-By").isPresent(),
                is(false));
    }

    @Test
    void everyPageAndAnswerCarriesTheHeadersAndNamesNoProduct() throws Exception {
        String table = table();
        for (String path : List.of("", "index.xhtml", "tables/" + table, "api/systems", "api/tables/" + table,
                "api/nowhere", "api/tables/no-such-table", "no-such-page.xhtml")) {
            HttpResponse<String> answer = get(path);
            assertHardened(path + " (" + answer.statusCode() + ")", answer.headers());
        }
        // The table's page holds Faces' own inline scripts (the live socket's start, the command scripts): its
        // policy allows each by its hash, and nothing inline besides.
        HttpResponse<String> page = get("tables/" + table);
        String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
        java.util.regex.Matcher script = java.util.regex.Pattern.compile("<script(\\s[^>]*)?>([\\s\\S]*?)</script>")
                .matcher(page.body());
        int inline = 0;
        while (script.find()) {
            if (script.group(1) == null || !script.group(1).contains("src=")) {
                inline++;
                String hash = java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest
                        .getInstance("SHA-256").digest(script.group(2).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                assertThat(policy, containsString("'sha256-" + hash + "'"));
            }
        }
        assertThat("the table page's inline scripts", inline, greaterThan(0));
        assertThat(page.body(), not(containsString("onclick=")));
        assertThat(page.body(), not(containsString(" style=")));
    }

    @Test
    void theSessionCookieIsSameSiteLaxAndHttpOnly() throws Exception {
        HttpResponse<String> page = get("index.xhtml");
        assertThat(page.statusCode(), is(200));
        String cookie = page.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID="))
                .findFirst().orElseThrow(() -> new AssertionError("no session cookie: " + page.headers().map()));
        String lower = cookie.toLowerCase(Locale.ROOT).replace(" ", "");
        assertThat(cookie, lower, containsString(";samesite=lax"));
        assertThat(cookie, lower, containsString(";httponly"));
    }

    @Test
    void aJsonBodyWithoutContentTypeIsRefused() throws Exception {
        HttpResponse<String> answer = CLIENT.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve("api/tables"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Untyped\",\"gm\":\"Gail\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.body(), answer.statusCode(), is(415));
        assertThat(answer.headers().firstValue("Content-Type").orElse(""), startsWith("application/problem+json"));
        assertThat(answer.body(), containsString("/problems/unsupported-media-type"));
        assertThat("the same body typed is read", http().post("api/tables", "{\"name\":\"Typed\",\"gm\":\"Gail\"}")
                .status(), is(201));
    }

    @Test
    void anExportRangeBeyondTheStoreIsRefusedNamingTheField() {
        String table = table();
        for (String field : List.of("since", "until")) {
            Http.Answer answer = http().get("api/tables/" + table + "/export?format=csv&" + field
                    + "=%2B999999999-12-31T23:59:59Z");
            assertThat(answer.toString(), answer.status(), is(400));
            JsonObject violation = answer.json().getJsonArray("violations").getJsonObject(0);
            assertThat(violation.getString("field"), is(field));
        }
    }

    /** Opens a table's event stream on a socket of its own, reads to its ready event, and returns its data. */
    private String openAndClose(String table) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            String path = URI.create(base.toString()).resolve("api/tables/" + table + "/events").getRawPath();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                    + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            var in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            boolean ready = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals("event: ready") || line.equals("event:ready")) {
                    ready = true;
                } else if (ready && line.startsWith("data:")) {
                    return line.substring(5).strip();
                }
            }
            throw new AssertionError("the stream ended before its ready event");
        }
    }

    private JsonObject liveCheck() throws Exception {
        String body = get("/health/live").body();
        var checks = Json.createReader(new StringReader(body)).readObject().getJsonArray("checks");
        return checks.getValuesAs(JsonObject.class).stream().filter(c -> c.getString("name").equals("event-streams"))
                .findFirst().orElseThrow(() -> new AssertionError("no event-streams check: " + body))
                .getJsonObject("data");
    }

    /** @return a count from health data, which Payara may give as a number or as a string */
    private static long count(JsonObject data, String key) {
        return Long.parseLong(data.get(key).toString().replace("\"", ""));
    }

    @Test
    void theReadyEventNamesNoAddressAndClosedStreamsAreLetGo() throws Exception {
        // What other tests left open (a table page's view listens until its session ends) is not this test's.
        JsonObject before = liveCheck();
        String table = table();
        String ready = openAndClose(table);
        assertThat(ready, containsString(table));
        assertThat(ready, not(containsString("127.0.0.1")));
        assertThat("no host:port", ready.matches(".*\\d+\\.\\d+\\.\\d+\\.\\d+.*|.*:\\d{2,5}\".*"), is(false));
        for (int i = 1; i < STREAMS; i++) {
            openAndClose(table);
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            JsonObject data = liveCheck();
            assertThat("listeners: " + data, count(data, "listeners"), is(count(before, "listeners")));
            assertThat("streams: " + data, count(data, "streams"), is(count(before, "streams")));
        });
    }

    private static String sha256(String hex) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(java.util.HexFormat.of().parseHex(hex)));
    }

    private Http.Answer rollAs(String table, String memberKey, String visibility) {
        return http().send("POST", "api/tables/" + table + "/rolls", "{" + ROLL + ",\"visibility\":\"" + visibility
                + "\"}", "Member-Key", memberKey);
    }

    @Test
    void aSecretRollStaysSecretOnceAVerifiableTableIsClosedAndItsVerificationIsShared() throws Exception {
        JsonObject opened = http().post("api/tables", "{\"name\":\"Sealed\",\"verifiable\":true}").json();
        String table = opened.getString("id");
        String owner = opened.getString("ownerKey");
        String announced = opened.getString("nextDiceCommitment");
        Http.Answer joined = http().post("api/tables/" + table + "/members", "{\"name\":\"Ada\"}");
        String ada = joined.json().getString("memberKey");

        JsonObject open = rollAs(table, ada, "public").json();
        assertThat(open.getInt("diceScheme"), is(2));
        assertThat("its secret was announced before it was made", open.getString("diceCommitment"), is(announced));
        assertThat(sha256(open.getString("diceSecret")), is(open.getString("diceCommitment")));
        String next = http().get("api/tables/" + table).json().getString("nextDiceCommitment");
        assertThat(next, not(announced));
        JsonObject secret = rollAs(table, ada, "gm").json();
        assertThat(secret.getString("diceCommitment"), is(next));
        String secretId = secret.getString("id");

        // A stranger's export names the secret roll by number alone: no secret, no dice.
        String export = http().get("api/tables/" + table + "/export?format=json").body();
        assertThat(export, not(containsString(secret.getString("diceSecret"))));
        assertThat(export, not(containsString(secretId)));

        assertThat(http().send("POST", "api/tables/" + table + "/close", null, "Owner-Key", owner).status(), is(200));
        var answers = new java.util.concurrent.ConcurrentLinkedQueue<String>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            for (int i = 0; i < 6; i++) {
                pool.submit(() -> answers.add(get("api/tables/" + table + "/verification").body()));
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(120, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(answers.size(), is(6));
        String body = answers.peek();
        assertThat("every caller has the same report", answers.stream().distinct().count(), is(1L));
        JsonObject verification = Json.createReader(new StringReader(body)).readObject();
        assertThat(body, verification.getBoolean("verified"), is(true));
        assertThat(verification.getJsonArray("rolls").size(), is(1));
        assertThat(verification.getJsonArray("rolls").getJsonObject(0).getString("id"), is(open.getString("id")));
        assertThat(verification.getJsonArray("unverifiable").size(), is(1));
        JsonObject hidden = verification.getJsonArray("unverifiable").getJsonObject(0);
        assertThat(hidden.getInt("seq"), is(secret.getInt("seq")));
        assertThat(hidden.getString("diceCommitment"), is(secret.getString("diceCommitment")));
        assertThat("the hidden roll's id is not named", body, not(containsString(secretId)));
        assertThat(body, not(containsString(secret.getString("diceSecret"))));
    }

    @Test
    void aTableSeatsSoManyMembersAndAnotherTableIsNotHeldBack() {
        String table = table(); // the GM's seat
        for (int i = 1; i < MEMBERS_PER_TABLE; i++) {
            assertThat(http().post("api/tables/" + table + "/members", "{\"name\":\"M" + i + "\"}").status(), is(201));
        }
        Http.Answer full = http().post("api/tables/" + table + "/members", "{\"name\":\"One too many\"}");
        assertThat(full.toString(), full.status(), is(429));
        assertThat(full.contentType(), startsWith("application/problem+json"));
        assertThat(full.json().getString("type"), is("/problems/too-many-requests"));
        assertThat(full.retryAfter(), is("60"));
        assertThat(http().post("api/tables/" + table() + "/members", "{\"name\":\"Elsewhere\"}").status(), is(201));
    }

    @Test
    void aMemberRollsSoManyTimesASecondAndOthersGoOn() throws Exception {
        String table = table();
        String ada = http().post("api/tables/" + table + "/members", "{\"name\":\"Ada\"}").json().getString("memberKey");
        String bo = http().post("api/tables/" + table + "/members", "{\"name\":\"Bo\"}").json().getString("memberKey");
        var statuses = new java.util.concurrent.ConcurrentLinkedQueue<Http.Answer>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            for (int i = 0; i < 24; i++) {
                pool.submit(() -> statuses.add(rollAs(table, ada, "public")));
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(120, java.util.concurrent.TimeUnit.SECONDS);
        }
        Http.Answer refused = statuses.stream().filter(a -> a.status() == 429).findFirst()
                .orElseThrow(() -> new AssertionError("no roll refused: " + statuses));
        assertThat(statuses.stream().allMatch(a -> a.status() == 201 || a.status() == 429), is(true));
        assertThat(refused.json().getString("type"), is("/problems/too-many-requests"));
        assertThat(refused.retryAfter(), is("1"));
        assertThat("another member is not held back", rollAs(table, bo, "public").status(), is(201));
    }

    @Test
    void keysInTheAddressAreRefusedNamingTheParameter() {
        String table = table();
        Http.Answer export = http().get("api/tables/" + table + "/export?format=csv&owner=abc");
        assertThat(export.toString(), export.status(), is(400));
        assertThat(export.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("owner"));
        Http.Answer events = http().get("api/tables/" + table + "/events?member=abc");
        assertThat(events.toString(), events.status(), is(400));
        assertThat(events.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("member"));
    }

    /** @return the status line of a websocket handshake for a channel id, with that Origin and cookie (or none) */
    private String handshake(String channelId, String origin, String cookie) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            String path = URI.create(base.toString()).resolve("jakarta.faces.push/table").getRawPath();
            String request = "GET " + path + "?" + channelId + " HTTP/1.1\r\nHost: " + base.getHost() + ":"
                    + base.getPort() + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                    + (origin == null ? "" : "Origin: " + origin + "\r\n")
                    + (cookie == null ? "" : "Cookie: " + cookie + "\r\n") + "\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }

    /** Runs after the stream test: a table page drawn here keeps its table's listener for the page's updates. */
    @Test
    @Order(Integer.MAX_VALUE - 1)
    void theFacesWebsocketOpensOnlyFromThisSiteForItsOwnSession() throws Exception {
        String table = table();
        HttpResponse<String> page = get("tables/" + table);
        assertThat(page.statusCode(), is(200));
        var channel = java.util.regex.Pattern.compile("jakarta\\.faces\\.push/table\\?([0-9a-f-]{36})")
                .matcher(page.body());
        assertThat("the page holds its websocket's channel id", channel.find(), is(true));
        String channelId = channel.group(1);
        String cookie = page.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID="))
                .map(c -> c.substring(0, c.indexOf(';') < 0 ? c.length() : c.indexOf(';'))).findFirst()
                .orElseThrow(() -> new AssertionError("no session cookie: " + page.headers().map()));
        String own = base.getProtocol() + "://" + base.getHost() + ":" + base.getPort();

        assertThat("from another site", handshake(channelId, "https://evil.example", cookie), containsString(" 403"));
        assertThat("without the session", handshake(channelId, own, null), containsString(" 403"));
        String otherSession = get("index.xhtml").headers().allValues("Set-Cookie").stream()
                .filter(c -> c.startsWith("JSESSIONID=")).map(c -> c.substring(0, c.indexOf(';'))).findFirst()
                .orElseThrow();
        assertThat("with another session", handshake(channelId, own, otherSession), containsString(" 403"));
        assertThat("from its own page's session", handshake(channelId, own, cookie), containsString(" 101"));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void oneAddressOpeningTooManyTablesIsToldToWait() throws Exception {
        int opened = 0;
        Http.Answer refused = null;
        for (int i = 0; i <= TABLES_PER_MINUTE && refused == null; i++) {
            Http.Answer answer = http().post("api/tables", "{\"name\":\"Flood " + i + "\"}");
            if (answer.status() == 201) {
                opened++;
            } else {
                refused = answer;
            }
        }
        assertThat("refused within the limit", refused != null, is(true));
        assertThat(opened <= TABLES_PER_MINUTE, is(true));
        assertThat(refused.toString(), refused.status(), is(429));
        assertThat(refused.contentType(), startsWith("application/problem+json"));
        assertThat(refused.json().getString("type"), is("/problems/too-many-requests"));
        HttpResponse<String> again = CLIENT.send(HttpRequest.newBuilder(URI.create(base.toString()).resolve("api/tables"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Again\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(again.body(), again.statusCode(), is(429));
        long seconds = Long.parseLong(again.headers().firstValue("Retry-After").orElse("0"));
        assertThat("Retry-After " + seconds, seconds >= 1 && seconds <= 60, is(true));
    }
}
