package io.dicehall.web.ui.table.feed;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;

import io.dicehall.web.ui.table.TableLive;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Which roll answers wait for their card to be painted, and who may tell them it was. */
class CardPaintsTest {

    private static final String PAGE = TableLive.newPageKey();

    /** A play's request with these parameters, posted by a script's fetch when {@code fetched}. */
    private static HttpServletRequest request(Map<String, String> params, boolean fetched) {
        return (HttpServletRequest) Proxy.newProxyInstance(CardPaintsTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getParameter" -> params.get((String) args[0]);
                    case "getHeader" -> "Sec-Fetch-Dest".equals(args[0]) && fetched ? "empty" : null;
                    case "getAttribute" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static HttpServletRequest roll(String page) {
        var params = new HashMap<String, String>();
        params.put("dh-page", page);
        params.put("dh-painted", "1");
        return request(params, true);
    }

    @Test
    void anAnswerWaitsUntilItsPageSaysItPaintedTheCardAndThatPageOnly() throws Exception {
        CardPaints paints = new CardPaints();
        Runnable wait = paints.expect(roll(PAGE), "abc123");
        assertThat(wait, not(sameInstance(CardPaints.NONE)));

        assertThat("another page cannot speak for it", paints.painted(TableLive.newPageKey(), "abc123"), is(false));
        assertThat("nor another play of the page", paints.painted(PAGE, "abc124"), is(false));
        assertThat(paints.painted(PAGE, "abc123"), is(true));
        assertThat("told once", paints.painted(PAGE, "abc123"), is(false));
        CompletableFuture.runAsync(wait).get(10, TimeUnit.SECONDS); // the page has said so: no wait
    }

    @Test
    void anAnswerWhosePageNeverSaysSoGoesOnAfterItsLimitAndThePageMayStillSaySoLater() throws Exception {
        CardPaints paints = new CardPaints();
        Runnable wait = paints.expect(roll(PAGE), "late");
        CompletableFuture.runAsync(wait).get(10, TimeUnit.SECONDS); // ends by its limit, unpainted
        assertThat("the page's word, late, is still taken", paints.painted(PAGE, "late"), is(true));
    }

    @Test
    void aPageThatSaysSoAfterAMinuteIsForgotten() {
        AtomicLong now = new AtomicLong();
        CardPaints paints = new CardPaints(now::get);
        paints.expect(roll(PAGE), "old");
        now.addAndGet(CardPaints.KEEP_NANOS);
        assertThat(paints.painted(PAGE, "old"), is(false));
    }

    @Test
    void noWaitUnlessThePageSaidItWouldTellAndReadsTheAnswerAsItArrives() {
        CardPaints paints = new CardPaints();
        assertThat("a well-formed roll waits", paints.expect(roll(PAGE), "a1"), not(sameInstance(CardPaints.NONE)));
        assertThat("no name given to the play", paints.expect(roll(PAGE), ""), is(CardPaints.NONE));
        assertThat("no page key", paints.expect(request(Map.of("dh-painted", "1"), true), "a2"), is(CardPaints.NONE));
        assertThat("a malformed page key", paints.expect(roll("<b>short</b>"), "a3"), is(CardPaints.NONE));
        assertThat("the page did not say it would tell", paints.expect(request(Map.of("dh-page", PAGE), true), "a4"),
                is(CardPaints.NONE));
        assertThat("an answer held back whole (no script's fetch) would end before the card was painted",
                paints.expect(request(Map.of("dh-page", PAGE, "dh-painted", "1"), false), "a5"), is(CardPaints.NONE));
        assertThat(paints.painted(PAGE, "a4"), is(false));
    }
}
