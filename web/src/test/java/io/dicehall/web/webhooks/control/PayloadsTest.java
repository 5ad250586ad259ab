package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.state.Tone;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Each receiver's body: its documented shape, within its documented limits however long the table's names,
 * notes and dice, and nothing of a secret roll but who rolled it.
 */
class PayloadsTest {

    private static final Instant AT = Instant.parse("2026-11-26T12:00:00Z");

    private static RollNews roll(String name, String note, int groups, String face) {
        var dice = new ArrayList<RollNews.Line>();
        for (int i = 0; i < groups; i++) {
            dice.add(new RollNews.Line("Group " + i + " " + name, face));
        }
        return new RollNews(name, 7, 0, name, null, "Overcome (Fate Condensed)", dice, "Success", "You get it.",
                Tone.GOOD, note, "https://dice.example/tables/abc", AT, false, false);
    }

    private static RollNews ordinary() {
        return new RollNews("Friday game", 12, 0, "Ada", "Vex", "Overcome (Fate Condensed)",
                List.of(new RollNews.Line("Fate dice", "+, -, 0, +"), new RollNews.Line("Total", "3")),
                "Success with style", "Boost.", Tone.GOOD, "@everyone sneaks past", "https://dice.example/tables/abc",
                AT, false, false);
    }

    @Test
    void discordGetsAnEmbedWithTheRollerTheDiceAndTheOutcomeColouredByItsTone() {
        JsonObject body = Payloads.discord(ordinary());
        assertThat(body.getString("username"), is("Dicehall"));
        assertThat(body.getString("content"), is("Ada rolled Overcome (Fate Condensed) for Vex: Success with style"));
        assertThat("no mention pings anyone", body.getJsonObject("allowed_mentions").getJsonArray("parse").isEmpty(),
                is(true));
        JsonObject embed = body.getJsonArray("embeds").getJsonObject(0);
        assertThat(embed.getString("title"), is("Ada rolled Overcome (Fate Condensed) for Vex"));
        assertThat(embed.getString("url"), is("https://dice.example/tables/abc"));
        assertThat(embed.getInt("color"), is(0x2E7D32));
        assertThat(embed.getString("description"), containsString("Note: @everyone sneaks past"));
        assertThat(embed.getJsonArray("fields").getJsonObject(0).getString("value"), is("Success with style"));
        assertThat(embed.getJsonArray("fields").getJsonObject(1).getString("name"), is("Fate dice"));
        assertThat(embed.getJsonArray("fields").getJsonObject(1).getString("value"), is("+, -, 0, +"));
        assertThat(embed.getJsonObject("footer").getString("text"), is("Friday game · roll #12"));
        assertThat(embed.getString("timestamp"), is("2026-11-26T12:00:00Z"));
        assertThat(Payloads.colour(Tone.BAD), is(not(Payloads.colour(Tone.GOOD))));
        assertThat(Payloads.colour(Tone.MIXED), is(not(Payloads.colour(Tone.BAD))));
    }

    @Test
    void discordsLimitsHoldHoweverLongTheRoll() {
        String longName = "N".repeat(5000);
        RollNews huge = roll(longName, "x".repeat(10_000), 40, "6, ".repeat(2000));
        JsonObject body = Payloads.discord(huge);
        assertThat(body.getString("content").length(), lessThanOrEqualTo(Payloads.DISCORD_CONTENT));
        assertThat(body.getString("content"), endsWith("…"));
        assertThat(body.getJsonArray("embeds").size(), lessThanOrEqualTo(Payloads.DISCORD_EMBEDS));
        JsonObject embed = body.getJsonArray("embeds").getJsonObject(0);
        assertThat(embed.getString("title").length(), is(Payloads.DISCORD_TITLE));
        assertThat(embed.getString("description", "").length(), lessThanOrEqualTo(Payloads.DISCORD_DESCRIPTION));
        assertThat(embed.getJsonArray("fields").size(), lessThanOrEqualTo(Payloads.DISCORD_FIELDS));
        int total = embed.getString("title").length() + embed.getString("description", "").length()
                + embed.getJsonObject("footer").getString("text").length();
        for (JsonObject field : embed.getJsonArray("fields").getValuesAs(JsonObject.class)) {
            assertThat(field.getString("name").length(), lessThanOrEqualTo(Payloads.DISCORD_FIELD_NAME));
            assertThat(field.getString("value").length(), lessThanOrEqualTo(Payloads.DISCORD_FIELD_VALUE));
            total += field.getString("name").length() + field.getString("value").length();
        }
        assertThat(embed.getJsonObject("footer").getString("text").length(),
                lessThanOrEqualTo(Payloads.DISCORD_FOOTER));
        assertThat(total, lessThanOrEqualTo(Payloads.DISCORD_EMBED_TOTAL));
    }

    @Test
    void manyGroupsOfDiceFillTwentyFiveFieldsTheLastSayingHowManyMore() {
        JsonObject embed = Payloads.discord(roll("Ada", null, 40, "3")).getJsonArray("embeds").getJsonObject(0);
        var fields = embed.getJsonArray("fields").getValuesAs(JsonObject.class);
        assertThat(fields.size(), is(25));
        // The outcome and 40 groups: 41 fields, 24 shown, the 25th tells of the other 17.
        assertThat(fields.get(24).getString("value"), is("17 more at the table"));
    }

    @Test
    void slackGetsTextAndBlocksWithinItsLimits() {
        JsonObject body = Payloads.slack(ordinary());
        assertThat(body.getString("text"), is("Ada rolled Overcome (Fate Condensed) for Vex: Success with style"));
        var blocks = body.getJsonArray("blocks").getValuesAs(JsonObject.class);
        assertThat(blocks.get(0).getString("type"), is("header"));
        assertThat(blocks.get(0).getJsonObject("text").getString("type"), is("plain_text"));
        assertThat(blocks.get(1).getJsonObject("text").getString("text"), containsString("*Success with style*"));
        assertThat(blocks.get(2).getJsonArray("elements").getJsonObject(0).getString("text"),
                containsString("<https://dice.example/tables/abc|open the table>"));

        RollNews huge = roll("<b>&" + "N".repeat(5000), "y".repeat(10_000), 30, "5, ".repeat(3000));
        JsonObject big = Payloads.slack(huge);
        assertThat(big.getString("text").length(), lessThanOrEqualTo(Payloads.SLACK_TEXT));
        var bigBlocks = big.getJsonArray("blocks").getValuesAs(JsonObject.class);
        assertThat(bigBlocks.size(), lessThanOrEqualTo(Payloads.SLACK_BLOCKS));
        assertThat(bigBlocks.get(0).getJsonObject("text").getString("text").length(),
                lessThanOrEqualTo(Payloads.SLACK_HEADER));
        JsonObject section = bigBlocks.get(1);
        assertThat(section.getJsonObject("text").getString("text").length(), lessThanOrEqualTo(Payloads.SLACK_SECTION));
        assertThat(section.getJsonArray("fields").size(), lessThanOrEqualTo(Payloads.SLACK_FIELDS));
        for (JsonObject field : section.getJsonArray("fields").getValuesAs(JsonObject.class)) {
            assertThat(field.getString("text").length(), lessThanOrEqualTo(Payloads.SLACK_FIELD));
            assertThat("mrkdwn's control characters escaped", field.getString("text"), not(containsString("<b>")));
        }
        assertThat(bigBlocks.get(2).getJsonArray("elements").size(), lessThanOrEqualTo(Payloads.SLACK_CONTEXT_ELEMENTS));
    }

    @Test
    void aSecretRollTellsOnlyWhoRolledInEveryShape() {
        RollNews secret = RollNews.secretly("Friday game", 13, "Gail", AT);
        for (JsonObject body : List.of(Payloads.discord(secret), Payloads.slack(secret),
                Payloads.generic("d1", "t1", secret, null))) {
            String text = body.toString();
            assertThat(text, containsString("Gail rolled in secret"));
            assertThat(text, not(containsString("tables/")));
            assertThat(text, not(containsString("Outcome")));
        }
        JsonObject generic = Payloads.generic("d1", "t1", secret, null);
        assertThat(generic.getBoolean("secret"), is(true));
        assertThat(generic.getJsonObject("roll").keySet(), is(java.util.Set.of("seq", "roller", "createdAt")));
    }

    @Test
    void theGenericPostCarriesTheRollAsTheApiShowsItAndShedsItsStateWhenTooLarge() {
        JsonObject view = Json.createObjectBuilder().add("id", "r1").add("seq", 12).add("state",
                Json.createObjectBuilder().add("outcome", "success")).add("inputs", JsonValue.EMPTY_JSON_OBJECT).build();
        JsonObject post = Payloads.generic("w.r1", "t1", ordinary(), view);
        assertThat(post.getString("type"), is("roll"));
        assertThat(post.getString("deliveryId"), is("w.r1"));
        assertThat(post.getJsonObject("table").getString("name"), is("Friday game"));
        assertThat(post.getString("url"), is("https://dice.example/tables/abc"));
        assertThat(post.getJsonObject("roll"), is(view));
        assertThat(post.containsKey("shortened"), is(false));

        var bulky = Json.createArrayBuilder();
        IntStream.range(0, 40_000).forEach(i -> bulky.add("die-" + i));
        JsonObject large = Json.createObjectBuilder(view).add("state", Json.createObjectBuilder().add("dice", bulky))
                .build();
        JsonObject shed = Payloads.generic("w.r1", "t1", ordinary(), large);
        assertThat(Payloads.bytes(shed), lessThanOrEqualTo(Payloads.MAX_JSON_BYTES));
        assertThat(shed.getBoolean("shortened"), is(true));
        assertThat(shed.getJsonObject("roll").getString("id"), is("r1"));
        assertThat(shed.getJsonObject("roll").containsKey("state"), is(false));
    }

    @Test
    void aTestPostSaysSo() {
        RollNews sample = RollNews.sample("Friday game", AT);
        assertThat(Payloads.discord(sample).getString("content"), containsString("test post"));
        assertThat(Payloads.generic("w.test-1", "t1", sample, null).getString("type"), is("test"));
    }

    @Test
    void cuttingNeverSplitsACharacter() {
        String emoji = "😀".repeat(10); // two chars each
        for (int most = 1; most < 20; most++) {
            String cut = Payloads.cut(emoji, most);
            assertThat(cut.length(), lessThanOrEqualTo(most));
            assertThat(Character.isHighSurrogate(cut.charAt(Math.max(0, cut.length() - 2))) && cut.endsWith("…"),
                    is(false));
        }
    }
}
