package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who the keys prove a viewer to be, found among the table's seats read once (as the table's pages do). */
class MembersViewerTest {

    private final String ownerKey = Ids.random();
    private final GameTable table = new GameTable("t1", "Table", Ids.hashHex(ownerKey), LocalDateTime.now(), null, null);
    private final String adaKey = Ids.random();
    private final String boKey = Ids.random();
    private final List<Member> seats = List.of(
            new Member("m1", "t1", "Ada", Ids.hashHex(adaKey), LocalDateTime.now(), true),
            new Member("m2", "t1", "Bo", Ids.hashHex(boKey), LocalDateTime.now(), false));

    @Test
    void aMemberKeyFindsItsSeatWithItsName() {
        Viewer bo = Members.viewerAmong(table, seats, null, boKey);
        assertThat(bo.memberId(), is("m2"));
        assertThat(bo.seatName(), is("Bo"));
        assertThat(bo.owner(), is(false));
    }

    @Test
    void theOwnerKeyIsCheckedAsWell() {
        Viewer gm = Members.viewerAmong(table, seats, ownerKey, adaKey);
        assertThat(gm.owner(), is(true));
        assertThat(gm.memberId(), is("m1"));
        assertThat(Members.viewerAmong(table, seats, boKey, null).owner(), is(false));
    }

    @Test
    void anUnknownMissingOrForeignKeyIsNoMember() {
        assertThat(Members.viewerAmong(table, seats, null, Ids.random()).memberId(), nullValue());
        assertThat(Members.viewerAmong(table, seats, null, "").memberId(), nullValue());
        assertThat(Members.viewerAmong(table, seats, null, null).memberId(), nullValue());
        // a seat of another table, even with the right key, is not a seat here
        Member elsewhere = new Member("m9", "t2", "Cy", Ids.hashHex(boKey), LocalDateTime.now(), false);
        assertThat(Members.viewerAmong(table, List.of(elsewhere), null, boKey).memberId(), nullValue());
        // the hash itself is not a key
        assertThat(Members.viewerAmong(table, seats, null, Ids.hashHex(adaKey)).memberId(), nullValue());
    }
}
