package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItems;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** A server killed with SIGKILL in the middle of rolls loses no roll it acknowledged. */
class CrashIT {

    @Test
    void everyAcknowledgedRollSurvivesAKill() throws Exception {
        Path data = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "crash-it")).resolve("data");
        String table;
        var acknowledged = new CopyOnWriteArrayList<String>();
        var states = new java.util.concurrent.ConcurrentHashMap<String, String>();
        try (ServerProcess server = ServerProcess.start(data, List.of())) {
            Http http = new Http(server.url());
            table = http.post("api/tables", "{\"name\":\"Crash\"}").json().getString("id");
            var stop = new AtomicBoolean();
            Thread roller = new Thread(() -> {
                for (int i = 0; i < 2000 && !stop.get(); i++) {
                    try {
                        Http.Answer answer = http.post("api/tables/" + table + "/rolls",
                                "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Kim\"}");
                        if (answer.status() == 201) {
                            JsonObject roll = answer.json();
                            states.put(roll.getString("id"), roll.getJsonObject("state").toString());
                            acknowledged.add(roll.getString("id"));
                        }
                    } catch (RuntimeException connectionLost) {
                        return;
                    }
                }
            });
            roller.start();
            try {
                await("60 rolls acknowledged (or the roller stopped)").atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(20)).until(() -> acknowledged.size() >= 60 || !roller.isAlive());
            } finally {
                server.kill();
                stop.set(true);
                roller.join(60_000);
            }
        }
        assertThat(acknowledged.size(), greaterThanOrEqualTo(60));
        try (ServerProcess server = ServerProcess.start(data, List.of())) {
            Http http = new Http(server.url());
            List<JsonObject> log = http.wholeLog(table);
            List<String> ids = log.stream().map(r -> r.getString("id")).toList();
            List<Integer> seqs = log.stream().map(r -> r.getInt("seq")).toList();
            assertThat(ids, hasItems(acknowledged.toArray(new String[0])));
            assertThat("each roll once", new java.util.HashSet<>(ids).size(), equalTo(ids.size()));
            for (String id : acknowledged) {
                // The same dice, tallies and outcome as acknowledged.
                assertThat(http.get("api/tables/" + table + "/rolls/" + id).json().getJsonObject("state").toString(),
                        equalTo(states.get(id)));
            }
            var expected = new ArrayList<Integer>();
            for (int s = seqs.size(); s >= 1; s--) {
                expected.add(s);
            }
            assertThat("sequence numbers without gaps", seqs, equalTo(expected));
        }
    }
}
