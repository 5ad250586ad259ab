package io.dicehall.web.it;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded hostile request bodies made from one valid body: wrong types, huge and negative numbers,
 * absurd dice counts, deep nesting, duplicate keys, unknown fields, unicode and HTML, huge bodies,
 * truncations and random bytes. The same seed gives the same bodies, so a failure repeats.
 */
final class Hostile {

    private static final String[] VALUES = {
        "null", "true", "false", "0", "-1", "-1000000000", "1000000000", "2.5", "1e400", "-1e400",
        "100000000000000000000000000000", "1E+2147483647", "\"\"", "\"<script>alert(1)</script>\"",
        "\"\\u0000\"", "\"Zoë 🎲 \\ud83d\"", "[]", "{}", "[1,2,3]", "{\"a\":{\"b\":{}}}", "\"" + "x".repeat(3000) + "\"",
        "\"6\"", "\"d1\"", "[\"d1\",\"d1\"]", "{\"faces\":[6,6,6]}", "NaN", "Infinity", "0x10", "-0", "1.0"
    };

    private final SplittableRandom random;

    Hostile(long seed) {
        random = new SplittableRandom(seed);
    }

    /** @return a hostile variation of {@code valid}, a JSON object whose keys are {@code keys} */
    byte[] next(String valid, List<String> keys) {
        String key = keys.get(random.nextInt(keys.size()));
        String value = VALUES[random.nextInt(VALUES.length)];
        String body;
        switch (random.nextInt(14)) {
            case 0 -> body = "{\"" + key + "\":" + value + "}";
            case 1 -> body = valid.replaceFirst("\\{", "{\"" + key + "\":" + value + ",");
            case 2 -> body = valid.replaceFirst("\\{", "{\"unknown-" + random.nextInt(100) + "\":" + value + ",");
            case 3 -> body = valid.replaceFirst("\\{", "{\"" + key + "\":" + value + ",\"" + key + "\":" + value + ",");
            case 4 -> {
                int depth = 1 + random.nextInt(3000);
                body = "{\"" + key + "\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
            }
            case 5 -> {
                int depth = 1 + random.nextInt(3000);
                body = "{\"inputs\":" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "}";
            }
            case 6 -> body = valid.substring(0, random.nextInt(Math.max(1, valid.length())));
            case 7 -> body = valid.replaceFirst("\\{", "{\"note\":\"" + "é<b>".repeat(20_000) + "\",");
            case 8 -> {
                byte[] bytes = new byte[random.nextInt(400)];
                random.nextBytes(bytes);
                return bytes;
            }
            case 9 -> body = value;
            case 10 -> body = "{\"inputs\":{\"dice\":1000000000,\"rank\":-5,\"participants\":[" + "{},".repeat(200) + "{}]}}";
            case 11 -> body = valid.replace("\"inputs\":{", "\"inputs\":{\"" + randomName() + "\":" + value + ",");
            case 12 -> body = valid.replace(":", ": " + "\t".repeat(random.nextInt(3))).replace(",", " , ");
            default -> body = valid.replaceFirst("\"" + key + "\":\"[^\"]*\"", "\"" + key + "\":" + value);
        }
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private String randomName() {
        String[] names = {"rank", "dice", "stress", "kisses", "skill", "difficulty", "emotion", "dice-faces", "tn", "seed"};
        return names[random.nextInt(names.length)];
    }
}
