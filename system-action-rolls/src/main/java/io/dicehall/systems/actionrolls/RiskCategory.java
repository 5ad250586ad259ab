package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;

/** What kind of consequence the Risk threatens; information for the table, no effect on the dice. */
enum RiskCategory implements Choice {
    NARRATIVE("narrative", "Narrative", "Complications or setbacks for the story and the situation."),
    PHYSICAL("physical", "Physical", "The character's body: injury, illness, lost Health."),
    MATERIAL("material", "Material", "Belongings and resources: items lost, gear damaged, valuables gone."),
    SOCIAL("social", "Social", "Standing and relations: reputation, respect or sympathy lost.");

    private final Option named;

    RiskCategory(String id, String label, String help) {
        this.named = new Option(id, label, help);
    }

    static RiskCategory of(String id) {
        return Choice.byId(values(), id);
    }

    @Override
    public Option named() {
        return named;
    }
}
