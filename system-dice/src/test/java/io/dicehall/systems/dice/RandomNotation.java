package io.dicehall.systems.dice;

import java.util.SplittableRandom;

/** Random expressions of the notation, drawn from its whole grammar; deterministic given the seed. */
final class RandomNotation {

    private static final String[] DICE = {"d2", "d3", "d4", "d6", "d8", "d10", "d12", "d20", "d%", "dF"};
    private static final String[] COMPARISONS = {">=", "<=", ">", "<", "="};

    private final SplittableRandom random;

    RandomNotation(long seed) {
        random = new SplittableRandom(seed);
    }

    /** @return one to three expressions, each with maybe a target and a label */
    String roll() {
        var text = new StringBuilder();
        int expressions = 1 + random.nextInt(3);
        for (int i = 0; i < expressions; i++) {
            text.append(i == 0 ? "" : ", ").append(sum(0));
            if (random.nextInt(3) == 0) {
                text.append(' ').append(pick(COMPARISONS)).append(' ').append(random.nextInt(30) - 5);
            }
            if (random.nextBoolean()) {
                text.append(" roll ").append((char) ('a' + random.nextInt(26)));
            }
        }
        return text.toString();
    }

    private String sum(int depth) {
        var text = new StringBuilder(term(depth));
        int more = random.nextInt(3);
        for (int i = 0; i < more; i++) {
            text.append(pick(new String[] {"+", "-", " + ", " - ", "*", "/"})).append(
                    random.nextInt(3) == 0 ? String.valueOf(1 + random.nextInt(9)) : term(depth));
        }
        return text.toString();
    }

    private String term(int depth) {
        if (depth < 2 && random.nextInt(6) == 0) {
            return "(" + sum(depth + 1) + ")";
        }
        if (random.nextInt(5) == 0) {
            return String.valueOf(1 + random.nextInt(20));
        }
        String die = pick(DICE);
        int count = 1 + random.nextInt(4);
        var text = new StringBuilder(count + die);
        int sides = switch (die) {
            case "d%" -> 100;
            case "dF" -> 3;
            default -> Integer.parseInt(die.substring(1));
        };
        int low = die.equals("dF") ? -1 : 1;
        if (random.nextInt(4) == 0) {
            text.append(random.nextBoolean() ? "r" : "ro").append(low);
        }
        boolean exploding = random.nextInt(4) == 0;
        boolean compound = exploding && random.nextBoolean();
        int kind = random.nextInt(3);
        if (exploding) {
            // A comparison right after ! would say when to explode: name the face first when counting follows.
            text.append(compound ? "!!" : "!").append(kind == 2 ? String.valueOf(sides + low - 1) : "");
        }
        if (kind == 1 && (!exploding || compound)) {
            String[] keeps = {"kh", "kl", "k", "dh", "dl"};
            String keep = pick(keeps);
            int n = keep.startsWith("k") ? 1 + random.nextInt(count) : random.nextInt(count);
            text.append(keep).append(n);
        } else if (kind == 2) {
            text.append(pick(COMPARISONS)).append(low + random.nextInt(sides));
            if (random.nextBoolean()) {
                text.append('f').append(low);
            }
        }
        return text.toString();
    }

    private String pick(String[] options) {
        return options[random.nextInt(options.length)];
    }
}
