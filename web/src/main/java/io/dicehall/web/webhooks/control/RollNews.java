package io.dicehall.web.webhooks.control;

import io.dicehall.api.state.Tone;
import java.time.Instant;
import java.util.List;

/**
 * What a post tells of a roll, in words, whatever the receiver: built from the stored roll by
 * {@link DeliveryWorker} and shaped for each receiver by {@link Payloads}. A secret roll's news holds its
 * roller and number alone ({@link #secretly}).
 *
 * @param tableName the table's name
 * @param seq the roll's number at the table
 * @param moves how many moves were made on it when this was told (0: as thrown)
 * @param roller who rolled
 * @param character the character it was rolled for, or null
 * @param procedure the procedure's name (with its system's), or null for a secret roll
 * @param dice one line per group of dice: its label and the faces as they read
 * @param outcome the outcome's label, or null (none, or secret)
 * @param outcomeDescription what the outcome means, or null
 * @param tone the outcome's tone, or null
 * @param note the roller's note, or null
 * @param link the table's page, where the roll is in the log; null for a secret roll or a test post
 * @param at when it was rolled
 * @param secret whether only "rolled in secret" may be told
 * @param test whether it is a test post
 */
public record RollNews(String tableName, long seq, int moves, String roller, String character, String procedure,
        List<Line> dice, String outcome, String outcomeDescription, Tone tone, String note, String link, Instant at,
        boolean secret, boolean test) {

    /**
     * A labelled line: a group of dice or a tally.
     *
     * @param label what it is
     * @param text what it reads
     */
    public record Line(String label, String text) {
    }

    public RollNews {
        dice = List.copyOf(dice);
    }

    /** @return the news of a roll nobody outside may see: who rolled, and its number */
    public static RollNews secretly(String tableName, long seq, String roller, Instant at) {
        return new RollNews(tableName, seq, 0, roller, null, null, List.of(), null, null, null, null, null, at, true,
                false);
    }

    /** @return the sample news of a test post */
    public static RollNews sample(String tableName, Instant at) {
        return new RollNews(tableName, 0, 0, "Dicehall", null, "a test post", List.of(new Line("Dice", "4, 2, 6")),
                "Test", "This webhook works: the table's rolls will be posted here.", Tone.GOOD, null, null, at, false,
                true);
    }

    /** @return one line of text: who rolled what, and the outcome */
    public String summary() {
        if (test) {
            return "Dicehall: a test post from the table \"" + tableName + "\". This webhook works.";
        }
        if (secret) {
            return roller + " rolled in secret (roll #" + seq + ")";
        }
        return title() + (outcome == null ? "" : ": " + outcome);
    }

    /** @return the title of a post: who rolled what */
    public String title() {
        if (test) {
            return "Test post from " + tableName;
        }
        if (secret) {
            return roller + " rolled in secret";
        }
        return roller + " rolled " + procedure + (character == null ? "" : " for " + character)
                + (moves == 0 ? "" : moves == 1 ? ", played out after 1 move" : ", played out after " + moves + " moves");
    }

    /** @return the table's name and the roll's number */
    public String footer() {
        return test ? tableName : tableName + " · roll #" + seq;
    }
}
