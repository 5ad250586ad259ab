package io.dicehall.web.webhooks.control;

import io.dicehall.api.state.Tone;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of each post, shaped for its receiver and kept within the receiver's documented limits by
 * shortening text (ending it with an ellipsis) and leaving out what does not fit, never by failing:
 * Discord's execute-webhook (content 2,000 characters; an embed's title 256, description 4,096, 25
 * fields of name 256 and value 1,024, footer 2,048, 6,000 in all; 10 embeds; username 80), Slack's
 * incoming webhook (a header's text 150, a section's text 3,000, 10 fields of 2,000, 10 context elements,
 * 50 blocks), and the generic JSON (at most {@link #MAX_JSON_BYTES}). Nothing here is ever told of a
 * secret roll but who rolled it and its number ({@link RollNews#secretly}), and no key is ever in a post.
 */
public final class Payloads {

    public static final int DISCORD_CONTENT = 2000;
    public static final int DISCORD_TITLE = 256;
    public static final int DISCORD_DESCRIPTION = 4096;
    public static final int DISCORD_FIELDS = 25;
    public static final int DISCORD_FIELD_NAME = 256;
    public static final int DISCORD_FIELD_VALUE = 1024;
    public static final int DISCORD_FOOTER = 2048;
    public static final int DISCORD_EMBED_TOTAL = 6000;
    public static final int DISCORD_EMBEDS = 10;
    public static final int DISCORD_USERNAME = 80;

    public static final int SLACK_TEXT = 3000;
    public static final int SLACK_HEADER = 150;
    public static final int SLACK_SECTION = 3000;
    public static final int SLACK_FIELDS = 10;
    public static final int SLACK_FIELD = 2000;
    public static final int SLACK_CONTEXT_ELEMENTS = 10;
    public static final int SLACK_BLOCKS = 50;

    /** The largest generic post; a roll whose view is larger is posted without its state. */
    public static final int MAX_JSON_BYTES = 256 * 1024;

    /** The name posts are made under. */
    public static final String USERNAME = "Dicehall";

    private Payloads() {
    }

    /** @return the colour of a tone in a Discord embed (green, amber, red, grey) */
    static int colour(Tone tone) {
        if (tone == null) {
            return 0x607D8B;
        }
        return switch (tone) {
            case GOOD -> 0x2E7D32;
            case MIXED -> 0xF9A825;
            case BAD -> 0xC62828;
            case PENDING -> 0x607D8B;
        };
    }

    /** @return Discord's execute-webhook body: the summary as content, and one embed */
    public static JsonObject discord(RollNews news) {
        String title = cut(news.title(), DISCORD_TITLE);
        String footer = cut(news.footer(), DISCORD_FOOTER);
        var fields = new ArrayList<String[]>();
        if (news.outcome() != null) {
            fields.add(new String[] {"Outcome", news.outcome()});
        }
        for (RollNews.Line line : news.dice()) {
            fields.add(new String[] {line.label(), line.text()});
        }
        if (fields.size() > DISCORD_FIELDS) {
            int left = fields.size() - (DISCORD_FIELDS - 1);
            fields.subList(DISCORD_FIELDS - 1, fields.size()).clear();
            fields.add(new String[] {"More", left + " more at the table"});
        }
        for (String[] field : fields) {
            field[0] = cut(blankless(field[0]), DISCORD_FIELD_NAME);
            field[1] = cut(blankless(field[1]), DISCORD_FIELD_VALUE);
        }
        String description = cut(description(news), DISCORD_DESCRIPTION);
        // The embed's texts together stay within 6,000: the description gives way first, then the last fields.
        int others = title.length() + footer.length();
        for (String[] field : fields) {
            others += field[0].length() + field[1].length();
        }
        while (others > DISCORD_EMBED_TOTAL && !fields.isEmpty()) {
            String[] last = fields.remove(fields.size() - 1);
            others -= last[0].length() + last[1].length();
        }
        description = cut(description, Math.max(0, DISCORD_EMBED_TOTAL - others));

        JsonObjectBuilder embed = Json.createObjectBuilder().add("title", title).add("color", colour(news.tone()))
                .add("timestamp", news.at().toString()).add("footer", Json.createObjectBuilder().add("text", footer));
        if (!description.isEmpty()) {
            embed.add("description", description);
        }
        if (news.link() != null) {
            embed.add("url", news.link());
        }
        if (!fields.isEmpty()) {
            JsonArrayBuilder list = Json.createArrayBuilder();
            for (String[] field : fields) {
                list.add(Json.createObjectBuilder().add("name", field[0]).add("value", field[1])
                        .add("inline", field[1].length() <= 40));
            }
            embed.add("fields", list);
        }
        return Json.createObjectBuilder()
                .add("username", cut(USERNAME, DISCORD_USERNAME))
                .add("content", cut(news.summary(), DISCORD_CONTENT))
                // No name in a note or a roller's name may ping anyone.
                .add("allowed_mentions", Json.createObjectBuilder().add("parse", Json.createArrayBuilder()))
                .add("embeds", Json.createArrayBuilder().add(embed))
                .build();
    }

    private static String description(RollNews news) {
        var text = new StringBuilder();
        if (news.outcomeDescription() != null && !news.outcomeDescription().isBlank()) {
            text.append(news.outcomeDescription().strip());
        }
        if (news.note() != null && !news.note().isBlank()) {
            if (!text.isEmpty()) {
                text.append("\n\n");
            }
            text.append("Note: ").append(news.note().strip());
        }
        if (news.secret()) {
            text.append("What was rolled is not shown.");
        }
        return text.toString();
    }

    /** @return Slack's incoming-webhook body: the summary as text, and header, section and context blocks */
    public static JsonObject slack(RollNews news) {
        JsonArrayBuilder blocks = Json.createArrayBuilder();
        blocks.add(Json.createObjectBuilder().add("type", "header").add("text", Json.createObjectBuilder()
                .add("type", "plain_text").add("text", cut(news.title(), SLACK_HEADER))));
        String body = escape(description(news));
        if (news.outcome() != null) {
            body = "*" + escape(news.outcome()) + "*" + (body.isEmpty() ? "" : "\n" + body);
        }
        JsonObjectBuilder section = Json.createObjectBuilder().add("type", "section");
        if (!body.isEmpty()) {
            section.add("text", Json.createObjectBuilder().add("type", "mrkdwn").add("text", cut(body, SLACK_SECTION)));
        }
        List<RollNews.Line> lines = news.dice();
        if (!lines.isEmpty()) {
            JsonArrayBuilder fields = Json.createArrayBuilder();
            int shown = Math.min(lines.size(), SLACK_FIELDS);
            for (int i = 0; i < shown; i++) {
                RollNews.Line line = lines.get(i);
                String text = i == SLACK_FIELDS - 1 && lines.size() > SLACK_FIELDS
                        ? "_" + (lines.size() - i) + " more at the table_"
                        : "*" + escape(line.label()) + "*\n" + escape(line.text());
                fields.add(Json.createObjectBuilder().add("type", "mrkdwn").add("text", cut(text, SLACK_FIELD)));
            }
            section.add("fields", fields);
        }
        if (!body.isEmpty() || !lines.isEmpty()) {
            blocks.add(section);
        }
        String context = escape(news.footer());
        if (news.link() != null) {
            context += " · <" + news.link() + "|open the table>";
        }
        blocks.add(Json.createObjectBuilder().add("type", "context").add("elements", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("type", "mrkdwn").add("text", cut(context, SLACK_SECTION)))));
        return Json.createObjectBuilder().add("text", cut(news.summary(), SLACK_TEXT)).add("blocks", blocks).build();
    }

    /**
     * The generic post: what happened, the delivery id, the table, the roll's page and the roll as the API shows
     * it to anyone at the table (for a secret roll only its number, its roller and that it is secret).
     *
     * @param roll the roll's API view; null for a secret roll or a test post
     */
    public static JsonObject generic(String deliveryId, String tableId, RollNews news, JsonObject roll) {
        JsonObjectBuilder post = Json.createObjectBuilder()
                .add("type", news.test() ? "test" : "roll")
                .add("deliveryId", deliveryId)
                .add("table", Json.createObjectBuilder().add("id", tableId).add("name", news.tableName()))
                .add("summary", news.summary())
                .add("secret", news.secret());
        if (news.link() != null) {
            post.add("url", news.link());
        }
        if (news.secret()) {
            post.add("roll", Json.createObjectBuilder().add("seq", news.seq()).add("roller", news.roller())
                    .add("createdAt", news.at().toString()));
        } else if (roll != null) {
            post.add("roll", roll);
        }
        JsonObject whole = post.build();
        if (roll != null && bytes(whole) > MAX_JSON_BYTES) {
            JsonObjectBuilder shorter = Json.createObjectBuilder(roll).remove("state").remove("inputs");
            whole = Json.createObjectBuilder(whole).add("roll", shorter).add("shortened", true).build();
        }
        return whole;
    }

    /** @return the length of a body in UTF-8 */
    public static int bytes(JsonObject body) {
        return body.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    /** @return the text, shortened to {@code most} characters with an ellipsis at the end when it was longer */
    static String cut(String text, int most) {
        if (text == null) {
            return "";
        }
        if (text.length() <= most) {
            return text;
        }
        if (most <= 0) {
            return "";
        }
        int end = most - 1;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--; // never half a character
        }
        return text.substring(0, end) + "…";
    }

    private static String blankless(String text) {
        return text == null || text.isBlank() ? "-" : text;
    }

    /** @return text safe in Slack's mrkdwn: its three control characters escaped */
    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
