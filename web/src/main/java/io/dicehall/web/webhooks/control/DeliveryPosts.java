package io.dicehall.web.webhooks.control;

import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.boundary.TableViews;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.webhooks.entity.Delivery;
import io.dicehall.web.webhooks.entity.Webhook;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.bind.Jsonb;
import java.io.StringReader;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.stream.Collectors;

/**
 * The body of a delivery's post: the roll as it stood at the delivery's step, told in the webhook's kind (Discord,
 * Slack or Dicehall's own JSON, {@link Payloads}). What a post tells of a roll is what anyone at the table sees: a
 * roll only its roller or the GM may see is told as "rolled in secret". A test delivery tells a sample roll.
 */
@ApplicationScoped
public class DeliveryPosts {

    private static final Jsonb API_JSON = ApiJson.create();

    @Inject
    WebhookSettings settings;

    @Inject
    Tables tables;

    @Inject
    TableLog tableLog;

    @Inject
    Rules rules;

    /**
     * @return the body of a delivery's post: the roll as it stood at the delivery's step
     * @throws Refusal when the table or the roll is gone
     */
    public JsonObject body(Webhook hook, Delivery delivery) {
        GameTable table = tables.table(delivery.tableId());
        String site = settings.site().orElse(hook.site());
        RollNews news;
        JsonObject view = null;
        if (delivery.test()) {
            news = RollNews.sample(table.name(), Instant.now());
        } else {
            TableLog.Roll roll;
            try {
                roll = tableLog.read(table.id(), delivery.rollId(), new Viewer(false, null, null));
            } catch (Refusal notPublic) {
                TableLog.Secret secret = tableLog.secret(table.id(), delivery.rollId());
                news = RollNews.secretly(table.name(), secret.seq(), secret.roller(),
                        secret.at().toInstant(ZoneOffset.UTC));
                return body(hook, delivery, news, null);
            }
            if (delivery.step() > 0 || roll.roll().steps() > 1) { // moves made since: the state at that step
                RollStep step = tableLog.steps(roll.roll()).get(Math.min(delivery.step(), roll.roll().steps() - 1));
                roll = new TableLog.Roll(roll.roll(), API_JSON.fromJson(step.stateJson(), RollState.class), null);
            }
            news = news(table, roll, delivery.step(), site);
            view = Json.createObjectBuilder(Json.createReader(new StringReader(API_JSON.toJson(
                    TableViews.TableRollView.of(roll)))).readObject()).add("moves", delivery.step()).build();
        }
        return body(hook, delivery, news, view);
    }

    private static JsonObject body(Webhook hook, Delivery delivery, RollNews news, JsonObject view) {
        return switch (hook.kind()) {
            case DISCORD -> Payloads.discord(news);
            case SLACK -> Payloads.slack(news);
            case JSON -> Payloads.generic(delivery.id(), delivery.tableId(), news, view);
        };
    }

    private RollNews news(GameTable table, TableLog.Roll made, int moves, String site) {
        TableRoll roll = made.roll();
        RollState state = made.state();
        String procedure;
        try {
            procedure = rules.procedure(roll.systemId(), roll.procedureId()).name() + " ("
                    + rules.system(roll.systemId()).name() + ")";
        } catch (RuntimeException uninstalled) {
            procedure = roll.procedureId() + " (" + roll.systemId() + ")";
        }
        var lines = new ArrayList<RollNews.Line>();
        for (DiceGroup group : state.groups()) {
            lines.add(new RollNews.Line(group.label(), group.dice().stream().map(Die::reading)
                    .collect(Collectors.joining(", "))));
        }
        for (Tally tally : state.tallies()) {
            lines.add(new RollNews.Line(tally.label(), tally.value() != null ? tally.value().toString()
                    : String.valueOf(tally.text())));
        }
        var outcome = state.outcome();
        return new RollNews(table.name(), roll.seq(), moves, roll.roller(), roll.characterName(), procedure, lines,
                outcome == null ? null : outcome.label(), outcome == null ? null : outcome.description(),
                outcome == null ? null : outcome.tone(), roll.note(), site + Addresses.table(table.id()),
                roll.createdAt().toInstant(ZoneOffset.UTC), false, false);
    }
}
