package io.dicehall.web.webhooks.entity;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.dicehall.web.tables.control.Migrations;
import io.dicehall.web.webhooks.control.Outbox;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The outbox and its claims on H2 (Payara Micro's database) and Derby (GlassFish's), with the schema the
 * migrations make: a roll queues one delivery per webhook of its table and none elsewhere; a delivery is
 * claimed once however many claim it at once; a lapsed claim is taken again; a deleted webhook is not posted to.
 */
class WebhookStoreTest {

    @TempDir
    Path dir;

    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 26, 12, 0);

    private DataSource database(String kind) throws SQLException {
        String url = kind.equals("h2") ? "jdbc:h2:" + dir.resolve("w") + ";DB_CLOSE_DELAY=-1"
                : "jdbc:derby:memory:w-" + UUID.randomUUID() + ";create=true";
        DataSource db = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getConnection" -> DriverManager.getConnection(url, "sa", "sa");
                    case "isWrapperFor" -> false;
                    default -> null;
                });
        Migrations.migrate(db);
        try (Connection c = db.getConnection(); Statement sql = c.createStatement()) {
            for (String table : List.of("ta", "tb")) {
                sql.executeUpdate("INSERT INTO dh_table (id, name, owner_key_hash, created_at, closed, verifiable,"
                        + " next_seq, version) VALUES ('" + table + "', 'T', 'h', CURRENT_TIMESTAMP, FALSE, FALSE, 1, 0)");
            }
        }
        return db;
    }

    private static Webhook hook(String id, String table) {
        return new Webhook(id, table, WebhookKind.JSON, "https://hooks.example/x", "s", "https://dice.example", NOW, null);
    }

    /** @return the rolls that queued a post */
    private static Set<String> roll(DataSource db, String table, String... rolls) throws SQLException {
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            var stored = new ArrayList<Outbox.Stored>();
            for (String roll : rolls) {
                stored.add(Outbox.Stored.thrown(table, roll, NOW));
            }
            Set<String> queued = Outbox.add(c, stored);
            c.commit();
            return queued;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aRollIsQueuedOncePerWebhookOfItsTableOnly(String kind) throws Exception {
        DataSource db = database(kind);
        WebhookStore store = new WebhookStore(db);
        store.add(hook("w1", "ta"));
        store.add(hook("w2", "ta"));
        assertThat("both queued a post", roll(db, "ta", "r1", "r2"), is(Set.of("r1", "r2")));
        assertThat("a table without webhooks queues nothing, and says so", roll(db, "tb", "r3"), is(empty()));
        List<Delivery> due = store.due(NOW, 10);
        assertThat(due.stream().map(Delivery::id).sorted().toList(),
                is(List.of("w1.r1", "w1.r2", "w2.r1", "w2.r2")));
        assertThat(due.get(0).state(), is(Delivery.PENDING));
        assertThat(store.deliveries("w1", 10).size(), is(2));

        store.delete("ta", "w2", NOW);
        assertThat("its waiting deliveries are cancelled", store.due(NOW, 10).stream().map(Delivery::webhookId)
                .distinct().toList(), is(List.of("w1")));
        assertThat("one webhook left: still queued", roll(db, "ta", "r4"), is(Set.of("r4")));
        assertThat(store.deliveries("w2", 10).stream().map(Delivery::state).distinct().toList(),
                is(List.of(Delivery.CANCELLED)));
        assertThat(store.list("ta").stream().map(Webhook::id).toList(), is(List.of("w1")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aClaimIsTakenOnceAndLapsesWithItsLease(String kind) throws Exception {
        DataSource db = database(kind);
        WebhookStore store = new WebhookStore(db);
        store.add(hook("w1", "ta"));
        roll(db, "ta", "r1");
        Delivery seen = store.due(NOW, 10).get(0);
        assertThat(store.claim(seen, "one", NOW.plusMinutes(1), NOW), is(true));
        assertThat("the same read claims nothing more", store.claim(seen, "two", NOW.plusMinutes(1), NOW), is(false));
        assertThat("claimed: not due", store.due(NOW.plusSeconds(30), 10), is(empty()));

        // Its instance died: the lease lapses and another takes it; the dead one's word no longer counts.
        Delivery lapsed = store.due(NOW.plusMinutes(2), 10).get(0);
        assertThat(store.claim(lapsed, "two", NOW.plusMinutes(3), NOW.plusMinutes(2)), is(true));
        store.finish(lapsed.id(), "one", Delivery.DELIVERED, true, 200, null, NOW.plusMinutes(2));
        assertThat(store.delivery(lapsed.id()).orElseThrow().state(), is(Delivery.SENDING));

        store.retry(lapsed.id(), "two", NOW.plusMinutes(5), 503, "answered 503");
        Delivery back = store.delivery(lapsed.id()).orElseThrow();
        assertThat(back.state(), is(Delivery.PENDING));
        assertThat(back.attempts(), is(1));
        assertThat(back.lastStatus(), is(503));
        assertThat(back.firstTryAt(), is(NOW));
        assertThat("not due before its time", store.due(NOW.plusMinutes(4), 10), is(empty()));

        store.pause("w1", NOW.plusMinutes(10));
        assertThat("a paused webhook's deliveries wait", store.due(NOW.plusMinutes(6), 10), is(empty()));
        Delivery again = store.due(NOW.plusMinutes(11), 10).get(0);
        assertThat(store.claim(again, "three", NOW.plusMinutes(12), NOW.plusMinutes(11)), is(true));
        store.finish(again.id(), "three", Delivery.DELIVERED, true, 204, null, NOW.plusMinutes(11));
        Delivery done = store.delivery(again.id()).orElseThrow();
        assertThat(done.state(), is(Delivery.DELIVERED));
        assertThat(done.attempts(), is(2));
        assertThat(done.firstTryAt(), is(NOW));
        assertThat(store.due(NOW.plusDays(1), 10), is(empty()));
    }

    /** As instances of a cluster would: many claimers at once over the same deliveries, each taken exactly once. */
    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void claimersAtOnceTakeEachDeliveryOnce(String kind) throws Exception {
        DataSource db = database(kind);
        WebhookStore store = new WebhookStore(db);
        store.add(hook("w1", "ta"));
        String[] rolls = new String[200];
        for (int i = 0; i < rolls.length; i++) {
            rolls[i] = "r" + i;
        }
        roll(db, "ta", rolls);
        Map<String, String> takenBy = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            var claimers = new ArrayList<Future<Integer>>();
            for (int c = 0; c < 6; c++) {
                String me = "c" + c;
                claimers.add(pool.submit(() -> {
                    int mine = 0;
                    for (Delivery seen : store.due(NOW, 500)) {
                        if (store.claim(seen, me, NOW.plusMinutes(1), NOW)) {
                            assertThat(seen.id() + " claimed twice", takenBy.putIfAbsent(seen.id(), me) == null, is(true));
                            mine++;
                        }
                    }
                    return mine;
                }));
            }
            int total = 0;
            for (Future<Integer> claimer : claimers) {
                total += claimer.get();
            }
            assertThat(total, is(rolls.length));
            assertThat(takenBy.size(), is(rolls.length));
        } finally {
            pool.shutdownNow();
        }
    }
}
