package io.dicehall.web.ui.table;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.web.tables.control.TableEvent;
import jakarta.faces.event.WebsocketEvent;
import jakarta.faces.push.PushContext;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Which of a table's pages hear of what changed: each page has a socket of its own. */
class TableLiveTest {

    /** What was sent, to whom: a message and its users, a line each. */
    private final List<String> sent = new ArrayList<>();

    private final TableLive live = new TableLive();

    {
        live.pages = new PushContext() {
            private static final long serialVersionUID = 1L;

            @Override
            public Set<Future<Void>> send(Object message) {
                throw new AssertionError("a table's message goes to its own pages, never to every page");
            }

            @Override
            public <S extends Serializable> Set<Future<Void>> send(Object message, S user) {
                throw new AssertionError("sent to one page at a time");
            }

            @Override
            public <S extends Serializable> Map<S, Set<Future<Void>>> send(Object message, Collection<S> users) {
                sent.add(String.valueOf(message).split("\n")[0] + " -> " + users.stream().map(String::valueOf).sorted().toList());
                return Map.of();
            }
        };
    }

    private void open(String user) {
        live.opened(new WebsocketEvent(TableLive.CHANNEL, user, null));
    }

    @Test
    void aPagesKeyIsUnguessableAndOnlySuchKeysAreTakenFromAPlay() {
        String key = TableLive.newPageKey();
        assertThat(key, matchesPattern("[A-Za-z0-9_-]{22}"));
        assertThat(TableLive.newPageKey(), not(is(key)));
        assertThat(TableLive.pageKey(key), is(key));
        assertThat(TableLive.pageKey("short"), nullValue());
        assertThat(TableLive.pageKey("<script>alert(1)</script>xxxxxxxxxx"), nullValue());
        assertThat(TableLive.pageKey(null), nullValue());
    }

    @Test
    void aPlaysRollsGoToEveryOtherPageOfItsTableAndNotToThePageThatMadeIt() {
        open(TableLive.socketUser("t1", "roller-page-key-0001"));
        open(TableLive.socketUser("t1", "gm-page-key-00000001"));
        open(TableLive.socketUser("t1", "phone-page-key-00001"));
        open(TableLive.socketUser("t2", "another-tables-page1")); // another table, maybe in the same browser

        live.send("t1", List.of(new TableEvent("t1", "r1", TableEvent.ROLL).fromPage("roller-page-key-0001")
                .drawn(new TableEvent.Row(1, "<li>one</li>"))));

        assertThat(sent, containsInAnyOrder("roll 1 -> [t1/gm-page-key-00000001, t1/phone-page-key-00001]"));
    }

    @Test
    void aPageThatConnectsAgainBeforeItsOldSocketClosedKeepsHearing() {
        String page = TableLive.socketUser("t1", "reconnecting-page-01");
        open(page);
        open(page); // its new socket, told before the old one's close
        live.closed(new WebsocketEvent(TableLive.CHANNEL, page, null));
        live.send("t1", List.of(TableEvent.aboutMembers("t1")));
        live.closed(new WebsocketEvent(TableLive.CHANNEL, page, null));
        live.closed(new WebsocketEvent(TableLive.CHANNEL, page, null)); // told once too often: nothing to undo
        live.send("t1", List.of(TableEvent.aboutMembers("t1")));
        open(page);
        live.send("t1", List.of(TableEvent.aboutMembers("t1")));

        assertThat(sent, contains("members -> [t1/reconnecting-page-01]", "members -> [t1/reconnecting-page-01]"));
    }

    @Test
    void whatNoPageMadeGoesToEveryPageOfTheTableAndAClosedPageHearsNoMore() {
        open(TableLive.socketUser("t1", "roller-page-key-0001"));
        open(TableLive.socketUser("t1", "gm-page-key-00000001"));
        open(TableLive.socketUser("t2", "another-tables-page1"));
        live.closed(new WebsocketEvent(TableLive.CHANNEL, TableLive.socketUser("t1", "gm-page-key-00000001"), null));

        live.send("t1", List.of(new TableEvent("t1", "r1", TableEvent.ROLL).drawn(new TableEvent.Row(4, "<li/>")),
                TableEvent.aboutMembers("t1")));
        live.closed(new WebsocketEvent(TableLive.CHANNEL, TableLive.socketUser("t1", "roller-page-key-0001"), null));
        live.send("t1", List.of(TableEvent.aboutMembers("t1")));

        assertThat(sent, containsInAnyOrder("members -> [t1/roller-page-key-0001]", "roll 4 -> [t1/roller-page-key-0001]"));
    }
}
