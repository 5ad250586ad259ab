package io.dicehall.web.platform;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** Ordered ids keep the shape of random ones, sort by their time, and stay distinct within one millisecond. */
class IdsTest {

    @Test
    void orderedIdsHaveTheShapeOfRandomOnesAndSortByTime() {
        String before = Ids.ordered(1_700_000_000_000L);
        String after = Ids.ordered(1_700_000_000_001L);
        String muchLater = Ids.ordered(4_000_000_000_000L);
        for (String id : new String[] {before, after, muchLater, Ids.ordered(), Ids.ordered(0), Ids.ordered((1L << 48) - 1)}) {
            assertThat(id, Ids.wellFormed(id), is(true));
        }
        assertThat(before.compareTo(after), lessThan(0));
        assertThat(muchLater.compareTo(after), greaterThan(0));
        assertThat(Ids.ordered(0).compareTo(Ids.ordered(1)), lessThan(0));
    }

    @Test
    void orderedIdsMadeInTheSameMillisecondDiffer() {
        var seen = new HashSet<String>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(Ids.ordered(42));
        }
        assertThat(seen.size(), is(10_000));
    }
}
