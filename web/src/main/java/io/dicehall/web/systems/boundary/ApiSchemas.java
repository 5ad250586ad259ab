package io.dicehall.web.systems.boundary;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.DiscriminatorMapping;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The OpenAPI description of the SPI's data as the API writes it ({@link io.dicehall.api.json.ApiJson}): roll
 * states, forms and their fields, outcomes, attributions, figures. The SPI's own classes stay free of
 * OpenAPI (a rules system never sees it), and their JSON differs from what introspection would guess (forms
 * and fields are written by hand, verdicts and tones in lower case), so the views name these records in
 * their {@code @Schema(implementation = …)}. Documentation only: never instantiated, never written.
 */
public final class ApiSchemas {

    private ApiSchemas() {
    }

    /** The lower-kebab-case ids of the SPI (outcomes, moves, dice, fields …). */
    public static final String KEBAB = "^[a-z0-9]+(-[a-z0-9]+)*$";

    /** How a die reads for the rules. */
    @Schema(name = "Verdict", description = "What a die counts as: its colour and what a screen reader says of it. "
            + "More verdicts may come in later versions; show one you do not know as neutral.",
            enumeration = {"success", "failure", "trouble", "neutral", "uncounted", "partial"})
    public enum VerdictSchema {
        /** The die counts for the player. */
        SUCCESS,
        /** The die does not count. */
        FAILURE,
        /** The die counts against the player. */
        TROUBLE,
        /** Neither helps nor hurts on its own. */
        NEUTRAL,
        /** Thrown but left out of the result. */
        UNCOUNTED,
        /** Counts partly: between a success and a failure (a partial success). */
        PARTIAL
    }

    /** How an outcome feels. */
    @Schema(name = "Tone", description = "How an outcome feels for the player, for colour and for screen readers",
            enumeration = {"good", "mixed", "bad", "pending"})
    public enum ToneSchema {
        /** What they wanted. */
        GOOD,
        /** Some of it, or at a cost. */
        MIXED,
        /** Not what they wanted. */
        BAD,
        /** Not decided yet. */
        PENDING
    }

    /** A die on the table. */
    @Schema(name = "Die", description = "One die on the table, as rolled and read by the rules",
            requiredProperties = {"id", "type", "sides", "face", "reading", "verdict"})
    public record DieSchema(
            @Schema(description = "The die's id within the roll (e.g. d3); moves that pick dice name it",
                    pattern = KEBAB)
            String id,
            @Schema(description = "How to draw it: d4, d6, d8, d10, d12, d20 … or dF for a Fudge die", minLength = 1)
            String type,
            @Schema(description = "The number of sides the face was drawn from", minimum = "1") int sides,
            @Schema(description = "The face drawn, 1 to sides", minimum = "1") int face,
            @Schema(description = "How the face reads for the rules, as a player says it: \"5\", \"0\", \"+\", \"−\"")
            String reading,
            VerdictSchema verdict,
            @Schema(description = "The die as it was before its latest re-roll; absent if it was never re-rolled")
            DieSchema previous) {
    }

    /** A group of dice. */
    @Schema(name = "DiceGroup",
            description = "A labelled group of dice: a pool, the help dice, one participant's throw",
            requiredProperties = {"id", "label", "dice"})
    public record DiceGroupSchema(@Schema(pattern = KEBAB) String id, @Schema(minLength = 1) String label,
            List<DieSchema> dice) {
    }

    /** A counted figure. */
    @Schema(name = "Tally", description = "A counted figure of a roll: successes, trouble, shifts, the running total",
            requiredProperties = {"id", "label", "text"})
    public record TallySchema(@Schema(pattern = KEBAB) String id, @Schema(minLength = 1) String label,
            @Schema(description = "The number; absent for a figure that is only text") Integer value,
            @Schema(description = "How to show it, e.g. \"+3 Good\"", minLength = 1) String text) {
    }

    /** An outcome. */
    @Schema(name = "Outcome", description = "The result of a roll as the rules read it",
            requiredProperties = {"id", "label", "tone", "description"})
    public record OutcomeSchema(@Schema(description = "One of the procedure's declared outcomes",
            pattern = KEBAB) String id,
            @Schema(minLength = 1) String label, ToneSchema tone,
            @Schema(description = "What it means at the table; may be empty") String description) {
    }

    /** A flag beside the outcome. */
    @Schema(name = "Flag", description = "A fact beside the outcome: a critical, stress to mark, a boost earned",
            requiredProperties = {"id", "text"})
    public record FlagSchema(@Schema(pattern = KEBAB) String id, @Schema(minLength = 1) String text) {
    }

    /** A step of a roll's history. */
    @Schema(name = "Step", description = "One step of a roll's history: the first throw or one move",
            requiredProperties = {"move", "text"})
    public record StepSchema(@Schema(description = "start for the first throw, else the move's id", pattern = KEBAB)
            String move, @Schema(minLength = 1) String text) {
    }

    /** A move still open. */
    @Schema(name = "MoveOption", description = "A move the roller may still make: KISS dice, a Daring Roll, "
            + "invoke an aspect, accept", requiredProperties = {"id", "label", "help", "form", "hasOdds"})
    public record MoveOptionSchema(@Schema(description = "The move a client sends", pattern = KEBAB) String id,
            @Schema(minLength = 1) String label, @Schema(description = "What it does; may be empty") String help,
            @Schema(description = "The move's own inputs (e.g. which dice to pick up)") FormSchema form,
            @Schema(description = "Whether POST …/odds gives this move's exact odds") boolean hasOdds) {
    }

    /** A roll's state. */
    @Schema(name = "RollState", description = "Everything about a roll at one moment: the dice, the tallies, the "
            + "outcome as it stands, the moves still open, and how it got here",
            requiredProperties = {"groups", "tallies", "outcome", "flags", "moves", "complete", "history", "memo"})
    public record RollStateSchema(
            @Schema(description = "The dice in labelled groups; may be empty") List<DiceGroupSchema> groups,
            List<TallySchema> tallies, OutcomeSchema outcome, List<FlagSchema> flags,
            @Schema(description = "The moves still open; empty once the roll is complete") List<MoveOptionSchema> moves,
            @Schema(description = "Whether the roll is over: no move may be made on it") boolean complete,
            @Schema(description = "The steps so far, the first being start", minItems = 1) List<StepSchema> history,
            @Schema(description = "The rules' own counters, as text, for the system that wrote them")
            Map<String, String> memo) {
    }

    /** An option of a choice or pick field. */
    @Schema(name = "Option", requiredProperties = {"value", "label", "help"})
    public record OptionSchema(String value, String label, String help) {
    }

    /** A form. */
    @Schema(name = "Form", description = "A procedure's or a move's inputs: its fields, and hints for presenting them",
            requiredProperties = {"fields"})
    public record FormSchema(List<FieldSchema> fields,
            @Schema(description = "Fields rarely changed, shown folded under More options") List<String> more,
            @Schema(description = "Fields that describe the character rather than the roll") List<String> character,
            @Schema(description = "Names of values by field and value, e.g. {\"skill\": {\"3\": \"Good\"}}")
            Map<String, Map<String, String>> valueNames) {
    }

    /** A form field, by its kind. */
    @Schema(name = "Field", description = "A form field; its kind says which properties it has",
            oneOf = {IntegerFieldSchema.class, ChoiceFieldSchema.class, FlagFieldSchema.class, TextFieldSchema.class,
                PickFieldSchema.class, GroupFieldSchema.class},
            discriminatorProperty = "kind", discriminatorMapping = {
                @DiscriminatorMapping(value = "integer", schema = IntegerFieldSchema.class),
                @DiscriminatorMapping(value = "choice", schema = ChoiceFieldSchema.class),
                @DiscriminatorMapping(value = "flag", schema = FlagFieldSchema.class),
                @DiscriminatorMapping(value = "text", schema = TextFieldSchema.class),
                @DiscriminatorMapping(value = "pick", schema = PickFieldSchema.class),
                @DiscriminatorMapping(value = "group", schema = GroupFieldSchema.class)})
    public interface FieldSchema {
    }

    /** A whole number within bounds. */
    @Schema(name = "IntegerField", requiredProperties = {"kind", "name", "label", "help", "min", "max", "default"})
    public record IntegerFieldSchema(@Schema(enumeration = "integer") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, int min, int max, @Schema(name = "default") int defaultValue)
            implements FieldSchema {
    }

    /** One option of several. */
    @Schema(name = "ChoiceField", requiredProperties = {"kind", "name", "label", "help", "options", "default"})
    public record ChoiceFieldSchema(@Schema(enumeration = "choice") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, List<OptionSchema> options, @Schema(name = "default") String defaultValue)
            implements FieldSchema {
    }

    /** Yes or no. */
    @Schema(name = "FlagField", requiredProperties = {"kind", "name", "label", "help", "default"})
    public record FlagFieldSchema(@Schema(enumeration = "flag") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, @Schema(name = "default") boolean defaultValue) implements FieldSchema {
    }

    /** A short text. */
    @Schema(name = "TextField", requiredProperties = {"kind", "name", "label", "help", "maxLength", "required",
            "default"})
    public record TextFieldSchema(@Schema(enumeration = "text") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, int maxLength, boolean required, @Schema(name = "default") String defaultValue)
            implements FieldSchema {
    }

    /** Some options of several (dice to pick up, aspects to invoke). */
    @Schema(name = "PickField",
            requiredProperties = {"kind", "name", "label", "help", "options", "minPicks", "maxPicks", "default"})
    public record PickFieldSchema(@Schema(enumeration = "pick") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, List<OptionSchema> options, int minPicks, int maxPicks,
            @Schema(name = "default") List<String> defaultValue) implements FieldSchema {
    }

    /** Repeated rows of the same fields. */
    @Schema(name = "GroupField",
            description = "Rows that each have the same fields; its value is a list of row objects",
            requiredProperties = {"kind", "name", "label", "help", "minRows", "maxRows", "defaultRows", "fields"})
    public record GroupFieldSchema(@Schema(enumeration = "group") String kind, @Schema(pattern = KEBAB) String name,
            String label, String help, @Schema(minimum = "0") int minRows, @Schema(minimum = "1",
                    maximum = "100") int maxRows,
            int defaultRows, @Schema(description = "The fields of each row") List<FieldSchema> fields)
            implements FieldSchema {
    }

    /** Whose rules a system implements. */
    @Schema(name = "Attribution", description = "Who wrote the rules a system implements, and under which licence",
            requiredProperties = {"author", "work", "licence", "link"})
    public record AttributionSchema(String author, String work, String licence,
            @Schema(description = "Where the rules or the licence can be read; may be empty") String link) {
    }

    /** Inputs by field name. */
    @Schema(name = "Inputs", type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
            description = "Values by field name, as the procedure's or move's form declares them (GET /api/systems/{system}): "
                    + "whole numbers, text, true or false, lists of picked options, lists of row objects. Fields left out "
                    + "take their defaults.")
    public interface InputsSchema {
    }
}
