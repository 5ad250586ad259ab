package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import java.io.StringWriter;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How an export writes a roll its reader may not see, and how lightly it escapes Markdown. */
class LogExportTest {

    private static TableRoll roll(long seq, String member, Visibility visibility) {
        return new TableRoll("r" + seq, "t", seq, "action-rolls", "action-roll", "{\"secret\":1}", "a secret note",
                "Ada", member, visibility, "hash", LocalDateTime.of(2026, 11, 26, 20, 0, 5));
    }

    private static String write(LogExport.Format format, TableRoll roll) throws Exception {
        var out = new StringWriter();
        ExportWriter.write(new LogExport.Exported(roll, List.of(), false), format, true, out,
                r -> new ExportWriter.Names("Action Rolls", "Action Roll"));
        return out.toString();
    }

    @Test
    void aHiddenRollKeepsItsNumberAndTellsForWhomNothingMore() throws Exception {
        String md = write(LogExport.Format.MARKDOWN, roll(5, "m1", Visibility.GM));
        assertThat(md, containsString("## 5. Ada — hidden (GM only)"));
        assertThat(md, not(containsString("secret")));
        String csv = write(LogExport.Format.CSV, roll(6, null, Visibility.ROLLER));
        assertThat(csv, is("6,2026-11-26 20:00:05,Ada,,,,hidden (roller only),,,,roller,,yes,,\r\n"));
        assertThat(csv.split(",", -1).length, is(ExportWriter.CSV_COLUMNS.size()));
        String json = write(LogExport.Format.JSON, roll(7, "m1", Visibility.GM));
        assertThat(json, is("{\"number\":7,\"time\":\"2026-11-26T20:00:05Z\",\"roller\":\"Ada\","
                + "\"seat\":{\"id\":\"m1\",\"name\":\"Ada\"},\"guest\":false,\"visibility\":\"gm\",\"hidden\":true}"));
    }

    @Test
    void markdownEscapesOnlyWhatWouldMarkUpText() {
        assertThat(ExportWriter.markdown("Ada-Lou (the 2nd). Action Roll!"), is("Ada-Lou (the 2nd). Action Roll!"));
        assertThat(ExportWriter.markdown("*bold* _it_ `code` [link] <b> ~~x~~ \\"),
                is("\\*bold\\* \\_it\\_ \\`code\\` \\[link\\] \\<b\\> \\~\\~x\\~\\~ \\\\"));
        assertThat(ExportWriter.markdown("two\nlines"), is("two lines"));
    }
}
