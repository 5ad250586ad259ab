package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.web.platform.Refusal;
import java.time.LocalDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An export's range names a time the store can hold, or is refused naming its field. */
class ExportRangeTest {

    @ParameterizedTest
    @ValueSource(strings = {"+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z", "+999999999-12-31T23:59:59-18:00",
            "-999999999-01-01T00:00:00+18:00", "+10000-01-01T00:00:00", "0000-12-31T23:59:59Z"})
    void aTimeBeyondTheYears1To9999IsRefusedNamingTheField(String time) {
        for (String field : new String[] {"since", "until"}) {
            Refusal refused = assertThrows(Refusal.class, () -> LogExport.range(null, null,
                    field.equals("since") ? time : null, field.equals("until") ? time : null));
            assertThat(refused.kind(), is(Refusal.Kind.INVALID));
            assertThat(refused.violations().size(), is(1));
            assertThat(refused.violations().get(0).field(), is(field));
            assertThat(refused.violations().get(0).message(), is("must lie between the years 1 and 9999"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-24", "2026-11-24T20:00:00Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z"})
    void aTimeWithinIsRead(String time) {
        LocalDateTime since = LogExport.range(null, null, time, null).since();
        assertThat(since.getYear() >= 1 && since.getYear() <= 9999, is(true));
    }
}
