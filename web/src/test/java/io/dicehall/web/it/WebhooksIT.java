package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import com.sun.net.httpserver.HttpServer;
import io.dicehall.web.webhooks.control.Signatures;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table's rolls posted to webhooks by the real WAR, to a receiver on loopback (which the server is told to
 * allow, by its operator's settings, as nothing else would be): each receiver's shape and limits, a 429 with
 * Retry-After waited out, failures backed off until delivered, given up and shown to the GM, nothing of a
 * secret roll but "rolled in secret", and each roll delivered once.
 */
class WebhooksIT {

    /** One post the receiver got, and what it answered. */
    record Received(String path, Map<String, List<String>> headers, String body, int answered, long atNanos) {
        JsonObject json() {
            return Json.createReader(new StringReader(body)).readObject();
        }

        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    /** A receiver on loopback: records every post; answers each path from its script, then 204. */
    static final class Receiver implements AutoCloseable {
        final HttpServer server;
        final List<Received> received = new CopyOnWriteArrayList<>();
        final Map<String, ConcurrentLinkedQueue<int[]>> scripts = new ConcurrentHashMap<>();
        final Map<String, Integer> always = new ConcurrentHashMap<>();

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                int[] next = scripts.getOrDefault(path, new ConcurrentLinkedQueue<>()).poll();
                int status = next != null ? next[0] : always.getOrDefault(path, 204);
                if (status == 429) {
                    exchange.getResponseHeaders().add("Retry-After", Integer.toString(next[1]));
                }
                if (status == 302) {
                    exchange.getResponseHeaders().add("Location", "http://127.0.0.1:1/elsewhere");
                }
                received.add(new Received(path, Map.copyOf(exchange.getRequestHeaders()), body, status, System.nanoTime()));
                exchange.sendResponseHeaders(status, -1);
                exchange.close();
            });
            server.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        /** The next answers to posts at that path: {status} or {429, retryAfterSeconds}. */
        void script(String path, int[]... answers) {
            scripts.computeIfAbsent(path, p -> new ConcurrentLinkedQueue<>()).addAll(List.of(answers));
        }

        List<Received> at(String path) {
            return received.stream().filter(r -> r.path().equals(path)).toList();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    private static Receiver receiver;
    private static ServerProcess server;
    private static Http http;

    /** The operator's settings under test: loopback and plain http allowed, short waits. */
    static List<String> settings() {
        return List.of("dicehall.webhooks.hosts=127.0.0.1", "dicehall.webhooks.allow-private=true",
                "dicehall.webhooks.allow-http=true", "dicehall.webhooks.backoff-millis=300",
                "dicehall.webhooks.give-up-seconds=5", "dicehall.webhooks.poll-millis=200");
    }

    @BeforeAll
    static void start() throws Exception {
        receiver = new Receiver();
        Path data = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "webhooks-it")).resolve("data");
        if (Files.exists(data)) { // a store of an earlier run would post to its receivers, long gone
            try (var old = Files.walk(data)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        server = ServerProcess.start(data, settings());
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    private record Table(String id, String owner) {
    }

    private static Table table(String name) {
        JsonObject t = http.post("api/tables", "{\"name\":\"" + name + "\"}").json();
        return new Table(t.getString("id"), t.getString("ownerKey"));
    }

    private static Http.Answer add(Table t, String kind, String url) {
        return http.send("POST", "api/tables/" + t.id() + "/webhooks",
                "{\"kind\":\"" + kind + "\",\"url\":\"" + url + "\"}", "Owner-Key", t.owner());
    }

    private static JsonObject added(Table t, String kind, String path) {
        Http.Answer answer = add(t, kind, receiver.url(path));
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    private static JsonObject roll(Table t, String roller, String visibility, String note) {
        return roll(t, "\"system\":\"tasks-checks\",\"procedure\":\"check\"", roller, visibility, note);
    }

    private static JsonObject roll(Table t, String procedure, String roller, String visibility, String note) {
        Http.Answer answer = http.post("api/tables/" + t.id() + "/rolls", "{" + procedure + ",\"roller\":\"" + roller
                + "\",\"visibility\":\"" + visibility + "\",\"note\":\"" + note + "\"}");
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    private static List<JsonObject> deliveries(Table t, String hook) {
        Http.Answer answer = http.send("GET", "api/tables/" + t.id() + "/webhooks/" + hook + "/deliveries", null,
                "Owner-Key", t.owner());
        assertThat(answer.toString(), answer.status(), is(200));
        return Json.createReader(new StringReader(answer.body())).readArray().getValuesAs(JsonObject.class);
    }

    @Test
    void aRollIsPostedToDiscordAfterOne429WaitedOutAndASecretRollOnlyAsRolledInSecret() {
        Table t = table("Discord night");
        String hook = added(t, "discord", "/discord").getString("id");
        receiver.script("/discord", new int[] {429, 1});
        JsonObject rolled = roll(t, "Ada", "public", "over the wall");
        JsonObject secret = roll(t, "Gail", "gm", "SECRET-NOTE");

        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.at("/discord").stream()
                .filter(r -> r.answered() == 204).count() >= 2);
        List<Received> posts = receiver.at("/discord");
        Received limited = posts.get(0);
        assertThat(limited.answered(), is(429));
        Received first = posts.stream().filter(r -> r.answered() == 204).findFirst().orElseThrow();
        assertThat("the retry waited as Retry-After asked", first.atNanos() - limited.atNanos(),
                greaterThanOrEqualTo(Duration.ofMillis(900).toNanos()));
        assertThat("the same post again", first.body(), is(limited.body()));

        // Discord's execute-webhook shape, within its limits.
        JsonObject body = first.json();
        assertThat(body.getString("username"), is("Dicehall"));
        assertThat(body.getString("content").length(), lessThanOrEqualTo(2000));
        assertThat(body.getJsonObject("allowed_mentions").getJsonArray("parse").isEmpty(), is(true));
        assertThat(body.getJsonArray("embeds").size(), is(1));
        JsonObject embed = body.getJsonArray("embeds").getJsonObject(0);
        assertThat(embed.getString("title"), startsWith("Ada rolled "));
        assertThat(embed.getString("title").length(), lessThanOrEqualTo(256));
        assertThat("a link to the table, where the roll is", embed.getString("url"), is(server.url() + "tables/" + t.id()));
        assertThat(embed.getString("description"), containsString("over the wall"));
        assertThat(embed.getJsonArray("fields").size(), lessThanOrEqualTo(25));
        assertThat(embed.getJsonObject("footer").getString("text"), is("Discord night · roll #1"));
        assertThat(embed.containsKey("color"), is(true));

        Received hidden = posts.stream().filter(r -> r.answered() == 204).toList().get(1);
        assertThat(hidden.json().getString("content"), is("Gail rolled in secret (roll #2)"));
        for (Received post : posts) {
            assertThat(post.body(), not(containsString("SECRET-NOTE")));
            assertThat(post.body(), not(containsString(secret.getString("id"))));
            assertThat("never a key", post.body(), not(containsString(rolled.getString("rollerKey"))));
            assertThat(post.body(), not(containsString(t.owner())));
        }

        List<JsonObject> shown = deliveries(t, hook);
        assertThat(shown, hasSize(2));
        assertThat(shown.stream().map(d -> d.getString("state")).distinct().toList(), is(List.of("delivered")));
        assertThat(shown.get(1).getInt("attempts"), is(2));
        assertThat("exactly once", posts.stream().filter(r -> r.answered() == 204).count(), is(2L));
    }

    @Test
    void aSignedJsonPostFailingAWhileIsBackedOffAndDeliveredOnceWithTheSameDeliveryId() {
        Table t = table("Signed");
        JsonObject hook = added(t, "json", "/json");
        String secret = hook.getString("secret");
        assertThat(secret, startsWith("whsec_"));
        String list = http.send("GET", "api/tables/" + t.id() + "/webhooks", null, "Owner-Key", t.owner()).body();
        assertThat(list, containsString(hook.getString("id")));
        assertThat("the secret is shown once", list, not(containsString(secret)));

        receiver.script("/json", new int[] {503}, new int[] {503}, new int[] {500});
        JsonObject rolled = roll(t, "\"system\":\"action-rolls\",\"procedure\":\"action-roll\"", "Kim", "public", "");
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.at("/json").stream()
                .anyMatch(r -> r.answered() == 204));
        List<Received> posts = receiver.at("/json");
        assertThat(posts, hasSize(4));
        String delivery = posts.get(0).header(Signatures.DELIVERY);
        for (int i = 0; i < posts.size(); i++) {
            Received post = posts.get(i);
            assertThat(post.header(Signatures.DELIVERY), is(delivery));
            long timestamp = Long.parseLong(post.header(Signatures.TIMESTAMP));
            assertThat(Signatures.verify(secret, timestamp, post.body(), post.header(Signatures.SIGNATURE)), is(true));
            if (i > 0) {
                assertThat("backed off, each wait longer", post.atNanos() - posts.get(i - 1).atNanos(),
                        greaterThanOrEqualTo(Duration.ofMillis(250L << (i - 1)).toNanos()));
            }
        }
        JsonObject body = posts.get(3).json();
        assertThat(body.getString("type"), is("roll"));
        assertThat(body.getString("deliveryId"), is(delivery));
        assertThat(body.getJsonObject("table").getString("id"), is(t.id()));
        JsonObject roll = body.getJsonObject("roll");
        assertThat(roll.getString("id"), is(rolled.getString("id")));
        assertThat("the roll as the API shows it", roll.getJsonObject("state"), is(rolled.getJsonObject("state")));
        assertThat("never a key", roll.containsKey("rollerKey"), is(false));

        JsonObject shown = deliveries(t, hook.getString("id")).get(0);
        assertThat(shown.getString("state"), is("delivered"));
        assertThat(shown.getInt("attempts"), is(4));

        // The roller plays the roll out: it is posted once more, as it now stands, under a delivery id of its own.
        Http.Answer moved = http.send("POST", "api/tables/" + t.id() + "/rolls/" + rolled.getString("id") + "/moves",
                "{\"move\":\"accept\"}", "Roller-Key", rolled.getString("rollerKey"));
        assertThat(moved.toString(), moved.status(), is(200));
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.at("/json").size() == 5);
        Received after = receiver.at("/json").get(4);
        assertThat(after.header(Signatures.DELIVERY), is(delivery + ".1"));
        assertThat(after.json().getString("summary"), containsString("played out after 1 move"));
        assertThat(after.json().getJsonObject("roll").getInt("moves"), is(1));
        assertThat(after.json().getJsonObject("roll").getJsonObject("state"), is(moved.json().getJsonObject("state")));
        assertThat("the throw's post told the roll as thrown", body.getJsonObject("roll").getInt("moves"), is(0));
    }

    /** A verifiable table stores each roll under its lock, in a transaction of its own: its outbox row is in it too. */
    @Test
    void aVerifiableTablesRollIsPostedToo() {
        JsonObject opened = http.post("api/tables", "{\"name\":\"Fair and square\",\"verifiable\":true}").json();
        Table t = new Table(opened.getString("id"), opened.getString("ownerKey"));
        added(t, "json", "/verifiable");
        JsonObject rolled = roll(t, "Noor", "public", "");
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.at("/verifiable").stream()
                .anyMatch(r -> r.answered() == 204));
        List<Received> posts = receiver.at("/verifiable");
        assertThat(posts, hasSize(1));
        assertThat(posts.get(0).json().getJsonObject("roll").getString("id"), is(rolled.getString("id")));
    }

    @Test
    void whatCannotBeDeliveredIsGivenUpAndShownAndRedirectsAreNotFollowed() {
        Table t = table("Broken");
        String down = added(t, "slack", "/down").getString("id");
        String moved = added(t, "json", "/moved").getString("id");
        receiver.always.put("/down", 503);
        receiver.always.put("/moved", 302);
        roll(t, "Lee", "public", "");
        await().atMost(Duration.ofSeconds(40)).until(() -> deliveries(t, down).get(0).getString("state")
                .equals("failed") && deliveries(t, moved).get(0).getString("state").equals("failed"));
        JsonObject gaveUp = deliveries(t, down).get(0);
        assertThat(gaveUp.getString("lastError"), containsString("given up"));
        assertThat(gaveUp.getInt("lastStatus"), is(503));
        assertThat(gaveUp.getInt("attempts"), greaterThanOrEqualTo(2));
        JsonObject redirect = deliveries(t, moved).get(0);
        assertThat(redirect.getString("lastError"), containsString("redirect, never followed"));
        assertThat(redirect.getInt("attempts"), is(1));
        assertThat("nothing went where the redirect pointed", receiver.at("/elsewhere"), hasSize(0));
        // The GM sees the failure in the list too.
        String list = http.send("GET", "api/tables/" + t.id() + "/webhooks", null, "Owner-Key", t.owner()).body();
        assertThat(list, containsString("\"state\":\"failed\""));
        // Slack's shape, within its limits.
        JsonObject slack = receiver.at("/down").get(0).json();
        assertThat(slack.getString("text"), containsString("Lee rolled"));
        assertThat(slack.getJsonArray("blocks").getJsonObject(0).getString("type"), is("header"));
    }

    @Test
    void theGmTestsListsAndDeletesAWebhook() {
        Table t = table("Managed");
        JsonObject added = added(t, "discord", "/managed");
        String hook = added.getString("id");
        // What the answer said of the new webhook reads the same in the list (the store keeps microseconds).
        assertThat(http.send("GET", "api/tables/" + t.id() + "/webhooks", null, "Owner-Key", t.owner()).body(),
                containsString("\"" + added.getString("createdAt") + "\""));
        Http.Answer test = http.send("POST", "api/tables/" + t.id() + "/webhooks/" + hook + "/test", null,
                "Owner-Key", t.owner());
        assertThat(test.toString(), test.status(), is(202));

        // The table's page: its link preview for anyone; for the GM (the owner key's cookie) the webhooks section.
        String page = http.send("GET", "tables/" + t.id(), null).body();
        assertThat(page, containsString("<meta property=\"og:title\" content=\"Managed\""));
        assertThat(page, containsString("<meta property=\"og:site_name\" content=\"Dicehall\""));
        assertThat(page, containsString("og:description"));
        assertThat("no GM's tools for a guest", page, not(containsString("webhooks-tools")));
        String gmPage = http.send("GET", "tables/" + t.id(), null, "Cookie", "dh-owner=" + t.owner()).body();
        assertThat(gmPage, containsString("id=\"webhooks-tools\""));
        assertThat(gmPage, containsString("data-webhook=\"" + hook + "\""));
        assertThat(gmPage, containsString(receiver.url("/managed")));
        await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.at("/managed").isEmpty());
        assertThat(receiver.at("/managed").get(0).json().getString("content"), containsString("test post"));
        await().atMost(Duration.ofSeconds(10)).until(() -> deliveries(t, hook).get(0).getString("state")
                .equals("delivered"));
        assertThat(deliveries(t, hook).get(0).getString("kind"), is("test"));

        assertThat(http.send("GET", "api/tables/" + t.id() + "/webhooks", null).status(), is(403));
        assertThat(http.send("DELETE", "api/tables/" + t.id() + "/webhooks/" + hook, null).status(), is(403));
        assertThat(http.send("DELETE", "api/tables/" + t.id() + "/webhooks/" + hook, null, "Owner-Key", t.owner())
                .status(), is(204));
        assertThat(http.send("GET", "api/tables/" + t.id() + "/webhooks", null, "Owner-Key", t.owner()).body(),
                is("[]"));
        roll(t, "Max", "public", "");
        roll(t, "Max", "public", "");
        // A roll after the deletion is not queued: the table has no webhook left to queue it for.
        assertThat(http.send("GET", "api/tables/" + t.id() + "/webhooks/" + hook + "/deliveries", null,
                "Owner-Key", t.owner()).status(), is(404));
        assertThat(receiver.at("/managed"), hasSize(1));
    }

    @Test
    void addressesTheOperatorDidNotAllowAreRefusedNamingTheField() {
        Table t = table("Guarded");
        for (String[] attempt : new String[][] {
            {"discord", "https://discord.com/api/webhooks/1/x", "discord.com is not"},
            {"json", "ftp://127.0.0.1/x", "https"},
            {"json", "https://10.0.0.1/x", "10.0.0.1 is not"},
            {"json", "https://user:pw@127.0.0.1/x", "user name"},
            {"matrix", receiver.url("/x"), "must be one of"}}) {
            Http.Answer refused = add(t, attempt[0], attempt[1]);
            assertThat(attempt[1], refused.status(), is(400));
            JsonObject violation = refused.json().getJsonArray("violations").getJsonObject(0);
            assertThat(violation.getString("field"), is(attempt[0].equals("matrix") ? "kind" : "url"));
            assertThat(violation.getString("message"), containsString(attempt[2]));
        }
        assertThat(add(t, "json", "").status(), is(400));
        assertThat(http.send("POST", "api/tables/" + t.id() + "/webhooks", "{\"kind\":\"json\",\"url\":\""
                + receiver.url("/x") + "\"}").status(), is(403));
        var ids = new ArrayList<String>();
        for (int i = 0; i < 5; i++) {
            ids.add(added(t, "json", "/x" + i).getString("id"));
        }
        Http.Answer sixth = add(t, "json", receiver.url("/x6"));
        assertThat(sixth.status(), is(409));
        assertThat(sixth.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("url"));
        assertThat(ids, hasSize(5));
    }
}
