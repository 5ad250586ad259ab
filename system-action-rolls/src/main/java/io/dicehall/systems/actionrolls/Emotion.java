package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;

/**
 * The Emotion a Daring Roll raises by one, chosen by the mood the character acts in (the Action Rolls
 * page, Raising Emotion).
 */
enum Emotion implements Choice {
    ANGER("anger", "Anger", "Acting from resentment: wronged or threatened, they mean to push through by force or confrontation."),
    FRUSTRATION("frustration", "Frustration", "Acting from irritation: things went off plan, or the task is one they never wanted."),
    ANXIETY("anxiety", "Anxiety", "Acting in fear or doubt: second-guessing, or feeling too weak for the job."),
    GUILT("guilt", "Guilt", "Acting against their own values: they feel they should not be doing this at all.");

    private final Option named;

    Emotion(String id, String label, String help) {
        this.named = new Option(id, label, help);
    }

    static Emotion of(String id) {
        return Choice.byId(values(), id);
    }

    @Override
    public Option named() {
        return named;
    }
}
