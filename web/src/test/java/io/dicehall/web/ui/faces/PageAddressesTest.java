package io.dicehall.web.ui.faces;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import org.junit.jupiter.api.Test;

class PageAddressesTest {

    private static final String TABLE = "AbCdEfGhIjKlMnOpQrSt_-";

    @Test
    void sharedAddressesLeadToTheirPages() {
        assertThat(PageAddresses.target("/tables/" + TABLE), is("/table.xhtml?t=" + TABLE));
        assertThat(PageAddresses.target("/systems/fate-condensed/overcome"),
                is("/roll.xhtml?system=fate-condensed&procedure=overcome"));
    }

    @Test
    void aRowOfAFeedIsAddressedByItsNumber() {
        assertThat(PageAddresses.target("/tables/" + TABLE + "/rows/12"), is("/row.xhtml?t=" + TABLE + "&seq=12"));
        assertThat(PageAddresses.target("/tables/" + TABLE + "/play"), is("/play.xhtml?t=" + TABLE));
        assertThat(PageAddresses.target("/tables/" + TABLE + "/play/1"), is(nullValue()));
        assertThat("a malformed table id names nothing", PageAddresses.target("/tables/<b>/rows/1"),
                is("/row.xhtml?t=-&seq=1"));
    }

    @Test
    void anythingElseBelowATableIsNoPage() {
        for (String wrong : new String[] {"/tables/" + TABLE + "/rows/0", "/tables/" + TABLE + "/rows/-1",
                "/tables/" + TABLE + "/rows/1x", "/tables/" + TABLE + "/rows/", "/tables/" + TABLE + "/rows",
                "/tables/" + TABLE + "/cols/1", "/tables/" + TABLE + "/rows/1234567890123456789012",
                "/tables/" + TABLE + "/rows/1/2", "/tables/"}) {
            assertThat(wrong, PageAddresses.target(wrong), is(nullValue()));
        }
    }
}
