package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.dicehall.web.webhooks.control.Signatures;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A server killed with SIGKILL while its rolls' posts wait (the receiver is failing) posts every acknowledged
 * roll after it restarts, each delivered exactly once.
 */
class WebhooksCrashIT {

    @Test
    void rollsWaitingToBePostedWhenTheServerIsKilledArePostedOnceAfterItRestarts() throws Exception {
        Path data = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "webhooks-crash-it"))
                .resolve("data-" + System.nanoTime());
        List<String> settings = new ArrayList<>(WebhooksIT.settings());
        settings.removeIf(s -> s.startsWith("dicehall.webhooks.give-up-seconds="));
        settings.add("dicehall.webhooks.give-up-seconds=600");
        try (WebhooksIT.Receiver receiver = new WebhooksIT.Receiver()) {
            receiver.always.put("/crash", 503); // down, as far as the server can tell
            var rolls = new ArrayList<String>();
            String table;
            try (ServerProcess server = ServerProcess.start(data, settings)) {
                Http http = new Http(server.url());
                JsonObject opened = http.post("api/tables", "{\"name\":\"Crash\"}").json();
                table = opened.getString("id");
                Http.Answer added = http.send("POST", "api/tables/" + table + "/webhooks",
                        "{\"kind\":\"json\",\"url\":\"" + receiver.url("/crash") + "\"}", "Owner-Key",
                        opened.getString("ownerKey"));
                assertThat(added.toString(), added.status(), is(201));
                for (int i = 0; i < 5; i++) {
                    Http.Answer rolled = http.post("api/tables/" + table + "/rolls",
                            "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Kim\"}");
                    assertThat(rolled.toString(), rolled.status(), is(201));
                    rolls.add(rolled.json().getString("id"));
                }
                await("five posts refused before the kill").atMost(Duration.ofSeconds(30))
                        .until(() -> receiver.at("/crash").size() >= 5);
                server.kill();
            }
            receiver.always.put("/crash", 204); // up again
            try (ServerProcess server = ServerProcess.start(data, settings)) {
                await("every roll delivered after the restart").atMost(Duration.ofSeconds(90))
                        .until(() -> delivered(receiver).size() == rolls.size());
                // Nothing more may come: each stays delivered once for two seconds.
                await("each delivered once, and no more for two seconds").during(Duration.ofSeconds(2))
                        .atMost(Duration.ofSeconds(10)).until(() -> delivered(receiver).values().stream().allMatch(n -> n == 1));
                Map<String, Long> once = delivered(receiver);
                assertThat(once.keySet(), is(rolls.stream().map(r -> once.keySet().stream()
                        .filter(id -> id.endsWith("." + r)).findFirst().orElse("missing " + r))
                        .collect(Collectors.toSet())));
                assertThat(once.values().stream().distinct().toList(), is(List.of(1L)));
            }
        }
    }

    /** @return how many times each delivery id was answered 2xx */
    private static Map<String, Long> delivered(WebhooksIT.Receiver receiver) {
        return receiver.at("/crash").stream().filter(r -> r.answered() == 204)
                .map(r -> r.header(Signatures.DELIVERY)).collect(Collectors.groupingBy(Function.identity(),
                        Collectors.counting()));
    }
}
