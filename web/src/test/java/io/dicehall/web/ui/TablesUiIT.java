package io.dicehall.web.ui;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.dicehall.web.it.Deployments;
import io.dicehall.web.it.Http;
import io.dicehall.web.ui.table.feed.TableFeed;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * Play at a table, in separate headless Chromium sessions on the real WAR: the roller's result beside the
 * form with its moves and their odds, the feed with dice and outcomes arriving live, an earlier open roll
 * still playable, moves made elsewhere arriving live, joins, renames, reveals and closing reaching the
 * other browser, secret rolls as placeholders, a phone-sized screen, and every page opened from its plain
 * address in a fresh browser. Saves {@code docs/screenshots/table.png} and {@code table-phone.png}.
 */
@ExtendWith(ArquillianExtension.class)
class TablesUiIT {

    private static final Path SCREENSHOTS = Path.of("").toAbsolutePath().resolveSibling("docs").resolve("screenshots");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    @Test
    void twoMembersPlayATableLive() throws Exception {
        try (Browser gm = Browser.start(); Browser player = Browser.start()) {
            // The GM opens a verifiable table from the menu; its invite is the table's own address.
            gm.driver().get(base.toString());
            gm.until(ExpectedConditions.presenceOfElementLocated(By.id("open:name"))).sendKeys("Friday <b>group</b>");
            gm.byId("open:verifiable").click();
            gm.byId("open:open-button").click();
            String invite = gm.until(ExpectedConditions.presenceOfElementLocated(By.id("invite"))).getAttribute("value");
            assertThat(invite, startsWith(base.toString()));
            assertThat(invite, matchesPattern(".*/tables/[A-Za-z0-9_-]{22}"));
            String tableId = invite.substring(invite.lastIndexOf('/') + 1);
            assertThat(new Http(base).get("api/tables/" + tableId).json().getString("invite"), is("/tables/" + tableId));

            gm.driver().get(invite);
            join(gm, "Gail");
            assertThat("the address bar keeps the invite after joining", gm.driver().getCurrentUrl(), is(invite));
            assertThat(gm.text(By.id("table-name")), is("Friday <b>group</b>"));
            String commitment = gm.until(d -> d.findElement(By.id("commitment")).getAttribute("textContent"));
            assertThat(commitment.length(), is(64));
            // Copy says so, to the eye and to a screen reader.
            gm.click(By.cssSelector("button[data-copy='invite']"));
            assertThat(gm.text(By.cssSelector("button[data-copy='invite']")), is("Copied"));
            assertThat(gm.text(By.cssSelector(".copy-status")), is("Copied"));
            assertThat(gm.attribute(By.cssSelector(".copy-status"), "role"), is("status"));

            // A player joins on a phone; the GM sees it live, marked as GM in the member list.
            player.phone();
            player.driver().get(invite);
            join(player, "<i>Bob</i>");
            gm.until(d -> memberNames(gm).contains("<i>Bob</i>"));
            assertThat(player.text(By.cssSelector(".member.is-gm")), startsWith("Gail"));
            assertThat(player.text(By.cssSelector(".member.me")), startsWith("<i>Bob</i>"));

            // At phone size the odds summary and the Roll button are in view together while the form is edited.
            player.until(d -> {
                d.findElement(By.id("in_first-ability")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "3");
                return true;
            });
            player.until(d -> inView(player, "roll:summary") && inView(player, "roll:roll-button"));
            assertThat(player.text(By.id("roll:summary")), containsString("%"));

            // The player rolls: the result appears beside the button, with its moves and each move's odds,
            // and takes the focus; it also enters the feed.
            rollAt(player);
            // The roll's own live push may redraw the card at any moment: each read finds it afresh.
            assertThat(player.until(d -> d.findElement(By.cssSelector("#yours .card-roll")).getAttribute("data-seq")),
                    is("1"));
            player.until(d -> "outcome".equals(d.switchTo().activeElement().getAttribute("id")));
            assertThat(player.until(d -> d.findElements(By.cssSelector("#yours .card-roll svg.face[role=img]")).size()),
                    is(4));
            assertThat(player.until(d -> oddsHeadlines(d.findElement(By.cssSelector("#yours .card-roll")))),
                    hasItem(matchesPattern("Daring Roll: .+ \\d.*% → .*\\d.*%")));
            player.screenshotOfView(SCREENSHOTS.resolve("table-phone.png"));
            // On a phone the feed is a tab of its own, one tap away.
            tab(player, "feed");
            assertThat(player.until(d -> d.findElement(By.cssSelector(".entry[data-seq='1'] .beside")).getText()),
                    is("Play it beside the form"));
            player.screenshotOfView(SCREENSHOTS.resolve("table-phone-feed.png"));
            tab(player, "play");

            // The GM sees it at once with its dice and coloured outcome, without reloading.
            gm.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            assertThat(gm.text(By.cssSelector(".entry[data-seq='1'] .roller")), is("<i>Bob</i>"));
            assertThat(gm.count(By.cssSelector(".entry[data-seq='1'] .mini-dice svg.face")), is(4));
            assertThat(gm.attribute(By.cssSelector(".entry[data-seq='1']"), "class"),
                    matchesPattern(".*tone-(good|mixed|bad).*"));
            assertThat(gm.text(By.cssSelector(".entry[data-seq='1'] .log-outcome")), not(equalTo("")));
            assertThat("only its roller may play it", gm.count(By.cssSelector(".entry[data-seq='1'] .move")), is(0));
            assertThat("the GM may end its open moves from the row the push brought",
                    gm.count(By.cssSelector(".entry[data-seq='1'] .end-form button[data-dh-end='1']")), is(1));
            assertThat(gm.driver().getPageSource(), not(containsString("<i>Bob</i></span>")));

            // The player rolls again with the same procedure: the earlier roll's moves end by themselves, and both
            // browsers say so live; the new roll's moves are played beside the form.
            rollAt(player);
            player.until(d -> "2".equals(d.findElement(By.cssSelector("#yours .card-roll")).getAttribute("data-seq")));
            gm.until(d -> d.findElement(By.cssSelector(".entry[data-seq='1'] .entry-ended")).getText()
                    .startsWith("Ended: its roller started another roll"));
            tab(player, "feed");
            player.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .entry-ended")).isEmpty());
            assertThat(player.count(By.cssSelector(".entry[data-seq='1'] .move")), is(0));
            tab(player, "play");
            assertThat(player.until(d -> oddsHeadlines(d.findElement(By.cssSelector("#yours .card-roll")))),
                    hasItem(startsWith("Daring Roll: ")));

            // ... and the player dares: the GM sees the six dice arrive live in that one row.
            player.click(By.cssSelector("#yours .move[data-move='daring'] input[type=submit]"));
            player.until(d -> d.findElements(By.cssSelector("#yours .move")).isEmpty());
            gm.until(d -> d.findElements(By.cssSelector(".entry[data-seq='2'] .mini-dice svg.face")).size() == 6);
            assertThat("the dice the move added are marked new",
                    gm.count(By.cssSelector(".entry[data-seq='2'] .mini-dice svg.face.fresh")), is(2));

            // A roll for the player alone shows to the GM as a placeholder; revealed, it shows in full.
            rollAt(player, "roller");
            tab(player, "feed");
            gm.until(d -> !d.findElements(By.cssSelector(".entry.secret[data-seq='3']")).isEmpty());
            assertThat(gm.text(By.cssSelector(".entry[data-seq='3'] .secret-text")),
                    is("Rolled in secret, for themselves."));
            assertThat(gm.count(By.cssSelector(".entry[data-seq='3'] svg")), is(0));
            player.click(By.cssSelector(".entry[data-seq='3'] .reveal-form button"));
            gm.until(d -> d.findElements(By.cssSelector(".entry[data-seq='3'] .mini-dice svg")).size() == 4);

            // A move made elsewhere (the API, with the member's own key) arrives live: a member joins by the
            // API, rolls and dares; both browsers see the move.
            Http http = new Http(base);
            String memberKey = http.post("api/tables/" + tableId + "/members", "{\"name\":\"Cara\"}").json()
                    .getString("memberKey");
            gm.until(d -> memberNames(gm).contains("Cara"));
            Http.Answer rolled = http.send("POST", "api/tables/" + tableId + "/rolls",
                    "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\",\"roller\":\"Cara\"}",
                    "Member-Key", memberKey);
            assertThat(rolled.toString(), rolled.status(), is(201));
            JsonObject made = rolled.json();
            player.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='4'] .mini-dice svg")).isEmpty());
            http.send("POST", "api/tables/" + tableId + "/rolls/" + made.getString("id") + "/moves",
                    "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"guilt\"}}",
                    "Member-Key", memberKey);
            player.until(d -> d.findElements(By.cssSelector(".entry[data-seq='4'] .mini-dice svg")).size() == 6);
            gm.until(d -> d.findElements(By.cssSelector(".entry[data-seq='4'] .mini-dice svg")).size() == 6);
            assertThat("a push's row comes from the row's own page, not the table page's view",
                    gm.attribute(By.cssSelector("li.log-entry[data-seq='4']"), "id"), is("row-4"));
            Http.Answer row = http.get("tables/" + tableId + "/rows/4");
            assertThat("anyone with the invite may read a public roll's row", row.status(), is(200));
            assertThat(row.body(), allOf(containsString("data-seq=\"4\""), containsString("mini-dice"),
                    not(containsString("ViewState"))));
            Http.Answer rows = http.get("tables/" + tableId + "/rows/4?also=3:0&also=x&also=-2&also=99&also=4");
            assertThat("the rows pushes name together come in one answer, each once; what names no roll is left out",
                    rows.body().split("<li class=\"log-entry\"", -1).length - 1, is(2));
            assertThat(rows.body(), allOf(containsString("data-seq=\"4\""), containsString("data-seq=\"3\"")));
            assertThat(http.get("tables/" + tableId + "/rows/99?also=98").status(), is(404));
            assertThat(http.get("tables/" + tableId + "/rows/99").status(), is(404));
            assertThat(http.get("tables/" + tableId + "/rows/0").status(), is(404));
            assertThat(http.get("tables/" + tableId + "/rows/x%3Cb%3E").status(), is(404));

            // Cara rolls again and leaves it open: the GM ends its moves from the row, and the player sees it end.
            String open = http.send("POST", "api/tables/" + tableId + "/rolls",
                    "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\",\"roller\":\"Cara\"}",
                    "Member-Key", memberKey).json().getString("id");
            gm.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='5'] .end-form button")).isEmpty());
            gm.click(By.cssSelector(".entry[data-seq='5'] .end-form button"));
            player.until(d -> d.findElement(By.cssSelector(".entry[data-seq='5'] .entry-ended")).getText()
                    .startsWith("Ended by the GM"));
            // the GM's own row loses its button too (its page hears of the end as the player's does: either may be first)
            gm.until(d -> d.findElements(By.cssSelector(".entry[data-seq='5'] .end-form")).isEmpty());
            assertThat(http.send("GET", "api/tables/" + tableId + "/rolls/" + open, null, "Member-Key", memberKey)
                    .json().getString("ended", ""), is("gm"));

            // The player renames: the GM sees the new name live.
            tab(player, "play");
            player.click(By.cssSelector(".seat-tools summary"));
            player.until(d -> {
                d.findElement(By.id("seat:new-name")).sendKeys("Bobby");
                return true;
            });
            player.click(By.id("seat:rename-me"));
            gm.until(d -> memberNames(gm).contains("Bobby"));

            gm.desktop();
            gm.screenshot(SCREENSHOTS.resolve("table.png"));

            // Closing asks first; then the table turns read-only in both browsers at once, with a notice.
            gm.click(By.cssSelector(".owner-tools summary"));
            assertThat(gm.until(d -> String.valueOf(d.findElement(By.id("owner:close")).isDisplayed())), is("false"));
            gm.click(By.id("close-ask"));
            assertThat(gm.text(By.cssSelector(".confirm p")), containsString("for good"));
            gm.click(By.id("owner:close"));
            player.until(ExpectedConditions.presenceOfElementLocated(By.id("closed-notice")));
            player.until(d -> d.findElements(By.id("roll:roll-button")).isEmpty());
            gm.until(d -> d.findElements(By.id("roll:roll-button")).isEmpty());
            // Read inside the wait: the closing's own answer and its live push each redraw the page, so an element
            // found a moment ago may be gone (stale) by the time it is read.
            String seed = gm.until(d -> d.findElement(By.id("seed")).getAttribute("textContent"));
            assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(HexFormat.of().parseHex(seed))),
                    is(commitment));
            assertThat(gm.until(d -> d.findElement(By.id("verification")).getAttribute("href")),
                    endsWith("/api/tables/" + tableId + "/verification"));

            // A stranger with a wrong id: a friendly 404 with no details.
            String wrong = "tables/" + "0".repeat(tableId.length());
            player.driver().get(base + wrong);
            assertThat(player.text(By.tagName("h1")), is("No such table"));
            assertThat(http.get(wrong).status(), is(404));
            assertThat(http.get("tables/%3Cscript%3E").status(), is(404));
            assertThat(http.get("tables/" + tableId).body(), not(containsString("Friday <b>")));
        }
    }

    @Test
    void everyPageOpensFromItsPlainAddressInAFreshBrowser() {
        Http http = new Http(base);
        JsonObject table = http.post("api/tables", "{\"name\":\"Open by address\"}").json();
        JsonObject roll = http.post("api/rolls", "{\"system\":\"fate-condensed\",\"procedure\":\"attack\","
                + "\"inputs\":{\"skill\":4},\"note\":\"a shared roll\"}").json();
        String outcome = roll.getJsonObject("state").getJsonObject("outcome").getString("label");

        check("", b -> assertThat(b.find(By.tagName("h1")).getText(), is("Choose a rules system")));
        check("systems/action-rolls", b -> {
            assertThat(b.find(By.tagName("h1")).getText(), is("Action Roll"));
            assertThat(b.byId("roll:odds").getText(), containsString("%"));
        });
        check("systems/tasks-checks/task", b -> assertThat(b.find(By.tagName("h1")).getText(), is("Task")));
        check("roll.xhtml?system=fate-condensed&procedure=overcome&skill=3", b -> {
            assertThat(b.byId("in_skill").getAttribute("value"), is("3"));
            assertThat(b.find(By.cssSelector("output.value-name")).getText(), is("Good (+3)"));
        });
        check(table.getString("invite").substring(1), b ->
                assertThat(b.byId("table-name").getText(), is("Open by address")));
        check("rolls/" + roll.getString("id"), b -> {
            assertThat(b.byId("outcome").getText(), containsString(outcome));
            assertThat(b.find(By.cssSelector(".note-text")).getText(), is("a shared roll"));
            assertThat("a stranger may look but not play", b.all(By.cssSelector(".move")), empty());
        });
        check("rolls/" + "A".repeat(22), b -> assertThat(b.find(By.tagName("h1")).getText(), is("No such roll")));
    }

    @Test
    void theRollingPageKeepsTheRollAtItsAddressAndLinksToItsOwnPage() {
        try (Browser b = Browser.start()) {
            b.driver().get(base + "systems/action-rolls");
            b.until(ExpectedConditions.presenceOfElementLocated(By.id("roll:roll-button")));
            WebElement result = b.byId("result");
            b.replacing(result, () -> b.byId("roll:roll-button").click());
            String address = b.driver().getCurrentUrl();
            assertThat(address, containsString("roll="));
            assertThat(address, not(containsString("jakarta.faces.Token")));
            String own = b.byId("roll-link").getAttribute("href");
            String outcome = b.byId("outcome").getText();
            // The same roll, in another browser: read-only there.
            try (Browser other = Browser.start()) {
                other.driver().get(own);
                assertThat(other.until(d -> d.findElement(By.id("outcome"))).getText(), is(outcome));
                assertThat(other.all(By.cssSelector(".move input[type=submit]")), empty());
                other.driver().get(address);
                assertThat(other.until(d -> d.findElement(By.id("outcome"))).getText(), is(outcome));
            }
        }
    }

    @Test
    void anExpiredTablePageReopensAtItsAddressWithItsSeat() {
        JsonObject table = new Http(base).post("api/tables", "{\"name\":\"Stale\"}").json();
        String address = base + table.getString("invite").substring(1);
        try (Browser b = Browser.start()) {
            b.driver().get(address);
            join(b, "Ann");
            rollAt(b);
            // What an expired or forged page looks like to the server: a view state it does not hold.
            b.script("document.querySelectorAll(\"input[name='jakarta.faces.ViewState']\")"
                    + ".forEach(function (e) { e.value = '1:2'; });");
            // A roll does not need the page's view (it is posted to the table's play address): it is made anyway.
            b.click(By.id("roll:roll-button"));
            b.until(d -> "2".equals(d.findElement(By.cssSelector("#yours .card-roll")).getAttribute("data-seq")));
            // What does need it opens the page again.
            WebElement page = b.find(By.tagName("main"));
            b.click(By.cssSelector(".seat-tools summary"));
            b.click(By.id("seat:rename-me"));
            b.until(Browser.gone(page));
            b.until(ExpectedConditions.presenceOfElementLocated(By.id("my-name")));
            assertThat(b.driver().getCurrentUrl(), is(address));
            assertThat("no error page, the seat and the feed as they were", b.text(By.id("my-name")), is("Ann"));
            assertThat(b.count(By.cssSelector(".entry[data-seq='1']")), is(1));
            assertThat("and the roll made meanwhile beside the form", b.until(d -> d.findElement(
                    By.cssSelector("#yours .card-roll")).getAttribute("data-seq")), is("2"));
        }
    }

    @Test
    void aPageCatchesUpOnWhatItMissedWhileItsConnectionWasDown() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Flaky wifi", "Dee");
        String tableId = seated.id();
        String memberKey = seated.memberKey();
        try (Browser b = Browser.start()) {
            b.driver().get(base + seated.address());
            join(b, "Ann");
            // Connected and up to date: opening the connection again catches up, and redraws nothing.
            b.until(d -> caughtUp(b) >= 1);
            WebElement feed = b.byId("feed");
            reconnect(b, () -> { });
            assertThat("nothing missed, nothing redrawn", Browser.gone(feed).apply(b.driver()), is(false));

            // Down while Dee rolls (by the API): back up, the page shows her roll without a reload.
            reconnect(b, () -> {
                Http.Answer rolled = http.send("POST", "api/tables/" + tableId + "/rolls",
                        "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\",\"roller\":\"Dee\"}",
                        "Member-Key", memberKey);
                assertThat(rolled.toString(), rolled.status(), is(201));
            });
            b.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            assertThat(b.text(By.cssSelector(".entry[data-seq='1'] .roller")), is("Dee"));
        }
    }

    @Test
    void theMenuTheRollingPageARollAndATablePassAnAccessibilityAudit() {
        Http http = new Http(base);
        JsonObject roll = http.post("api/rolls", "{\"system\":\"tasks-checks\",\"procedure\":\"check\"}").json();
        try (Browser b = Browser.start()) {
            Accessibility audit = new Accessibility(b);
            b.driver().get(base.toString());
            audit.assertClean("the menu");
            b.driver().get(base + "systems/tasks-checks/task");
            audit.assertClean("a rolling page");
            b.replacing(b.byId("result"), () -> b.byId("roll:roll-button").click());
            audit.assertClean("a rolling page with its roll");
            b.driver().get(base + "rolls/" + roll.getString("id"));
            audit.assertClean("a roll's own page");
            JsonObject table = http.post("api/tables", "{\"name\":\"Audit\"}").json();
            b.driver().get(base + table.getString("invite").substring(1));
            audit.assertClean("a table, as a guest");
            join(b, "Ann");
            rollAt(b);
            rollAt(b, "gm");
            audit.assertClean("a table, with rolls");
            b.click(By.cssSelector("#characters-panel > summary"));
            b.byId("new-character:character-name").sendKeys("Finn");
            b.replacing(b.byId("kit"), () -> b.click(By.id("new-character:create-character")));
            b.replacing(b.byId("kit"), () -> b.click(By.cssSelector(".character input[value='Edit']")));
            assertThat(b.count(By.id("edit-character:save-character")), is(1));
            audit.assertClean("a table, editing a character");
            b.phone();
            audit.assertClean("a table, on a phone");
        }
    }

    @Test
    void aCharacterAndASavedRollAreOneClickAwayAndTheOthersSeeTheRoll() {
        try (Browser ada = Browser.start(); Browser bo = Browser.start()) {
            JsonObject table = new Http(base).post("api/tables", "{\"name\":\"Saved rolls\"}").json();
            String invite = base + table.getString("invite").substring(1) + "?system=tasks-checks&procedure=check";
            ada.driver().get(invite);
            join(ada, "Ada");
            bo.driver().get(base + table.getString("invite").substring(1));
            join(bo, "Bo");

            // Ada keeps a character of Tasks & Checks with the form the system's character fields make.
            // Bo's arrival is pushed to Ada's page; its redraw may land while she starts typing: wait for it.
            ada.until(d -> memberNames(ada).contains("Bo"));
            ada.click(By.cssSelector(".kit-panel:nth-of-type(2) > summary"));
            ada.byId("new-character:character-name").sendKeys("Finn");
            WebElement rank = ada.byId("ch_rank");
            rank.sendKeys(Keys.chord(Keys.CONTROL, "a"), "3"); // not the form's default (5), so its arrival shows
            ada.replacing(ada.byId("kit"), () -> ada.byId("new-character:create-character").click());
            assertThat(ada.text(By.cssSelector(".character strong")), is("Finn"));
            // Bo sees the character's name arrive live, not its values.
            bo.click(By.cssSelector("#characters-panel > summary"));
            bo.until(d -> d.findElements(By.cssSelector(".character strong")).stream()
                    .anyMatch(e -> e.getText().equals("Finn")));
            assertThat(bo.text(By.id("people-count")), is("1"));
            assertThat(bo.count(By.cssSelector(".character .character-values")), is(0));

            // Rolling for Finn fills in his rank (3); the roll is saved under a name, with its odds beside it.
            ada.driver().navigate().refresh();
            new org.openqa.selenium.support.ui.Select(ada.byId("roll:character")).selectByVisibleText("Finn");
            ada.until(d -> "3".equals(d.findElement(By.id("in_rank")).getAttribute("value")));
            // The form may still be redrawn by the odds that follow typing: each step finds its element afresh.
            ada.until(d -> {
                d.findElement(By.cssSelector(".save-roll > summary")).click();
                return true;
            });
            ada.until(d -> {
                d.findElement(By.id("roll:save-name")).sendKeys("Finn checks");
                return true;
            });
            ada.until(d -> {
                d.findElement(By.id("roll:save-button")).click();
                return true;
            });
            assertThat(ada.text(By.cssSelector(".saved .saved-name")), containsString("Finn checks"));
            assertThat(ada.text(By.cssSelector(".saved .likely")), containsString("%"));
            assertThat(ada.until(d -> d.findElement(By.cssSelector(".saved")).findElement(By.linkText("Adjust first"))
                    .getAttribute("href")), containsString("rank=3"));

            // One click rolls it: beside the form for Ada, and in Bo's feed at once, for Finn.
            ada.click(By.cssSelector(".saved input[type=submit][value='Roll']"));
            ada.until(d -> !d.findElements(By.cssSelector("#yours .card-roll")).isEmpty());
            assertThat(ada.text(By.cssSelector("#yours .card-meta")), containsString("for Finn"));
            bo.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            assertThat(bo.text(By.cssSelector(".entry[data-seq='1'] .entry-character")), is("for Finn"));
            assertThat(bo.text(By.cssSelector(".entry[data-seq='1'] .roller")), is("Ada"));

            // Finn's rank changes in play: Ada edits him. A value his system refuses is named on its field and
            // nothing is stored; a good one is kept, and the saved roll made for him follows.
            assertThat("only the keeper edits", bo.count(By.id("character:edit-character")) + bo.count(
                    By.cssSelector("[id$=':edit-character']")), is(0));
            if (ada.attribute(By.id("characters-panel"), "open").equals("null")) {
                ada.click(By.cssSelector("#characters-panel > summary"));
            }
            ada.replacing(ada.byId("kit"), () -> ada.click(By.cssSelector(".character input[value='Edit']")));
            assertThat(ada.attribute(By.id("ed_rank"), "value"), is("3"));
            ada.until(d -> {
                d.findElement(By.id("ed_rank")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "9");
                return true;
            });
            ada.replacing(ada.byId("kit"), () -> ada.click(By.id("edit-character:save-character")));
            assertThat(ada.text(By.id("ed_rank-msg")), containsString("Rank"));
            ada.until(d -> {
                d.findElement(By.id("ed_rank")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "2");
                return true;
            });
            ada.replacing(ada.byId("kit"), () -> ada.click(By.id("edit-character:save-character")));
            assertThat(ada.count(By.id("ed_rank")), is(0));
            assertThat(ada.text(By.cssSelector(".character .character-values")), containsString("2"));
            String adjust = ada.until(d -> d.findElement(By.cssSelector(".saved")).findElement(By.linkText("Adjust first"))
                    .getAttribute("href"));
            assertThat(adjust, containsString("rank=2"));

            // Adjusted first and saved again under its name, it stays one saved roll, still for Finn.
            ada.driver().get(adjust);
            ada.until(d -> "2".equals(d.findElement(By.id("in_rank")).getAttribute("value")));
            assertThat(ada.until(d -> new org.openqa.selenium.support.ui.Select(d.findElement(By.id("roll:character")))
                    .getFirstSelectedOption().getText()), is("Finn"));
            ada.click(By.cssSelector(".save-roll > summary"));
            assertThat(ada.attribute(By.id("roll:save-name"), "value"), is("Finn checks"));
            ada.replacing(ada.byId("kit"), () -> ada.click(By.id("roll:save-button")));
            assertThat(ada.count(By.cssSelector(".saved")), is(1));
            assertThat(ada.text(By.cssSelector(".saved .saved-what")), containsString("for Finn"));
        }
    }

    @Test
    void aRollCostsWhatChangedHoweverLongTheLog() {
        Http http = new Http(base);
        int[] sizes = new int[2];
        int[] pushes = new int[2];
        int i = 0;
        for (int earlier : new int[] {5, 200}) {
            Seated seated = seatedTable(http, "Log of " + earlier, "Dee");
            rollsByApi(http, seated.id(), seated.memberKey(), "Dee", earlier);
            try (Browser roller = Browser.start(); Browser other = Browser.start()) {
                roller.driver().get(base + seated.address());
                join(roller, "Ann");
                other.driver().get(base + seated.address());
                other.until(ExpectedConditions.presenceOfElementLocated(By.id("feed")));
                assertThat("the page opens with the newest page of the log", other.count(By.cssSelector(".entry")),
                        is(Math.min(earlier, TableFeed.LENGTH)));
                // Once each page's live connection stands (its catch-up answered), record what the roll costs.
                roller.until(d -> caughtUp(roller) >= 1 && !busy(roller));
                other.until(d -> caughtUp(other) >= 1 && !busy(other));
                recordAnswers(roller);
                recordAnswers(other);
                rollAt(roller);
                String seq = String.valueOf(earlier + 1);
                other.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='" + seq + "'] .mini-dice svg")).isEmpty());
                roller.until(d -> !answers(roller).isEmpty());
                java.util.Map<String, Object> rolled = roller.until(d -> answers(roller).stream()
                        .filter(a -> ((String) a.get("ids")).startsWith("play:")).findFirst().orElse(null));
                assertThat("the roller's answer draws the card, the new row, the card's details and then its moves,"
                        + " nothing else", (String) rolled.get("ids"),
                        is("play: yours row:" + seq + " details-of-" + seq + " moves-of-" + seq));
                assertThat("the card's details, sent after it, fill the place it left for them",
                        roller.until(d -> !d.findElements(By.cssSelector("#yours #details-of-" + seq
                                + " details.card-details .steps li")).isEmpty()), is(true));
                assertThat("a new row shows its details too, once it has been painted",
                        other.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='" + seq
                                + "'] details.entry-details .steps li")).isEmpty()), is(true));
                assertThat("the page says once that it has painted its card, which its answer was waiting for",
                        roller.until(d -> recorded(roller, "painted:").isEmpty() ? null : recorded(roller, "painted:")),
                        is(List.of("painted:204")));
                assertThat("and the roll asks nothing of the table page's view", answers(roller).stream()
                        .filter(a -> !((String) a.get("ids")).startsWith("play:") && !((String) a.get("ids")).startsWith("row:")
                                && !((String) a.get("ids")).startsWith("painted:")
                                && !((String) a.get("ids")).startsWith("push:")).toList(), empty());
                java.util.Map<String, Object> pushed = other.until(d -> answers(other).stream()
                        .filter(a -> ("push:roll " + seq).equals(a.get("ids"))).findFirst().orElse(null));
                assertThat("another member's page hears of the new row with the row itself",
                        ((Number) pushed.get("size")).intValue(), greaterThan(("roll " + seq).length() + 100));
                assertThat("and asks nothing of the server for it: neither the row nor the table page's view",
                        answers(other).stream().filter(a -> ((String) a.get("ids")).startsWith("fresh:")
                                || ((String) a.get("ids")).startsWith("row:")).toList(), empty());
                sizes[i] = ((Number) rolled.get("size")).intValue();
                pushes[i] = ((Number) pushed.get("size")).intValue();
            }
            i++;
        }
        // The same roll form and outcome kinds at both tables: the answers differ by the dice and the numbers only.
        assertThat("the roll's answer does not grow with the log: " + sizes[0] + " then " + sizes[1] + " bytes",
                Math.abs(sizes[1] - sizes[0]) < sizes[0] / 5, is(true));
        assertThat("a push's answer does not grow with the log: " + pushes[0] + " then " + pushes[1] + " bytes",
                Math.abs(pushes[1] - pushes[0]) < pushes[0] / 5, is(true));
    }

    @Test
    void aRollThatEndsTheRollersEarlierOneReachesTheOtherPagesDrawnWithItsPushAndCostsNoPageARequest() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Taking over", "Dee");
        try (Browser roller = Browser.start(); Browser other = Browser.start()) {
            roller.driver().get(base + seated.address());
            join(roller, "Ann");
            other.driver().get(base + seated.address());
            other.until(ExpectedConditions.presenceOfElementLocated(By.id("feed")));
            roller.until(d -> caughtUp(roller) >= 1 && !busy(roller));
            other.until(d -> caughtUp(other) >= 1 && !busy(other));
            rollAt(roller);
            other.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            roller.until(d -> !d.findElements(By.cssSelector("#yours .card-roll .moves")).isEmpty() && !busy(roller));
            recordAnswers(roller);
            recordAnswers(other);

            By firstDetails = By.cssSelector(".entry[data-seq='1'] details.entry-details");
            other.until(ExpectedConditions.elementToBeClickable(
                    By.cssSelector(".entry[data-seq='1'] details.entry-details > summary"))).click();
            other.until(d -> d.findElement(firstDetails).getAttribute("open") != null);

            rollAt(roller); // Ann's second roll takes over her first, still open
            other.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='2'] .mini-dice svg")).isEmpty()
                    && !d.findElements(By.cssSelector(".entry[data-seq='1'] .entry-ended")).isEmpty());
            assertThat("the row the push drew again keeps the details its reader opened",
                    other.find(firstDetails).getAttribute("open"), notNullValue());
            other.find(By.cssSelector(".entry[data-seq='1'] details.entry-details > summary")).click(); // closed again
            other.until(d -> d.findElement(firstDetails).getAttribute("open") == null);
            assertThat(roller.find(By.cssSelector(".entry[data-seq='1'] .entry-ended")).getText(), not(""));
            // Someone else rolls after it: each page hears of that after the pushes before it, in their order.
            rollsByApi(http, seated.id(), seated.memberKey(), "Dee", 1);
            roller.until(d -> rowsAsked(roller).contains("row:3"));
            other.until(d -> rowsAsked(other).contains("row:3"));

            assertThat("the roller's page asks for no row its own answer drew (the new roll and the one it ended)",
                    rowsAsked(roller), is(List.of("row:3")));
            assertThat("another page takes both rows as the push brings them; a roll made elsewhere it asks for",
                    rowsAsked(other), is(List.of("row:3")));
            assertThat("the roller's page is pushed nothing of its own roll, which its answer drew; a roll made"
                    + " elsewhere it hears of", pushesHeard(roller), is(List.of("push:roll 3")));
            assertThat("the other page hears of the roll, then of the roll it ended, then of the roll made elsewhere",
                    pushesHeard(other), is(List.of("push:roll 2", "push:move 1", "push:roll 3")));
            assertThat("a page not the GM's drops the GM's button", other.count(By.cssSelector(".end-form")), is(0));
            List<String> pushed = rowsShown(other, 2);
            other.driver().navigate().refresh();
            other.until(d -> caughtUp(other) >= 1 && !busy(other));
            assertThat("the rows the push brought read as the page draws them itself", rowsShown(other, 2), is(pushed));
        }
    }

    @Test
    void aRollsMovesAimAtTheGoalChosenInTheFormThoughTheyAreBuiltAfterTheCard() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Aiming", "Dee");
        try (Browser roller = Browser.start()) {
            roller.driver().get(base + seated.address());
            join(roller, "Ann");
            roller.until(d -> caughtUp(roller) >= 1 && !busy(roller));
            org.openqa.selenium.support.ui.Select goal = new org.openqa.selenium.support.ui.Select(roller.byId("roll:goal"));
            WebElement other = goal.getOptions().stream().filter(o -> !o.isSelected()).findFirst().orElseThrow();
            String label = other.getText();
            goal.selectByValue(other.getAttribute("value"));
            roller.until(d -> d.findElement(By.cssSelector("[id='roll:odds'] .best-play")).getText().startsWith(label));
            for (int attempt = 0; attempt < 20 && roller.count(By.cssSelector("#yours .best-move")) == 0; attempt++) {
                rollAt(roller);
                roller.until(d -> !busy(roller)); // the answer is in, its moves too
            }
            assertThat("the best move after the throw aims at the goal the form names, not the procedure's own",
                    roller.find(By.cssSelector("#yours .best-move")).getText(), startsWith("Best for " + label + " or better"));
        }
    }

    /** @return what the feed's rows numbered up to {@code last} hold, newest first */
    private static List<String> rowsShown(Browser browser, long last) {
        List<String> rows = new java.util.ArrayList<>();
        for (long seq = last; seq >= 1; seq--) {
            rows.add(browser.find(By.cssSelector("li.log-entry[data-seq='" + seq + "']")).getAttribute("innerHTML")
                    .replaceAll("\\s+", " ").strip()); // how much white space lies between two tags aside
        }
        return rows;
    }

    @Test
    void aPageHearsOnlyItsOwnTableThoughAnotherTableIsOpenInTheSameBrowser() {
        Http http = new Http(base);
        Seated first = seatedTable(http, "First", "Dee");
        Seated second = seatedTable(http, "Second", "Eve");
        try (Browser browser = Browser.start()) {
            joinAndRecord(browser, second, "Ann");
            String atSecond = browser.driver().getWindowHandle();
            browser.driver().switchTo().newWindow(WindowType.TAB); // the same browser, the same session
            browser.driver().get(base + first.address());
            join(browser, "Ann"); // the first table's pages hear that she joined; the second's must not
            browser.until(d -> caughtUp(browser) >= 1 && !busy(browser));
            rollsByApi(http, first.id(), first.memberKey(), "Dee", 1);
            browser.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            rollsByApi(http, second.id(), second.memberKey(), "Eve", 1);

            browser.driver().switchTo().window(atSecond);
            browser.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg")).isEmpty());
            assertThat("the page at the second table heard its own table's roll alone", pushesHeard(browser),
                    is(List.of("push:roll 1")));
            assertThat(browser.count(By.cssSelector("#feed li.log-entry[data-seq]")), is(1));
            assertThat("and its row is that table's roll", browser.text(By.cssSelector(".entry[data-seq='1']")),
                    containsString("Eve"));
        }
    }

    /** Opens the table's page, joins as {@code name}, waits for the page's first catch-up and records its answers. */
    private void joinAndRecord(Browser browser, Seated table, String name) {
        browser.driver().get(base + table.address());
        join(browser, name);
        browser.until(d -> caughtUp(browser) >= 1 && !busy(browser));
        recordAnswers(browser);
    }

    /** The first lines of the pushes the page heard since {@link #recordAnswers}: {@code push:roll 2} and the like. */
    private static List<String> pushesHeard(Browser browser) {
        return recorded(browser, "push:");
    }

    /** The rows the page fetched on its own since {@link #recordAnswers}, as {@code row:N} and its query. */
    private static List<String> rowsAsked(Browser browser) {
        return recorded(browser, "row:");
    }

    /** What the page got since {@link #recordAnswers} of one kind ({@code row:}, {@code push:}), in order. */
    private static List<String> recorded(Browser browser, String kind) {
        return answers(browser).stream().map(a -> (String) a.get("ids")).filter(ids -> ids.startsWith(kind)).toList();
    }

    @Test
    void aBurstOfRollsMadeElsewhereIsFetchedInSmallRequestsNeverThroughTheTablePage() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Burst", "Dee");
        try (Browser reader = Browser.start()) {
            joinAndRecord(reader, seated, "Ann");
            // The pushes of 15 rolls made through the API are held, then heard in one go, as a page busy drawing
            // hears them: more rows than one request may name (1 + TablePlay.MORE_ROWS).
            reader.script("window.dhHeld = []; window.dhHeard = window.dhLiveMessage;"
                    + " window.dhLiveMessage = function (m) { window.dhHeld.push(m); };");
            rollsByApi(http, seated.id(), seated.memberKey(), "Dee", 15);
            reader.until(d -> ((Number) reader.script("return window.dhHeld.length;")).intValue() >= 15);
            reader.script("var held = window.dhHeld; window.dhLiveMessage = window.dhHeard;"
                    + " held.forEach(function (m) { window.dhLiveMessage(m); });");
            reader.until(d -> ((Number) reader.script("return new Set(Array.from(document.querySelectorAll("
                    + "'.entry .mini-dice svg')).map(function (s) { return s.closest('.entry').getAttribute('data-seq');"
                    + " })).size;")).intValue() == 15);
            assertThat("two requests of rows: eleven, then four", rowsAsked(reader).size(), is(2));
            assertThat("and nothing asked of the table page's view", answers(reader).stream()
                    .map(a -> (String) a.get("ids")).filter(ids -> !ids.startsWith("row:") && !ids.startsWith("push:"))
                    .toList(), empty());
        }
    }

    @Test
    void aLongEveningOfRollsLeavesTheTablePageItsOwnViewAndItKeepsHearingTheTable() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Long evening", "Dee");
        try (Browser roller = Browser.start()) {
            roller.driver().get(base + seated.address());
            join(roller, "Ann");
            roller.until(d -> caughtUp(roller) >= 1 && !busy(roller));
            // More rolls than the 25 views a session keeps view-scoped beans for: the plays keep none of their own,
            // so none of them pushes the table page's view out of the session.
            for (int roll = 1; roll <= 30; roll++) {
                rollAt(roller);
            }
            roller.until(d -> !busy(roller));
            http.post("api/tables/" + seated.id() + "/members", "{\"name\":\"Latecomer\"}");
            roller.until(d -> d.findElement(By.id("members")).getText().contains("Latecomer"));
            assertThat("the page still refreshes its members through its own view",
                    roller.find(By.id("members")).getText(), containsString("Latecomer"));
        }
    }

    @Test
    void thePlayAddressTurnsAwayWhatItMayNotDo() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Plays", "Dee");
        rollsByApi(http, seated.id(), seated.memberKey(), "Dee", 1);
        String play = "tables/" + seated.id() + "/play";
        String form = "application/x-www-form-urlencoded";
        assertThat("a browser without a seat at the table may not roll there",
                http.post(play, "dh-do=roll&dh-js=1&in_first-ability=3", form, null).status(), is(422));
        Http.Answer foreign = http.send("POST", play, "dh-do=roll&dh-js=1", "Origin", "http://elsewhere.example");
        assertThat("nor may another site's page, in anyone's name", foreign.status(), is(403));
        assertThat("a play is posted", http.get(play).status(), is(405));
        assertThat("nothing else is done there", http.post(play, "dh-do=%3Cb%3Ewhat&dh-js=1", form, null).status(), is(400));
        assertThat("no such table", http.post("tables/" + "0".repeat(seated.id().length()) + "/play", "dh-do=roll",
                form, null).status(), is(404));
        for (String move : new String[] {"dh-seq=1&dh-move=daring", "dh-seq=1&dh-move=%3Cscript%3E",
                "dh-seq=99999999999999999999999&dh-move=daring", "dh-seq=-1", "dh-move=daring"}) {
            Http.Answer moved = http.post(play, "dh-do=move&dh-js=1&" + move, form, null);
            assertThat("a move this browser may not make: " + move, moved.status(), is(409));
            assertThat(moved.body(), not(containsString("<script>")));
        }
        Http.Answer plain = http.post(play, "dh-do=move&dh-seq=1&dh-move=daring", form, null);
        assertThat("a page without its script is sent back to the table", plain.status(), is(302));
        assertThat(plain.location(), endsWith("/tables/" + seated.id()));
        assertThat("and nothing was rolled or moved meanwhile", http.wholeLog(seated.id()).size(), is(1));
        assertThat(http.wholeLog(seated.id()).get(0).getInt("moves"), is(0));
    }

    @Test
    void thePaintedAddressTakesOnlyAPagesWordForItsOwnRoll() {
        Http http = new Http(base);
        String form = "application/x-www-form-urlencoded";
        String page = "page=" + "k".repeat(22);
        assertThat("it is posted", http.get("painted").status(), is(405));
        assertThat("not by another site's page", http.send("POST", "painted", page + "&play=abc",
                "Origin", "http://elsewhere.example").status(), is(403));
        Http.Answer noPage = http.post("painted", "play=abc", form, null);
        assertThat(noPage.status(), is(400));
        assertThat("the field is named", noPage.body(), startsWith("page: "));
        Http.Answer markup = http.post("painted", page + "&play=%3Cscript%3Ealert(1)", form, null);
        assertThat(markup.status(), is(400));
        assertThat(markup.body(), startsWith("play: "));
        assertThat("and what was sent is not echoed", markup.body(), not(containsString("<script>")));
        assertThat("a page's word for a play no answer awaits changes nothing",
                http.post("painted", page + "&play=abc", form, null).status(), is(404));
    }

    @Test
    void someoneElsesRollNeitherMovesTheReaderNorHidesItself() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Calm", "Dee");
        String tableId = seated.id();
        String key = seated.memberKey();
        rollsByApi(http, tableId, key, "Dee", 70);
        try (Browser reader = Browser.start()) {
            reader.driver().get(base + seated.address());
            join(reader, "Ann");
            reader.until(d -> caughtUp(reader) >= 1);
            assertThat(reader.count(By.cssSelector(".entry")), is(TableFeed.LENGTH));

            // At the top of the page, a roll arrives where the reader can see the feed start: it shows at once, with
            // its dice, and is said to a screen reader; the window has not scrolled.
            rollsByApi(http, tableId, key, "Dee", 1);
            reader.until(d -> !d.findElements(By.cssSelector(".entry[data-seq='71'] .mini-dice svg")).isEmpty());
            assertThat(reader.attribute(By.cssSelector("li.log-entry[data-seq='71']"), "hidden"), is("null"));
            assertThat(reader.text(By.id("announcer")), startsWith("Dee: Check"));
            assertThat(reader.attribute(By.id("announcer"), "aria-live"), is("polite"));

            // Scrolled into the middle of the feed: what the reader looks at stays put, and new rolls wait behind a
            // button that says how many there are.
            reader.script("var c = document.querySelector('.feed-column'); c.scrollTop = 1500; window.scrollTo(0, 200);");
            Object before = reader.script("return [window.scrollY, document.querySelector('.feed-column').scrollTop,"
                    + " document.querySelector(\".entry[data-seq='50']\").getBoundingClientRect().top];");
            rollsByApi(http, tableId, key, "Dee", 2);
            reader.until(d -> d.findElements(By.cssSelector("li.log-entry.held")).size() == 2);
            Object after = reader.script("return [window.scrollY, document.querySelector('.feed-column').scrollTop,"
                    + " document.querySelector(\".entry[data-seq='50']\").getBoundingClientRect().top];");
            assertThat("nothing the reader sees has moved", after, is(before));
            assertThat(reader.text(By.id("new-rolls")), is("2 new rolls: show them"));
            reader.click(By.id("new-rolls"));
            assertThat(reader.count(By.cssSelector("li.log-entry.held")), is(0));
            assertThat(reader.attribute(By.cssSelector("li.log-entry[data-seq='73']"), "hidden"), is("null"));

            // Older rolls load on demand, when the reader scrolls to the end of the feed.
            assertThat(reader.count(By.cssSelector(".entry[data-seq='1']")), is(0));
            reader.script("var c = document.querySelector('.feed-column'); c.scrollTop = c.scrollHeight;"
                    + " window.scrollTo(0, document.documentElement.scrollHeight);");
            reader.until(d -> d.findElements(By.cssSelector(".entry[data-seq='1']")).size() == 1);
            assertThat("every roll once", reader.count(By.cssSelector(".entry")), is(73));
            assertThat("nothing older is left to load", reader.count(By.id("more-form:more")), is(0));
        }
    }

    @Test
    void onAPhoneTheFeedIsOneTapAwayAndCountsWhatArrivedUnseen() {
        Http http = new Http(base);
        Seated seated = seatedTable(http, "Phones", "Dee");
        String tableId = seated.id();
        String key = seated.memberKey();
        try (Browser phone = Browser.start()) {
            phone.phone();
            phone.driver().get(base + seated.address());
            join(phone, "Pip");
            phone.until(d -> caughtUp(phone) >= 1); // the live connection stands: pushes reach the page
            assertThat(phone.find(By.id("roll:roll-button")).isDisplayed(), is(true));
            assertThat("the feed waits behind its tab", phone.find(By.id("feed-column")).isDisplayed(), is(false));
            // The first row the page asks for comes back last: each still counts once.
            phone.script("var sent = window.fetch, first = true; window.fetch = function () { var args = arguments;"
                    + " if (first && String(args[0]).indexOf('/rows/') >= 0) { first = false; return new Promise(function (r) {"
                    + " window.setTimeout(r, 1500); }).then(function () { return sent.apply(window, args); }); }"
                    + " return sent.apply(window, args); };");
            rollsByApi(http, tableId, key, "Dee", 2);
            phone.until(d -> d.findElements(By.cssSelector("li.log-entry[data-seq='2'] .entry")).size() == 1
                    && d.findElements(By.cssSelector("li.log-entry[data-seq='1'] .entry")).size() == 1);
            assertThat("each roll counted once, whatever order its row came in",
                    phone.until(d -> d.findElement(By.id("feed-unseen")).getText()), is("2"));
            tab(phone, "feed");
            assertThat(phone.find(By.id("roll:roll-button")).isDisplayed(), is(false));
            assertThat(phone.count(By.cssSelector(".entry .mini-dice svg")) > 0, is(true));
            assertThat("seen now", phone.find(By.id("feed-unseen")).isDisplayed(), is(false));
            // Your own roll still shows where you rolled.
            tab(phone, "play");
            rollAt(phone);
            assertThat(phone.find(By.cssSelector("#yours .card-roll")).isDisplayed(), is(true));
            assertThat("your own roll is not counted as unseen", phone.find(By.id("feed-unseen")).isDisplayed(), is(false));
        }
    }

    @Test
    void theGmOpensTheTableSeatedAndKeepsControlWhenTheSessionExpires() {
        try (Browser gm = Browser.start()) {
            gm.driver().get(base.toString());
            gm.until(ExpectedConditions.presenceOfElementLocated(By.id("open:name"))).sendKeys("Long campaign");
            gm.byId("open:gm-name").sendKeys("Gail");
            gm.byId("open:open-button").click();
            String invite = gm.until(ExpectedConditions.presenceOfElementLocated(By.id("invite"))).getAttribute("value");
            gm.driver().get(invite);
            // Seated as GM in the same step: no second join.
            assertThat(gm.until(d -> d.findElement(By.id("my-name")).getText()), is("Gail"));
            assertThat(gm.text(By.cssSelector(".member.me")), containsString("GM"));
            // The keys live in cookies only the table's address receives, unreadable by scripts.
            var owner = gm.driver().manage().getCookieNamed("dh-owner");
            assertThat(owner.isHttpOnly(), is(true));
            assertThat(owner.getPath(), endsWith("/tables/" + invite.substring(invite.lastIndexOf('/') + 1)));
            assertThat(owner.getSameSite(), is("Strict"));

            // The session expires (its cookie is gone): the page opened again still knows the GM and their seat.
            gm.driver().manage().deleteCookieNamed("JSESSIONID");
            gm.driver().get(invite);
            assertThat(gm.until(d -> d.findElement(By.id("my-name")).getText()), is("Gail"));
            assertThat(gm.count(By.cssSelector(".owner-tools")), is(1));
            // A forged owner key in the cookie proves nothing.
            gm.driver().manage().deleteCookieNamed("JSESSIONID");
            gm.driver().manage().deleteCookieNamed("dh-member");
            gm.driver().manage().deleteCookieNamed("dh-owner");
            gm.driver().manage().addCookie(new org.openqa.selenium.Cookie("dh-owner", "A".repeat(43),
                    owner.getPath()));
            gm.driver().get(invite);
            gm.until(ExpectedConditions.presenceOfElementLocated(By.id("join:name")));
            assertThat(gm.count(By.cssSelector(".owner-tools")), is(0));
        }
    }

    @Test
    void aMalformedInviteGetsTheFriendlyNoSuchTable() {
        try (Browser b = Browser.start()) {
            b.driver().get(base + "tables/%3Cscript%3E");
            assertThat(b.until(d -> d.findElement(By.tagName("h1")).getText()), is("No such table"));
        }
        assertThat(new Http(base).get("tables/not-an-id").status(), is(404));
    }

    @Test
    void theQuickDiceBoxRollsAnyNotationIntoTheFeed() {
        JsonObject table = new Http(base).post("api/tables", "{\"name\":\"Quick dice\"}").json();
        try (Browser b = Browser.start(); Browser other = Browser.start()) {
            b.driver().get(base + table.getString("invite").substring(1));
            join(b, "Ann");
            other.driver().get(base + table.getString("invite").substring(1));
            other.until(ExpectedConditions.presenceOfElementLocated(By.id("feed")));

            // A mistake is named where it is, and nothing is rolled.
            b.byId("quick:dice").sendKeys("4d6kh", Keys.ENTER);
            assertThat(b.until(d -> d.findElement(By.id("quick-problem")).getText()), containsString("6"));
            assertThat(b.count(By.cssSelector(".entry")), is(0));

            // Typed and Enter: the roll is beside the box and in everyone's feed, with its dice and total.
            b.until(d -> {
                WebElement box = d.findElement(By.id("quick:dice"));
                box.sendKeys(Keys.chord(Keys.CONTROL, "a"), "2d6+3");
                box.sendKeys(Keys.ENTER);
                return true;
            });
            b.until(d -> !d.findElements(By.cssSelector("#yours .card-roll[data-seq='1']")).isEmpty());
            assertThat(b.text(By.cssSelector("#yours .card-meta")), containsString("Dice notation"));
            other.until(d -> d.findElements(By.cssSelector(".entry[data-seq='1'] .mini-dice svg.face")).size() == 2);
            assertThat(other.text(By.cssSelector(".entry[data-seq='1'] .roller")), is("Ann"));
            // The odds are one click away: the dice system's rolling page with what was typed.
            b.click(By.cssSelector("a.quick-odds"));
            b.until(d -> d.getCurrentUrl().contains("/systems/dice/roll?expression=2d6%2B3"));
            assertThat(b.until(d -> d.findElement(By.id("roll:odds")).getText()), containsString("%"));
            // ... with the whole distribution charted, its mean said in words.
            assertThat(b.until(d -> d.findElement(By.cssSelector(".total-chart svg[role=img]")).getAttribute("aria-label")),
                    containsString("from 5 to 15, mean 10.00"));
        }
    }

    // --- helpers -----------------------------------------------------------------------------------------

    private void check(String path, java.util.function.Consumer<Browser> what) {
        try (Browser b = Browser.start()) {
            b.driver().get(base + path);
            b.until(ExpectedConditions.presenceOfElementLocated(By.tagName("h1")));
            assertThat(path + " keeps its address", b.driver().getCurrentUrl(), is(base + path));
            what.accept(b);
        }
    }

    private static void join(Browser browser, String name) {
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("join:name"))).sendKeys(name);
        browser.click(By.id("join:join-button"));
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("my-name")));
        assertThat(browser.text(By.id("my-name")), is(name));
    }

    private static void rollAt(Browser browser) {
        rollAt(browser, "public");
    }

    private static void rollAt(Browser browser, String visibility) {
        int[] attempts = {0};
        browser.until(d -> {
            WebElement option = d.findElement(By.cssSelector("input[name='roll:visibility'][value='" + visibility + "']"));
            if (!option.isSelected()) {
                // On a phone the sticky odds bar may cover the choice in the middle of the screen: then try at the top.
                WebElement label = d.findElement(By.cssSelector("label[for='" + option.getAttribute("id") + "']"));
                browser.script("arguments[0].scrollIntoView({block: arguments[1]});", label,
                        attempts[0]++ % 2 == 0 ? "center" : "start");
                try {
                    label.click();
                } catch (ElementClickInterceptedException covered) {
                    return false;
                }
            }
            return option.isSelected();
        });
        int before = browser.count(By.cssSelector(".entry"));
        browser.click(By.id("roll:roll-button"));
        browser.until(d -> d.findElements(By.cssSelector(".entry")).size() > before
                && !d.findElements(By.cssSelector("#yours .card-roll")).isEmpty());
    }

    /** On a phone, shows one of the table's two tabs ("play" or "feed"); on a wide screen both are always shown. */
    private static void tab(Browser browser, String which) {
        if (browser.find(By.cssSelector(".table-tabs")).isDisplayed()) {
            browser.click(By.cssSelector("[data-dh-tab='" + which + "']"));
            browser.until(d -> d.findElement(By.id("play".equals(which) ? "play" : "feed-column")).isDisplayed());
        }
    }

    /**
     * Records the size and the updated ids of every Faces answer the page gets from now on, of every play it posts
     * on its own ({@code play: } and the parts of the answer, e.g. {@code yours row:6}) and of every row it fetches
     * on its own ({@code row:N}).
     */
    private static void recordAnswers(Browser browser) {
        browser.script("window.dhAnswers = []; faces.ajax.addOnEvent(function (d) { if (d.status === 'success') {"
                + " window.dhAnswers.push({size: d.responseText.length, ids: Array.prototype.map.call("
                + " d.responseXML.querySelectorAll('update'), function (u) { return u.getAttribute('id'); })"
                + " .filter(function (id) { return id.indexOf('ViewState') < 0; }).join(' ')}); } });"
                + " var sent = window.fetch; window.fetch = function (url, options) { return sent.apply(window, arguments)"
                + " .then(function (answer) { if (String(url).indexOf('/painted') >= 0) {"
                + " window.dhAnswers.push({size: 0, ids: 'painted:' + answer.status}); }"
                + " if (String(url).indexOf('/play') >= 0) { answer.clone().text().then(function (t) {"
                + " var parts = []; var at = document.createElement('template'); at.innerHTML = t;"
                + " at.content.querySelectorAll('template[data-dh-part]').forEach(function (p) { var li = p.content"
                + " .querySelector('li[data-seq]'); parts.push(p.getAttribute('data-dh-part') + (li ? ':' + li.getAttribute('data-seq') : ''));"
                + " }); window.dhAnswers.push({size: t.length, ids: 'play: ' + parts.join(' ')}); }); } return answer; }); };"
                + " var heard = window.dhLiveMessage; window.dhLiveMessage = function (m) { window.dhAnswers.push({size:"
                + " String(m).length, ids: 'push:' + String(m).split('\\n')[0]}); return heard.apply(this, arguments); };"
                + " new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) {"
                + " if (e.name.indexOf('/rows/') >= 0) { window.dhAnswers.push({size: e.decodedBodySize,"
                + " ids: 'row:' + e.name.split('/rows/')[1]}); } }); }).observe({type: 'resource'});");
    }

    @SuppressWarnings("unchecked")
    private static List<java.util.Map<String, Object>> answers(Browser browser) {
        return (List<java.util.Map<String, Object>>) browser.script("return window.dhAnswers;");
    }

    /** A table opened through the API with one member seated: its id, its address below the base, the member's key. */
    private record Seated(String id, String address, String memberKey) {
    }

    private static Seated seatedTable(Http http, String tableName, String memberName) {
        JsonObject table = http.post("api/tables", "{\"name\":\"" + tableName + "\"}").json();
        String tableId = table.getString("id");
        String key = http.post("api/tables/" + tableId + "/members", "{\"name\":\"" + memberName + "\"}").json()
                .getString("memberKey");
        return new Seated(tableId, table.getString("invite").substring(1), key);
    }

    /** Makes {@code count} public rolls at a table through the API, as the member with that key. */
    private static void rollsByApi(Http http, String tableId, String memberKey, String roller, int count) {
        for (int i = 0; i < count; i++) {
            Http.Answer rolled = http.send("POST", "api/tables/" + tableId + "/rolls",
                    "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"" + roller + "\"}",
                    "Member-Key", memberKey);
            assertThat(rolled.toString(), rolled.status(), is(201));
        }
    }

    /** Whether the page waits for an answer of Faces. */
    private static boolean busy(Browser browser) {
        return (Boolean) browser.script("return document.documentElement.classList.contains('busy');");
    }

    /** How many times the page has caught up on opening its live connection. */
    private static long caughtUp(Browser browser) {
        return (Long) browser.script("return window.dhCatchUps || 0;");
    }

    /**
     * Breaks the page's live connection, does {@code meanwhile}, connects again (as Faces does by itself after a
     * break), and waits until the catch-up that follows has been answered.
     */
    private static void reconnect(Browser browser, Runnable meanwhile) {
        long before = caughtUp(browser);
        browser.script("faces.push.close('live:socket');");
        meanwhile.run();
        browser.script("faces.push.open('live:socket');");
        browser.until(d -> caughtUp(browser) > before
                && !(Boolean) browser.script("return document.documentElement.classList.contains('busy');"));
    }

    private static List<String> memberNames(Browser browser) {
        return browser.until(d -> d.findElements(By.cssSelector(".member")).stream()
                .map(m -> m.getAttribute("textContent").replace("GM", "").replace("(you)", "").strip()).toList());
    }

    /** @return the odds headlines of a card's moves, or null while its moves have yet to come (its roll's next answer) */
    private static List<String> oddsHeadlines(WebElement card) {
        List<String> headlines = card.findElements(By.cssSelector(".move .headline")).stream().map(WebElement::getText)
                .toList();
        return headlines.isEmpty() ? null : headlines;
    }

    private static boolean inView(Browser browser, String id) {
        return (Boolean) browser.script("var b = document.getElementById(arguments[0]).getBoundingClientRect();"
                + "return b.top >= 0 && b.bottom <= window.innerHeight;", id);
    }
}
