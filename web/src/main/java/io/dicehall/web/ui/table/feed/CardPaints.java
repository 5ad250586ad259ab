package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.BoundedMap;
import io.dicehall.web.platform.http.SecurityHeaders;
import io.dicehall.web.ui.faces.PageTiming;
import io.dicehall.web.ui.table.TableLive;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The rolls whose answer waits for its card to be painted before it draws the rest. A roll's answer sends its card
 * first, and the push to the table's other pages just after; what follows (the roller's own rows, the card's details,
 * its moves) is only for the roller's page, which is busy showing the card then. Where the server and the browsers
 * share a machine's processors (a laptop serving its own table, the benchmarks), drawing the rest at once takes
 * them from that page just as it lays out and paints the card. So the page says when it has painted its card
 * ({@code POST /painted}, {@link CardPaintedServlet}) and the answer waits for that, at most {@link #WAIT_MILLIS},
 * before it draws the rest.
 *
 * <p>A page may only ask its own answer to wait (the answer is registered by the play's request, under the page's
 * unguessable key and the name it gave the play), and never for longer than the limit: a page that never says so,
 * a signal that reaches another instance of a cluster, a browser far away all cost the rest of the answer that
 * long, and nothing else. An answer held back whole (a browser that does not say its request is a script's fetch)
 * does not wait at all: its card could not be painted before the answer ends.
 */
@ApplicationScoped
public class CardPaints {

    /**
     * The longest a roll's answer waits for its card to be painted, in milliseconds. Where the server and the browser
     * share a machine, the page's word mostly comes later than this (a frame after the card is in place, then a round
     * trip), and the wait is a short pause: what shows the card sooner. 20 ms made the moves later, the card no sooner.
     */
    static final long WAIT_MILLIS = 8;

    /** The most answers awaiting their card's paint that are kept at once; a page that never says so is forgotten. */
    static final int KEPT = 10_000;

    /** How long a page may take to say its card was painted and still be told its answer was waiting. */
    static final long KEEP_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** No wait: the answer goes on at once. */
    static final Runnable NONE = () -> { };

    private final BoundedMap<CountDownLatch> waiting;

    public CardPaints() {
        this(System::nanoTime);
    }

    CardPaints(LongSupplier clock) {
        waiting = new BoundedMap<>(KEPT, KEEP_NANOS, clock);
    }

    /**
     * The wait of a roll's answer for its card to be painted, when the page will say so ({@code dh-painted}) and reads
     * the answer as it arrives (a script's fetch: an answer held back whole ends before its card can be painted).
     *
     * @param request the play's request, naming its page ({@code dh-page})
     * @param play the name the page gave its play, as {@link PlayAnswer#getPlayId()} read it ("": none)
     * @return the wait, to run once the card has left: at most {@link #WAIT_MILLIS}, none once the page has said so,
     *     or {@link #NONE}
     */
    Runnable expect(HttpServletRequest request, String play) {
        String pageKey = TableLive.pageKey(request.getParameter("dh-page"));
        if (pageKey == null || play.isEmpty() || request.getParameter("dh-painted") == null
                || !SecurityHeaders.fetched(request)) {
            return NONE;
        }
        CountDownLatch painted = new CountDownLatch(1);
        waiting.put(key(pageKey, play), painted);
        return () -> {
            try {
                painted.await(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            PageTiming.mark(request, "painted");
        };
    }

    /**
     * The page says it painted the card of this play: its answer, if it still waits, goes on at once.
     *
     * @return whether an answer of that page and play was registered ({@link #expect}) and not yet told
     */
    boolean painted(String pageKey, String play) {
        CountDownLatch painted = waiting.remove(key(pageKey, play));
        if (painted == null) {
            return false;
        }
        painted.countDown();
        return true;
    }

    private static String key(String pageKey, String play) {
        return pageKey + "/" + play;
    }
}
