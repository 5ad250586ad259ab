package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;

import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TablePushTest {

    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final TablePush push = new TablePush();
    private final HeldPushes request = new HeldPushes();

    @BeforeEach
    void managedThreads() {
        request.push = push;
        push.held = request;
        // The server's managed executor, played by a plain pool of several threads.
        push.executor = (ManagedExecutorService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ManagedExecutorService.class}, (proxy, method, args) -> {
                    try {
                        return method.invoke(threads, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void aTablesEventsArriveInTheOrderTheyWereStoredEvenWhenTheFirstIsSlowToDeliver() throws Exception {
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch all = new CountDownLatch(3);
        List<String> heard = new CopyOnWriteArrayList<>();
        push.listen("t", event -> {
            if (TableEvent.ROLL.equals(event.kind())) {
                firstHeld.countDown();
                await(release);
            }
            heard.add(event.rollId() + " " + event.kind());
            all.countDown();
        });

        push.stored(new TableEvent("t", "r1", TableEvent.ROLL));
        assertThat(firstHeld.await(10, TimeUnit.SECONDS), is(true));
        // While the roll's own event is still being delivered, its moves end and a second roll comes.
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE));
        push.stored(new TableEvent("t", "r2", TableEvent.VISIBILITY));
        release.countDown();

        assertThat(all.await(10, TimeUnit.SECONDS), is(true));
        assertThat(heard, contains("r1 roll", "r1 move", "r2 visibility"));
    }

    @Test
    void aSlowTableDoesNotHoldBackAnother() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch otherHeard = new CountDownLatch(1);
        push.listen("slow", event -> await(release));
        push.listen("quick", event -> otherHeard.countDown());

        push.stored(new TableEvent("slow", "r1", TableEvent.ROLL));
        push.stored(new TableEvent("quick", "r2", TableEvent.ROLL));

        assertThat(otherHeard.await(10, TimeUnit.SECONDS), is(true));
        release.countDown();
    }

    @Test
    void aTableThatWentQuietIsDeliveredToAgain() throws Exception {
        CountDownLatch once = new CountDownLatch(1);
        CountDownLatch twice = new CountDownLatch(2);
        push.listen("t", event -> {
            once.countDown();
            twice.countDown();
        });
        push.stored(new TableEvent("t", "r1", TableEvent.ROLL));
        assertThat(once.await(10, TimeUnit.SECONDS), is(true));
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        assertThat(twice.await(10, TimeUnit.SECONDS), is(true));
    }

    @Test
    void aRequestThatHoldsItsEventsPushesThemWhenItReleasesThemInTheirOrder() {
        push.executor = null; // delivered on the calling thread, so that what is not heard yet is not heard at all
        List<String> heard = new CopyOnWriteArrayList<>();
        push.listen("t", event -> heard.add(event.rollId() + " " + event.kind()));

        request.hold();
        push.stored(new TableEvent("t", "r1", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE));
        assertThat(heard, is(List.of()));

        request.release();
        assertThat(heard, contains("r1 roll", "r1 move"));
        // released: the request's later events go at once
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        assertThat(heard, contains("r1 roll", "r1 move", "r2 roll"));
    }

    @Test
    void theEventsARequestReleasesAreHeardTogetherByWhoListensToThemTogether() {
        push.executor = null;
        List<List<String>> together = new CopyOnWriteArrayList<>();
        List<String> oneByOne = new CopyOnWriteArrayList<>();
        push.listenTogether("t", events -> together.add(events.stream().map(e -> e.rollId() + " " + e.kind()).toList()));
        push.listen("t", event -> oneByOne.add(event.rollId()));

        request.hold();
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE));
        request.release();
        push.stored(new TableEvent("t", "r3", TableEvent.ROLL));

        assertThat(together, contains(List.of("r2 roll", "r1 move"), List.of("r3 roll")));
        assertThat(oneByOne, contains("r2", "r1", "r3"));
    }

    @Test
    void eventsPublishedApartAreHeardApartEvenWhenTheyWaitTogether() throws Exception {
        CountDownLatch firstHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch all = new CountDownLatch(3);
        List<List<String>> heard = new CopyOnWriteArrayList<>();
        push.listenTogether("t", events -> {
            if ("r1".equals(events.get(0).rollId())) {
                firstHeld.countDown();
                await(release);
            }
            heard.add(events.stream().map(TableEvent::rollId).toList());
            all.countDown();
        });

        push.stored(new TableEvent("t", "r1", TableEvent.ROLL));
        assertThat(firstHeld.await(10, TimeUnit.SECONDS), is(true));
        // two requests' rolls wait in the queue together while the first is delivered
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r3", TableEvent.ROLL));
        release.countDown();

        assertThat(all.await(10, TimeUnit.SECONDS), is(true));
        assertThat(heard, contains(List.of("r1"), List.of("r2"), List.of("r3")));
    }

    @Test
    void whatARequestStillHoldsWhenItEndsIsPushedThen() {
        push.executor = null;
        List<String> heard = new CopyOnWriteArrayList<>();
        push.listen("t", event -> heard.add(event.rollId()));

        request.hold();
        push.stored(new TableEvent("t", "r1", TableEvent.ROLL));
        assertThat(heard, is(List.of()));
        request.ended();
        assertThat(heard, contains("r1"));
    }

    @Test
    void theRowsARequestDrewForTheOtherMembersGoWithItsRollsAndMovesOnly() {
        push.executor = null;
        List<TableEvent> heard = new CopyOnWriteArrayList<>();
        push.listen("t", heard::add);

        request.hold();
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE));
        push.stored(new TableEvent("t", "r3", TableEvent.VISIBILITY));
        push.stored(TableEvent.aboutMembers("t"));
        TableEvent.Row two = new TableEvent.Row(2, "<li>two</li>");
        request.release(Map.of("r2", two, "r3", new TableEvent.Row(3, "<li>three</li>")));

        assertThat(heard.stream().map(TableEvent::drawn).toList(), is(Arrays.asList(two, null, null, null)));
    }

    @Test
    void whatAPagesPlayPushesNamesThatPageWhetherDrawnOrNot() {
        push.executor = null;
        List<TableEvent> heard = new CopyOnWriteArrayList<>();
        push.listen("t", heard::add);

        request.from("page-key-of-the-roller");
        request.hold();
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE));
        request.releaseDrawn(Map.of("r2", new TableEvent.Row(2, "<li>two</li>")));
        request.release();
        push.stored(TableEvent.aboutMembers("t")); // after the request let go: not held, and still its page's

        assertThat(heard.stream().map(e -> e.rollId() + " " + e.page()).toList(),
                contains("r2 page-key-of-the-roller", "r1 page-key-of-the-roller", "null null"));
    }

    @Test
    void whatIsDrawnFirstIsPushedFirstAndTheRestWhenItIsReleased() {
        push.executor = null;
        List<String> heard = new CopyOnWriteArrayList<>();
        push.listen("t", event -> heard.add(event.rollId() + " " + event.kind() + (event.drawn() == null ? "" : " drawn")));

        request.hold();
        push.stored(new TableEvent("t", "r2", TableEvent.ROLL));
        push.stored(new TableEvent("t", "r1", TableEvent.MOVE)); // the roll r2 ended: its row is drawn later
        request.releaseDrawn(Map.of("r2", new TableEvent.Row(2, "<li>two</li>")));
        assertThat("the roll goes with its row at once; the ended roll waits", heard, contains("r2 roll drawn"));

        push.stored(new TableEvent("t", "r3", TableEvent.VISIBILITY)); // still held: the request has not released all
        assertThat(heard, contains("r2 roll drawn"));
        request.release(Map.of("r1", new TableEvent.Row(1, "<li>one</li>")));
        assertThat(heard, contains("r2 roll drawn", "r1 move drawn", "r3 visibility"));
        request.releaseDrawn(Map.of("r1", new TableEvent.Row(1, "<li>one</li>")));
        assertThat("nothing is pushed twice", heard.size(), is(3));
    }

    @Test
    void whatWasDrawnForAnEventCrossesTheClusterAsItWas() {
        String row = "<li class=\"log-entry\" data-seq=\"7\">\n  Zoë rolled – \"6 6\" &amp; more\r\n</li>";
        List<TableEvent> sent = List.of(new TableEvent("t", "r7", TableEvent.ROLL).drawn(new TableEvent.Row(7, row)),
                new TableEvent("t", "r6", TableEvent.MOVE).fromPage("Pg_key-0123456789ab"),
                new TableEvent("t", "r8", TableEvent.ROLL).fromPage("Pg_key-0123456789ab").drawn(new TableEvent.Row(8, row)),
                TableEvent.aboutMembers("t"));

        List<TableEvent> got = TablePush.parse(sent.stream().map(TablePush::message).collect(Collectors.joining("\n")));

        assertThat(got, is(sent));
        assertThat(got.get(0).drawn().html(), is(row));
        assertThat(got.get(0).drawn().seq(), is(7L));
        assertThat(got.stream().map(TableEvent::page).toList(),
                is(Arrays.asList(null, "Pg_key-0123456789ab", "Pg_key-0123456789ab", null)));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
