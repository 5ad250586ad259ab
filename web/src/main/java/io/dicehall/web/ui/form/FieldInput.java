package io.dicehall.web.ui.form;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.TextField;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.Map;

/**
 * One declared field as a page shows and edits it: its label and help, the value as the player typed
 * it, and the message of the rule it broke. One subclass per field kind, each drawn by the tag file of
 * the same name ({@code WEB-INF/tags/integer.xhtml} …).
 *
 * <p>Every input carries two names: its {@linkplain #getPath() path} in the inputs
 * ({@code participants[1].rank}, as violations name it) and its {@linkplain #getId() HTML id}
 * ({@code in_participants_1_rank}, also the request parameter). Field names are lower-kebab-case, so
 * the underscore that joins the parts can never be part of a name and ids never collide.
 */
public abstract sealed class FieldInput implements Serializable
        permits IntegerInput, ChoiceInput, FlagInput, TextInput, PickInput, GroupInput {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final String label;
    private final String help;
    private String path;
    private String id;
    private String message = "";
    private boolean more;

    FieldInput(Field field) {
        this.name = field.name();
        this.label = field.label();
        this.help = field.help();
        this.path = field.name();
        this.id = field.name();
    }

    /** A copy with the same declaration and value, to be placed elsewhere. */
    FieldInput(FieldInput other) {
        this.name = other.name;
        this.label = other.label;
        this.help = other.help;
        this.path = other.path;
        this.id = other.id;
        this.more = other.more;
    }

    /** Marks a field players rarely change: the page folds it under "More options". */
    void foldUnderMore() {
        more = true;
    }

    /** @return whether the page folds this field under "More options" */
    public boolean isMore() {
        return more;
    }

    /** @return the value as it stands, as players read it, for "More options" to show; empty when not shown */
    public String getCurrentText() {
        return "";
    }

    /** @return the input of a declared field, holding the field's default */
    public static FieldInput of(Field field) {
        if (field instanceof IntegerField f) {
            return new IntegerInput(f);
        } else if (field instanceof ChoiceField f) {
            return new ChoiceInput(f);
        } else if (field instanceof FlagField f) {
            return new FlagInput(f);
        } else if (field instanceof TextField f) {
            return new TextInput(f);
        } else if (field instanceof PickField f) {
            return new PickInput(f);
        }
        return new GroupInput((GroupField) field);
    }

    /** Places this input under a parent path (empty at the top) and a parent HTML id. */
    void place(String parentPath, String parentId) {
        path = parentPath.isEmpty() ? name : parentPath + "." + name;
        id = parentId + "_" + name;
    }

    /** @return a copy holding the field's default, for a new row of a group */
    abstract FieldInput fresh();

    /**
     * @return the value as the inputs checker reads it: numbers, booleans, strings, lists of picks,
     *     lists of row maps; a number the player mistyped stays the text they typed
     */
    abstract Object raw();

    /** Takes the value the browser sent, by this input's id; a missing parameter means unticked or empty. */
    abstract void read(Map<String, String[]> params);

    /** Takes a checked value (as {@link io.dicehall.api.form.Inputs#toMap()} gives it), e.g. of a stored roll. */
    abstract void fill(Object value);

    /** @return the deepest input a violation's path names: this one, one inside it, or null */
    FieldInput find(String violationPath) {
        return covers(violationPath) ? this : null;
    }

    void addMessage(String sentence) {
        message = message.isEmpty() ? sentence : message + " " + sentence;
    }

    /**
     * @return a rule's message as a sentence about this field: "Rank must be a whole number from 1 to
     *     6.", "Target: a cautious roll cannot aim at 6."
     */
    String sentence(String rule, Labels labels) {
        String text = rule.strip();
        boolean predicate = text.startsWith("must ") || text.startsWith("is ") || text.startsWith("may ")
                || text.startsWith("cannot ") || text.startsWith("picks ");
        String joined = labels.get(predicate ? "field.rule" : "field.rule.other", label, text);
        return joined.endsWith(".") || joined.endsWith("!") || joined.endsWith("?") ? joined : joined + ".";
    }

    /** @return whether a violation path names this input, or a part of it such as one pick */
    final boolean covers(String violationPath) {
        return violationPath.equals(path) || violationPath.startsWith(path + "[")
                || violationPath.startsWith(path + ".");
    }

    void clearMessages() {
        message = "";
    }

    static String first(Map<String, String[]> params, String key, int maxLength) {
        String[] values = params.get(key);
        if (values == null || values.length == 0 || values[0] == null) {
            return null;
        }
        String value = values[0];
        return value.length() > maxLength ? value.substring(0, maxLength) : value;
    }

    /** @return integer, choice, flag, text, pick or group: which tag file draws it */
    public abstract String getKind();

    public String getName() {
        return name;
    }

    public String getLabel() {
        return label;
    }

    public String getHelp() {
        return help;
    }

    public String getPath() {
        return path;
    }

    public String getId() {
        return id;
    }

    /** @return the help's first sentence: what the page shows at once */
    public String getHelpShort() {
        int end = sentenceEnd(help);
        return end < 0 ? help : help.substring(0, end + 1);
    }

    /** @return the rest of the help, shown on demand; empty when the help is one sentence */
    public String getHelpRest() {
        int end = sentenceEnd(help);
        return end < 0 ? "" : help.substring(end + 1).strip();
    }

    /** Help up to this long is shown whole: it fits a line or so. */
    static final int SHORT_HELP = 90;

    /** @return where the first sentence of a long help ends (a full stop before a capital), or -1 */
    private static int sentenceEnd(String text) {
        if (text.length() <= SHORT_HELP) {
            return -1;
        }
        for (int i = 1; i < text.length() - 2; i++) {
            if (text.charAt(i) == '.' && text.charAt(i + 1) == ' ' && Character.isUpperCase(text.charAt(i + 2))
                    && Character.isLetterOrDigit(text.charAt(i - 1))) {
                return i;
            }
        }
        return -1;
    }

    /** @return the id of the element holding the help text */
    public String getHelpId() {
        return id + "-help";
    }

    /** @return the id of the element holding the message */
    public String getMessageId() {
        return id + "-msg";
    }

    /** @return the message of the rule this value broke, in the player's words; empty when none */
    public String getMessage() {
        return message;
    }

    public boolean isInvalid() {
        return !message.isEmpty();
    }

    /** @return the ids that describe the input (help, message) for {@code aria-describedby}; may be empty */
    public String getDescribedBy() {
        String ids = (help.isEmpty() ? "" : getHelpId()) + (isInvalid() ? " " + getMessageId() : "");
        return ids.strip();
    }
}
