package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The embedded store stays near the size of its data under sustained durable rolls. H2 compacts its
 * file on its own only while idle, which a store forced to disk at every batch never is under load;
 * without the upkeep's compaction the file grew to tens of times its data. With it (and a short
 * retention, safe because the file is forced at least every 100 ms) it stays at a few KB a roll.
 */
class EmbeddedStoreIT {

    private static final int ROLLS = 6_000;
    private static final int TABLES = 100;
    private static final int CLIENTS = 8;
    /** Rows of a roll and its first step are about 1.5 KB with their indexes; room for chunk slack. */
    private static final long BYTES_PER_ROLL_AT_MOST = 12 * 1024;

    @Test
    void theFileStaysNearTheSizeOfItsDataUnderSustainedRolls() throws Exception {
        Path data = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "store-it")).resolve("data");
        if (Files.exists(data)) { // a fresh store: the size measured is this run's
            try (var old = Files.walk(data)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        try (ServerProcess server = ServerProcess.start(data, List.of())) {
            Http http = new Http(server.url());
            var tables = new ArrayList<String>();
            for (int t = 0; t < TABLES; t++) {
                tables.add(http.post("api/tables", "{\"name\":\"Store " + t + "\"}").json().getString("id"));
            }
            var next = new AtomicInteger();
            var refused = new ConcurrentLinkedQueue<String>();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                var done = new ArrayList<Future<?>>();
                for (int c = 0; c < CLIENTS; c++) {
                    done.add(clients.submit(() -> {
                        for (int i = next.getAndIncrement(); i < ROLLS; i = next.getAndIncrement()) {
                            Http.Answer answer = http.post("api/tables/" + tables.get(i % TABLES) + "/rolls",
                                    "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Kim\"}");
                            if (answer.status() != 201) {
                                refused.add(answer.status() + " " + answer.body());
                            }
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                clients.shutdownNow();
            }
            assertThat(refused, empty());
            // The upkeep runs every 50 ms and reclaims the file's tail as it goes: give it a few seconds at most
            // after the last roll (a slower machine compacts more slowly under the same load), then hold it to the size.
            Path file = data.resolve("dicehall.mv.db");
            long atEnd = Files.size(file);
            long bytes = await("the store file after " + ROLLS + " rolls (" + atEnd / 1024 + " KB at the last answer) "
                    + "held to its size by the upkeep").atMost(Duration.ofSeconds(15)).pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(250)).until(() -> Files.size(file), lessThan(ROLLS * BYTES_PER_ROLL_AT_MOST));
            System.out.printf("EmbeddedStoreIT: store file %d KB when the last roll was answered, %d KB after upkeep%n",
                    atEnd / 1024, bytes / 1024);
            assertThat(http.wholeLog(tables.get(0)).size(), equalTo(ROLLS / TABLES));
        }
        String log = Files.readString(data.resolveSibling("data.log"));
        assertThat(log, containsString("compacted every"));
    }
}
