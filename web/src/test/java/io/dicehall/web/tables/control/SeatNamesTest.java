package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Names at a table are one name whatever their case and spacing; distinct names stay distinct. */
class SeatNamesTest {

    @Test
    void caseAndSpacesDoNotMakeANewName() {
        assertThat(SeatNames.key("  Bo "), is("bo"));
        assertThat(SeatNames.key("Ada \t  Lovelace"), is("ada lovelace"));
        assertThat(SeatNames.key("Ada\u00a0\u3000Lovelace"), is("ada lovelace"));
        assertThat(SeatNames.same("BO", "bo"), is(true));
        assertThat(SeatNames.same("Straße", "STRASSE"), is(true));
        assertThat(SeatNames.same("Ada  Lovelace", " ada lovelace"), is(true));
    }

    @Test
    void differentNamesStayDifferent() {
        assertThat(SeatNames.same("Bo", "Bob"), is(false));
        assertThat(SeatNames.same("AdaLovelace", "Ada Lovelace"), is(false));
        assertThat(SeatNames.same(null, "Bo"), is(false));
        assertThat(SeatNames.key(null), is((String) null));
    }

    @Test
    void aClashNamesTheSeatTaken() {
        assertThat(SeatNames.clash(" bo ", List.of("Ada", "Bo")), equalTo(Optional.of("Bo")));
        assertThat(SeatNames.clash("Cy", List.of("Ada", "Bo")), equalTo(Optional.empty()));
    }
}
