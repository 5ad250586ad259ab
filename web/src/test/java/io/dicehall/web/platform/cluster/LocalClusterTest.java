package io.dicehall.web.platform.cluster;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The cluster of one that serves where there is no Hazelcast: the same bounds as the shared one. */
class LocalClusterTest {

    private final AtomicLong now = new AtomicLong();
    private final LocalCluster cluster = new LocalCluster(now::get);

    @Test
    void aTopicReachesEverySubscriberUntilItUnsubscribes() {
        List<String> heard = new ArrayList<>();
        Runnable stop = cluster.topic("t").subscribe(heard::add);
        cluster.topic("t").publish("one");
        stop.run();
        cluster.topic("t").publish("two");
        assertThat(heard, contains("one"));
    }

    @Test
    void theMapForgetsTheLeastRecentlyUsedAndTheExpired() {
        var map = cluster.map("m", 2, Duration.ofSeconds(10));
        map.put("a", "1");
        map.put("b", "2");
        map.get("a");
        map.put("c", "3");
        assertThat("b was the least recently used", map.get("b"), is(nullValue()));
        assertThat(map.get("a"), is("1"));
        now.addAndGet(Duration.ofSeconds(11).toNanos());
        assertThat(map.get("a"), is(nullValue()));
        assertThat(map.size(), is(0));
    }

    @Test
    void replaceTakesOnlyTheValueItWasReadAs() {
        var map = cluster.map("m", 10, Duration.ofHours(1));
        map.put("roll", "v1");
        assertThat(map.replace("roll", "v0", "v2"), is(false));
        assertThat(map.replace("roll", "v1", "v2"), is(true));
        assertThat(map.get("roll"), is("v2"));
    }

    @Test
    void entriesExpire() {
        var entries = cluster.entries("e");
        entries.put("k", "v", Duration.ofSeconds(30));
        assertThat(entries.get("k"), is("v"));
        now.addAndGet(Duration.ofSeconds(31).toNanos());
        assertThat(entries.get("k"), is(nullValue()));
        assertThat(cluster.members(), is(1));
        assertThat(cluster.memberIds(), contains(cluster.localMember()));
    }
}
