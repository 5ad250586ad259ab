package io.dicehall.web.ui;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.dicehall.web.it.Deployments;
import io.dicehall.web.it.Http;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The Faces pages in headless Chromium, on the real WAR on a real Payara Micro, with the bundled systems,
 * the small test pool system and the misbehaving systems installed: the menu, every procedure of every
 * installed system rolled from its generated form, odds that follow the inputs, messages beside bad
 * inputs, repeated groups, escaped free text, the moves (KISS, Daring Roll, invoke), the keyboard alone,
 * a phone-sized screen, a failing system and an expired page. Saves the README's screenshots in
 * {@code docs/screenshots}.
 */
@ExtendWith(ArquillianExtension.class)
class UiIT {

    /** Where the README's screenshots go: {@code docs/screenshots} of the reactor (tests run in {@code web/}). */
    private static final Path SCREENSHOTS = Path.of("").toAbsolutePath().resolveSibling("docs").resolve("screenshots");

    private static final String DIE_ALT = "d(\\d+|F) showing \\S.*, (success|failure|trouble|neutral|not counted)(; re-rolled, it was .+)?";

    private static Browser browser;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.warWithTestSystems();
    }

    @ArquillianResource
    URL base;

    @BeforeAll
    static void startBrowser() {
        browser = Browser.start();
    }

    @AfterAll
    static void quitBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void freshSession() {
        browser.desktop();
        if (browser.driver().getCurrentUrl().startsWith("http")) {
            browser.driver().manage().deleteAllCookies();
        }
    }

    // --- the menu ------------------------------------------------------------------------------

    @Test
    void theMenuShowsEveryInstalledSystemAndTheOnesThatFailed() {
        JsonObject menu = new Http(base).get("api/systems").json();
        home();
        for (JsonObject system : menu.getJsonArray("systems").getValuesAs(JsonObject.class)) {
            WebElement card = browser.byId("system-" + system.getString("id"));
            assertThat(card.findElement(By.tagName("h2")).getText(), is(system.getString("name")));
            assertThat(card.getText(), containsString(system.getString("summary")));
            assertThat("the licence is one click away", card.findElement(By.className("attribution"))
                    .getAttribute("textContent"), containsString(system.getJsonObject("attribution").getString("licence")));
            assertThat(card.findElement(By.cssSelector(".attribution")).getAttribute("open"), is((String) null));
            String link = system.getJsonObject("attribution").getString("link");
            if (link.startsWith("http")) {
                assertThat("the rules text is linked", card.findElement(By.cssSelector(".rules-link a")).getAttribute("href"),
                        is(link));
            }
            List<String> procedures = card.findElements(By.cssSelector("a.procedure")).stream()
                    .map(a -> a.getAttribute("data-procedure")).toList();
            assertThat(procedures, equalTo(system.getJsonArray("procedures").getValuesAs(JsonObject.class).stream()
                    .map(p -> p.getString("id")).toList()));
            assertThat(card.findElement(By.cssSelector("a.start")).getText(), is("Start rolling"));
        }
        String failed = browser.find(By.cssSelector("section.failed")).getText();
        assertThat(failed, containsString("blank id"));
        assertThat(failed, containsString("cannot start"));
        assertThat(failed, containsString("SPI version"));
        browser.screenshot(SCREENSHOTS.resolve("home.png"));
    }

    // --- every procedure of every system --------------------------------------------------------

    @Test
    void everyProcedureOfEveryInstalledSystemShowsItsOddsAndRolls() {
        Http http = new Http(base);
        JsonObject menu = http.get("api/systems").json();
        int rolled = 0;
        for (JsonObject system : menu.getJsonArray("systems").getValuesAs(JsonObject.class)) {
            String systemId = system.getString("id");
            if (systemId.equals("faulty")) {
                continue; // fails on purpose: see aSystemThatFailsIsReportedWithoutLosingThePage
            }
            JsonObject detail = http.get("api/systems/" + systemId).json();
            for (JsonObject procedure : detail.getJsonArray("procedures").getValuesAs(JsonObject.class)) {
                String where = systemId + "/" + procedure.getString("id");
                open(systemId, procedure.getString("id"));
                assertThat(where, browser.find(By.tagName("h1")).getText(), is(procedure.getString("name")));
                assertThat(where + ": every input has a label", unlabelledInputs(), empty());
                assertThat(where + ": a bar per outcome", browser.all(By.cssSelector("[id='roll:odds'] > ol.bars > li")),
                        hasSize(procedure.getJsonArray("outcomes").size()));
                roll();
                assertThat(where, browser.byId("outcome").getText(), not(equalTo("")));
                assertThat(where + ": the history starts", browser.all(By.cssSelector(".card-details .steps li")).size(), greaterThan(0));
                List<WebElement> dice = browser.all(By.cssSelector("#result svg.face[role=img]"));
                for (WebElement die : dice) {
                    assertThat(where, die.getAttribute("aria-label"), matchesPattern(DIE_ALT));
                    assertThat(where, die.findElement(By.tagName("title")).getAttribute("textContent"),
                            is(die.getAttribute("aria-label")));
                }
                assertThat(where + ": every input of the moves has a label", unlabelledInputs(), empty());
                rolled++;
            }
        }
        assertThat(rolled, greaterThan(10));
    }

    // --- odds, bad input, groups ---------------------------------------------------------------

    @Test
    void theOddsFollowTheInputsAndBadInputIsNamedBesideItsField() {
        open("test-pool", "pool");
        String before = oddsText();
        type("in_dice", "10");
        assertThat(oddsText(), not(equalTo(before)));
        assertThat(oddsText(), containsString("Great hit"));

        type("in_target", "9");
        assertThat("the chart gives way to the message", oddsText(),
                containsString("Target must be a whole number from 1 to 6."));
        roll();
        WebElement target = browser.byId("in_target");
        assertThat(browser.byId("in_target-msg").getText(), is("Target must be a whole number from 1 to 6."));
        assertThat(target.getAttribute("aria-invalid"), is("true"));
        assertThat(target.getAttribute("aria-describedby"), containsString("in_target-msg"));
        assertThat("nothing typed is lost", target.getAttribute("value"), is("9"));
        assertThat(browser.byId("in_dice").getAttribute("value"), is("10"));
        assertThat("the focus goes to the field to fix", browser.driver().switchTo().activeElement().getAttribute("id"),
                is("in_target"));
        assertThat("no roll was made", browser.all(By.id("outcome")), empty());
        browser.screenshot(SCREENSHOTS.resolve("bad-input.png"));

        // A rule of the system itself (not of the form) is shown the same way.
        type("in_target", "6");
        browser.byId("in_cautious").click();
        browser.until(d -> oddsText().contains("a cautious roll cannot aim at 6"));
        roll();
        assertThat(browser.byId("in_target-msg").getText(), is("Target: a cautious roll cannot aim at 6."));

        browser.byId("in_cautious").click();
        type("in_target", "5");
        roll();
        assertThat(browser.all(By.id("in_target-msg")), empty());
        assertThat(browser.byId("outcome").getText(), not(equalTo("")));
    }

    @Test
    void aFormFitsTheScreenAndAMessageGoesAsSoonAsTheValueIsGood() {
        // An Action Roll at 1280 × 900 shows its Roll button without scrolling; a Task within one screen more.
        open("action-rolls", "action-roll");
        assertThat("the Roll button's bottom, in pixels from the top", buttonBottom(), lessThanOrEqualTo(900L));
        requireInstalled("tasks-checks");
        open("tasks-checks", "task");
        assertThat(buttonBottom(), lessThanOrEqualTo(1800L));

        // A bad value is named on Roll; typing a good one clears the message at once, with no new Roll.
        open("test-pool", "pool");
        browser.byId("in_target").sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        roll();
        assertThat(browser.byId("in_target-msg").getText(), containsString("Target"));
        WebElement odds = browser.byId("roll:odds");
        browser.replacing(odds, () -> browser.byId("in_target").sendKeys("4"));
        browser.until(d -> d.findElements(By.id("in_target-msg")).isEmpty());
        assertThat(browser.byId("in_target").getAttribute("aria-invalid"), is((String) null));
    }

    private long buttonBottom() {
        return (Long) browser.script("return Math.round(document.getElementById('roll:roll-button')"
                + ".getBoundingClientRect().bottom);");
    }

    @Test
    void groupRowsAreAddedAndRemovedWithoutLosingWhatWasTyped() {
        open("test-pool", "pool");
        assertThat(browser.all(By.cssSelector("#in_friends .row")), empty());
        addRow("in_friends");
        assertThat("the focus goes to the new row", browser.driver().switchTo().activeElement().getAttribute("id"),
                is("in_friends_0_name"));
        browser.byId("in_friends_0_name").sendKeys("Ada");
        addRow("in_friends");
        browser.byId("in_friends_1_name").sendKeys("Brom");
        type("in_friends_1_dice", "2");
        addRow("in_friends");
        assertThat("three rows at most", browser.find(By.cssSelector("#in_friends > .dh-add")).isEnabled(), is(false));

        WebElement first = browser.find(By.cssSelector("#in_friends_0 .dh-remove"));
        browser.replacing(browser.byId("roll"), first::click);
        assertThat(browser.all(By.cssSelector("#in_friends .row")), hasSize(2));
        assertThat(browser.byId("in_friends_0_name").getAttribute("value"), is("Brom"));
        assertThat(browser.byId("in_friends_0_dice").getAttribute("value"), is("2"));
        roll();
        assertThat(browser.byId("outcome").getText(), not(equalTo("")));
        assertThat(browser.byId("in_friends_0_name").getAttribute("value"), is("Brom"));
    }

    @Test
    void nestedGroupsAreDrawnFromTheFormAlone() {
        requireInstalled("tasks-checks");
        open("tasks-checks", "opposed-task");
        assertThat(browser.all(By.cssSelector("#in_sides > .rows > .row")), hasSize(2));
        addRow("in_sides_1_helpers");
        WebElement helperRank = browser.byId("in_sides_1_helpers_0_rank");
        assertThat(helperRank.getAttribute("min"), is("1"));
        assertThat(browser.find(By.cssSelector("label[for='in_sides_1_helpers_0_rank']")).getText(), startsWith("Rank"));
        type("in_sides_1_helpers_0_rank", "7");
        roll();
        assertThat(browser.byId("in_sides_1_helpers_0_rank-msg").getText(), containsString("from 1 to 6"));
        type("in_sides_1_helpers_0_rank", "6");
        roll();
        assertThat(browser.byId("outcome").getText(), not(equalTo("")));
        browser.screenshot(SCREENSHOTS.resolve("groups.png"));
    }

    // --- free text ---------------------------------------------------------------------------------

    @Test
    void htmlTypedIntoTextIsShownAsText() {
        open("action-rolls", "action-roll");
        String payload = "<img src=x onerror=alert(1)><b>Dex</b>"; // within the field's 40 characters
        browser.find(By.cssSelector(".more-options > summary")).click();
        browser.byId("in_first-ability-name").sendKeys(payload);
        browser.byId("note_note").sendKeys("<script>document.title='owned'</script>climb");
        roll();
        assertThat(browser.find(By.cssSelector("[data-group='first-ability'] .group-label")).getText(),
                containsString(payload));
        assertThat(browser.find(By.cssSelector(".roll-note .note-text")).getText(),
                is("<script>document.title='owned'</script>climb"));
        assertThat("no markup came through", browser.all(By.cssSelector("#result img, #result b, #result script")), empty());
        assertThat(browser.driver().getTitle(), not(containsString("owned")));
        assertThat("the value is kept as typed", browser.byId("in_first-ability-name").getAttribute("value"), is(payload));
    }

    // --- moves -------------------------------------------------------------------------------------

    @Test
    void aDaringRollRaisesTheChosenEmotionAndEndsTheRoll() {
        open("action-rolls", "action-roll");
        browser.screenshot(SCREENSHOTS.resolve("rolling.png"));
        roll();
        WebElement daring = move("daring");
        assertThat(daring.findElement(By.className("headline")).getText(), matchesPattern("Daring Roll: .+ \\d.*% → .*\\d.*%"));
        String oddsBefore = daring.findElement(By.className("move-odds")).getText();
        browser.replacing(daring.findElement(By.className("move-odds")),
                () -> daring.findElement(By.cssSelector("input[value='anxiety']")).click());
        assertThat(move("daring").findElement(By.className("move-odds")).getText(), is(oddsBefore));
        browser.screenshot(SCREENSHOTS.resolve("roll.png"));
        takeMove("daring");
        assertThat(browser.all(By.cssSelector("#result svg.face[role=img]")), hasSize(6));
        assertThat(browser.find(By.cssSelector(".outcome .flags")).getText(), containsString("Anxiety"));
        assertThat(browser.find(By.className("over")).getText(), is("This roll is over."));
        assertThat(browser.all(By.cssSelector(".card-details .steps li")), hasSize(2));
        assertThat(browser.all(By.cssSelector(".move")), empty());
    }

    @Test
    void aGoalIsChosenBesideTheOddsAndTheBestMoveIsMarkedAfterTheThrow() {
        open("test-pool", "pool");
        org.openqa.selenium.support.ui.Select goal = new org.openqa.selenium.support.ui.Select(browser.byId("roll:goal"));
        assertThat(goal.getFirstSelectedOption().getAttribute("value"), is("great-hit"));
        assertThat(browser.find(By.cssSelector("[id='roll:odds'] .best-play")).getText(),
                startsWith("Great hit or better, every choice made well: "));
        WebElement odds = browser.byId("roll:odds");
        browser.replacing(odds, () -> goal.selectByValue("hit"));
        assertThat(browser.find(By.cssSelector("[id='roll:odds'] .best-play")).getText(),
                startsWith("Hit or better, every choice made well: "));
        type("in_dice", "5");
        type("in_target", "6");
        for (int attempt = 0; attempt < 20 && browser.all(By.cssSelector(".move[data-move='reroll']")).isEmpty(); attempt++) {
            roll();
        }
        assertThat("one best move, or equally good ones said as a choice",
                browser.find(By.className("best-move")).getText(), matchesPattern("Best for Hit or better(, equally good)?: .*"));
        assertThat(browser.all(By.cssSelector(".move.best .best-badge")).isEmpty(), is(false));
        assertThat(move("reroll").findElement(By.className("move-value")).getText(), matchesPattern("then playing well: .*%"));
        browser.screenshot(SCREENSHOTS.resolve("best-play.png"));
    }

    @Test
    void kissPicksUpTheTickedFailedDice() {
        requireInstalled("tasks-checks");
        open("tasks-checks", "check");
        for (int attempt = 0; attempt < 20 && browser.all(By.cssSelector(".move[data-move='kiss']")).isEmpty(); attempt++) {
            roll();
        }
        WebElement kiss = move("kiss");
        List<WebElement> ticks = kiss.findElements(By.cssSelector("fieldset[id$='_dice'] input[type=checkbox]"));
        assertThat(ticks.size(), greaterThan(0));
        for (WebElement tick : ticks) {
            String option = tick.getAttribute("id");
            assertThat("each die to pick is drawn beside its box",
                    browser.all(By.cssSelector("label[for='" + option + "'] svg.face")), hasSize(1));
        }
        assertThat(kiss.findElement(By.className("headline")).getText(), matchesPattern("KISS dice: .+ → .+%"));
        browser.screenshot(SCREENSHOTS.resolve("kiss.png"));
        // The move comes with its best dice ticked; the die followed is one the player leaves ticked.
        WebElement ticked = ticks.stream().filter(WebElement::isSelected).findFirst().orElse(null);
        String failedDie = (ticked == null ? ticks.get(0) : ticked).getAttribute("value");
        if (ticked == null) {
            browser.replacing(kiss.findElement(By.className("move-odds")), ticks.get(0)::click);
        }
        takeMove("kiss");
        assertThat(browser.all(By.cssSelector(".card-details .steps li")), hasSize(2));
        WebElement die = browser.find(By.cssSelector("[data-die='" + failedDie + "'] svg.face[role=img]"));
        assertThat("the die shows what it was", die.getAttribute("aria-label"), containsString("re-rolled, it was"));
        assertThat(browser.all(By.cssSelector("[data-die='" + failedDie + "'] .was svg")), hasSize(1));
    }

    @Test
    void ticksThatBreakTheMoveAreNamedOnTheMove() {
        open("test-pool", "pool");
        type("in_dice", "30");
        type("in_target", "6");
        roll();
        WebElement reroll = move("reroll");
        List<WebElement> ticks = reroll.findElements(By.cssSelector("input[type=checkbox]"));
        browser.replacing(reroll.findElement(By.className("move-odds")), () -> ticks.get(1).click());
        assertThat(move("reroll").findElement(By.className("move-odds")).getText(), containsString("at most 1"));
        takeMove("reroll");
        assertThat(move("reroll").findElement(By.cssSelector("[id='mv-reroll_dice-msg']")).getText(),
                containsString("at most 1"));
        assertThat("still the first state", browser.all(By.cssSelector(".card-details .steps li")), hasSize(1));
    }

    @Test
    void anAspectIsInvokedWithTheKeyboardAlone() {
        home();
        tabTo(e -> "a".equals(e.getTagName()) && e.getAttribute("href").endsWith("/systems/fate-condensed/overcome"));
        press(Keys.ENTER);
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("roll:odds")));
        tabTo(e -> "in_skill".equals(e.getAttribute("id")));
        WebElement result = browser.byId("result");
        press(Keys.chord(Keys.CONTROL, "a"), "3", Keys.ENTER);
        browser.until(Browser.gone(result));
        browser.until(d -> "outcome".equals(d.switchTo().activeElement().getAttribute("id")));

        tabTo(e -> "mv-invoke_aspect".equals(e.getAttribute("id")));
        WebElement odds = move("invoke").findElement(By.className("move-odds"));
        press("Quick <i>Reflexes</i>", Keys.TAB);
        browser.until(Browser.gone(odds));
        assertThat(move("invoke").findElement(By.className("headline")).getText(), startsWith("Invoke an aspect:"));
        tabTo(e -> "submit".equals(e.getAttribute("type")) && "Invoke an aspect".equals(e.getAttribute("value")));
        result = browser.byId("result");
        press(Keys.ENTER);
        browser.until(Browser.gone(result));
        List<WebElement> steps = browser.all(By.cssSelector(".card-details .steps li"));
        assertThat(steps, hasSize(2));
        assertThat(steps.get(1).getAttribute("textContent"), containsString("Quick <i>Reflexes</i>"));
        assertThat(browser.all(By.cssSelector(".card-details .steps i")), empty());
        assertThat(browser.driver().switchTo().activeElement().getAttribute("id"), is("outcome"));
    }

    // --- phone, failures, expiry ---------------------------------------------------------------

    @Test
    void aPhoneSizedScreenNeedsNoSidewaysScrolling() {
        browser.phone();
        home();
        assertThat(overflowing(), horizontalOverflow(), lessThanOrEqualTo(0L));
        open("fate-condensed", "attack");
        roll();
        assertThat(overflowing(), horizontalOverflow(), lessThanOrEqualTo(0L));
        browser.screenshotOfView(SCREENSHOTS.resolve("phone.png"));
    }

    @Test
    void aSystemThatFailsIsReportedWithoutLosingThePage() {
        open("faulty", "explode");
        assertThat(oddsText(), containsString("failed"));
        roll();
        assertThat(browser.byId("roll-problem").getText(), containsString("The rules system Faulty failed"));
        open("test-pool", "pool");
        roll();
        assertThat(browser.byId("outcome").getText(), not(equalTo("")));
    }

    @Test
    void anExpiredPageOpensAgainWithItsRoll() {
        open("test-pool", "pool");
        type("in_dice", "30");
        roll();
        String outcome = browser.byId("outcome").getText();
        List<String> dice = browser.all(By.cssSelector("#result svg.face[role=img]")).stream()
                .map(d -> d.getAttribute("aria-label")).toList();
        // What an expired or forged view looks like to the server: a view state it does not hold.
        browser.script("document.querySelectorAll(\"input[name='jakarta.faces.ViewState']\")"
                + ".forEach(function (e) { e.value = '1:2'; });");
        WebElement accept = move("accept").findElement(By.cssSelector("input[type=submit]"));
        WebElement page = browser.find(By.tagName("main"));
        accept.click();
        browser.until(Browser.gone(page));
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("outcome")));
        assertThat(browser.driver().getCurrentUrl(), containsString("expired=true"));
        assertThat(browser.find(By.cssSelector("p.notice")).getText(), containsString("expired"));
        assertThat(browser.byId("outcome").getText(), is(outcome));
        assertThat(browser.all(By.cssSelector("#result svg.face[role=img]")).stream()
                .map(d -> d.getAttribute("aria-label")).toList(), equalTo(dice));
        assertThat("the form holds the roll's inputs", browser.byId("in_dice").getAttribute("value"), is("30"));
        assertThat("nothing was moved", browser.all(By.cssSelector(".card-details .steps li")), hasSize(1));

        takeMove("accept");
        assertThat(browser.find(By.className("over")).getText(), is("This roll is over."));
    }

    @Test
    void reloadingThePageShowsTheRollAgain() {
        open("action-rolls", "action-roll");
        type("in_first-ability", "4");
        roll();
        String outcome = browser.byId("outcome").getText();
        String dice = browser.find(By.className("dice")).getText();
        browser.driver().navigate().refresh();
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("outcome")));
        assertThat(browser.byId("outcome").getText(), is(outcome));
        assertThat(browser.find(By.className("dice")).getText(), is(dice));
        assertThat(browser.byId("in_first-ability").getAttribute("value"), is("4"));
        takeMove("accept");
        assertThat(browser.find(By.className("over")).getText(), is("This roll is over."));
    }

    @Test
    void unknownAddressesSayWhatIsMissing() {
        browser.driver().get(base + "systems/no-such-system");
        assertThat(browser.find(By.tagName("h1")).getText(), is("No such rules system"));
        assertThat(new Http(base).get("systems/no-such-system").status(), is(404));
        assertThat(new Http(base).get("systems/Bad%20Id").status(), is(404));
        browser.driver().get(base + "no-such-page");
        assertThat(browser.find(By.tagName("h1")).getText(), startsWith("Something went wrong (404)"));
        assertThat(browser.find(By.cssSelector("main a")).getAttribute("href"), endsWith("/"));
    }

    // --- helpers -----------------------------------------------------------------------------------

    private void home() {
        browser.driver().get(base.toString());
        browser.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("ul.cards")));
    }

    /** Opens a procedure from the menu, as a player does. */
    private void open(String system, String procedure) {
        home();
        browser.find(By.cssSelector("#system-" + system + " a.procedure[data-procedure='" + procedure + "']")).click();
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("roll:odds")));
    }

    private void roll() {
        WebElement result = browser.byId("result");
        browser.replacing(result, () -> browser.byId("roll:roll-button").click());
    }

    private WebElement move(String id) {
        return browser.find(By.cssSelector(".move[data-move='" + id + "']"));
    }

    private void takeMove(String id) {
        WebElement result = browser.byId("result");
        browser.replacing(result, () -> move(id).findElement(By.cssSelector("input[type=submit]")).click());
    }

    private String oddsText() {
        return browser.byId("roll:odds").getText();
    }

    /** Types into an input of the roll's form and leaves it, which brings new odds. */
    private void type(String id, String text) {
        WebElement odds = browser.byId("roll:odds");
        browser.replacing(odds, () -> browser.byId(id).sendKeys(Keys.chord(Keys.CONTROL, "a"), text, Keys.TAB));
    }

    private void addRow(String groupId) {
        WebElement add = browser.find(By.cssSelector("[id='" + groupId + "'] > .dh-add"));
        browser.replacing(browser.byId("roll"), add::click);
        browser.until(d -> d.switchTo().activeElement().getTagName().equals("input"));
    }

    private void press(CharSequence... keys) {
        browser.driver().switchTo().activeElement().sendKeys(keys);
    }

    /** Presses Tab until the focused element matches, as a keyboard user would. */
    private void tabTo(Predicate<WebElement> wanted) {
        for (int i = 0; i < 300; i++) {
            WebElement active = browser.driver().switchTo().activeElement();
            if (wanted.test(active)) {
                return;
            }
            active.sendKeys(Keys.TAB);
        }
        throw new AssertionError("Tab never reached the element");
    }

    private List<String> unlabelledInputs() {
        @SuppressWarnings("unchecked")
        List<String> ids = (List<String>) browser.script("return Array.from(document.querySelectorAll("
                + "\"main input:not([type=hidden]):not([type=submit]):not([type=button]), main select\"))"
                + ".filter(function (e) { return e.labels.length === 0; }).map(function (e) { return e.id || e.name; });");
        return new ArrayList<>(ids);
    }

    private long horizontalOverflow() {
        return (Long) browser.script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
    }

    /** @return the elements that stick out on the right, to say why a page scrolls sideways */
    private String overflowing() {
        return String.valueOf(browser.script("var width = document.documentElement.clientWidth, out = [];"
                + "document.querySelectorAll('body *').forEach(function (e) {"
                + "  if (e.getBoundingClientRect().right > width + 1) { out.push(e.tagName + '.' + e.className); } });"
                + "return out.slice(0, 10).join(', ');"));
    }

    private void requireInstalled(String system) {
        List<String> ids = new Http(base).get("api/systems").json().getJsonArray("systems")
                .getValuesAs(JsonObject.class).stream().map(s -> s.getString("id")).toList();
        assertThat("the bundled system " + system + " is installed", ids, hasItem(system));
    }
}
