package io.dicehall.web.ui;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.dicehall.web.it.Deployments;
import io.dicehall.web.it.Http;
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
import org.openqa.selenium.ElementNotInteractableException;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * Tables in two separate headless Chromium sessions on the real WAR: opening a table and its invite link,
 * joining, the live log pushed over the websocket without reloading, who sees a GM-only roll, escaped
 * names, closing a verifiable table, and an unknown table. Saves {@code docs/screenshots/table.png}.
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
    void twoBrowsersShareATableLive() throws Exception {
        try (Browser a = Browser.start(); Browser b = Browser.start()) {
            // A opens a verifiable table: the invite link is absolute, and the owner key stays in A's session.
            a.driver().get(base.toString());
            a.until(ExpectedConditions.presenceOfElementLocated(By.id("open:name")));
            a.byId("open:name").sendKeys("Friday <b>group</b>");
            a.byId("open:verifiable").click();
            a.byId("open:open-button").click();
            WebElement inviteField = a.until(ExpectedConditions.presenceOfElementLocated(By.id("invite")));
            String invite = inviteField.getAttribute("value");
            assertThat(invite, startsWith(base.toString()));
            assertThat(invite, containsString("table.xhtml?t="));
            String tableId = invite.substring(invite.indexOf("t=") + 2);
            a.find(By.cssSelector("button[data-copy='invite']")).click();
            assertThat(a.find(By.cssSelector("button[data-copy='invite']")).getAttribute("data-copied"), is("true"));

            a.driver().get(invite);
            a.until(ExpectedConditions.presenceOfElementLocated(By.id("owner:close")));
            assertThat(a.byId("table-name").getText(), is("Friday <b>group</b>"));
            String commitment = a.byId("commitment").getText();
            assertThat(commitment.length(), is(64));
            Cookie ownerSession = a.driver().manage().getCookieNamed("JSESSIONID");

            // A, now a plain player in a fresh session (not the owner), joins as Ada.
            a.driver().manage().deleteAllCookies();
            a.driver().get(invite);
            assertThat(a.all(By.id("owner:close")).isEmpty(), is(true));
            join(a, "Ada");

            // B, a second, separate browser, opens the invite and joins with an HTML name: shown as text.
            b.driver().get(invite);
            assertThat(b.byId("table-name").getText(), is("Friday <b>group</b>"));
            join(b, "<i>Bob</i>");
            assertThat(b.all(By.cssSelector(".member-list .member")).stream().map(WebElement::getText).toList(),
                    hasItem("<i>Bob</i> (you)"));

            // A rolls in public: it shows in B's log without B reloading.
            roll(a, "public");
            a.until(d -> seqs(a).contains("1"));
            b.until(d -> seqs(b).contains("1"));
            // The log is re-rendered by every push, so each read retries if its element was just replaced.
            assertThat(b.until(d -> d.findElement(By.cssSelector(".log-entry[data-seq='1'] .roller")).getText()),
                    is("Ada"));

            // B rolls for the GM only, then in public: A hears of both, but sees only the public one.
            roll(b, "gm");
            b.until(d -> seqs(b).contains("2"));
            assertThat(b.until(d -> d.findElement(By.cssSelector(".log-entry[data-seq='2']")).getAttribute("data-visibility")),
                    is("gm"));
            roll(b, "public");
            b.until(d -> seqs(b).contains("3"));
            a.until(d -> seqs(a).contains("3"));
            assertThat(seqs(a), equalTo(List.of("3", "1")));
            assertThat(a.until(d -> d.findElement(By.cssSelector(".log-entry[data-seq='3'] .roller")).getText()),
                    is("<i>Bob</i>"));
            assertThat(a.driver().getPageSource(), not(containsString("<i>Bob</i></span>")));

            // Expanding an entry shows its dice and steps.
            b.until(d -> {
                d.findElement(By.cssSelector(".log-entry[data-seq='1'] summary")).click();
                return true;
            });
            assertThat(b.until(d -> d.findElement(By.cssSelector(".log-entry[data-seq='1'] .steps li")).isDisplayed()),
                    is(true));

            // A rolls another procedure and makes a move on it: B sees the move arrive; only A may move.
            a.find(By.cssSelector(".procedure-choice summary")).click();
            a.find(By.cssSelector("a.procedure[data-procedure='fate-condensed/overcome']")).click();
            a.until(ExpectedConditions.presenceOfElementLocated(By.id("roll:roll-button")));
            roll(a, "public");
            a.until(d -> seqs(a).contains("4"));
            b.until(d -> seqs(b).contains("4"));
            assertThat(b.all(By.cssSelector(".log-entry[data-seq='4'] .move")).isEmpty(), is(true));
            // A live refresh of the log may land at any moment and fold the entry up again: open it,
            // fill the move in and send it in one retried step (a click that finds the button hidden
            // sends nothing, so a retry never makes the move twice).
            a.waiting().ignoring(ElementNotInteractableException.class).until(d -> {
                WebElement entry = d.findElement(By.cssSelector(".log-entry[data-seq='4']"));
                if (entry.getAttribute("open") == null) {
                    entry.findElement(By.tagName("summary")).click();
                }
                WebElement aspect = entry.findElement(By.id("mv-invoke_aspect"));
                if (aspect.getAttribute("value").isEmpty()) {
                    aspect.sendKeys("Quick <i>Reflexes</i>");
                }
                entry.findElement(By.cssSelector(".move[data-move='invoke'] input[type=submit]")).click();
                return true;
            });
            a.until(d -> steps(a, "4").size() == 2);
            b.until(d -> steps(b, "4").size() == 2);
            assertThat(steps(b, "4").get(1), containsString("Quick <i>Reflexes</i>"));

            // The owner sees the GM-only roll.
            a.driver().manage().deleteAllCookies();
            a.driver().manage().addCookie(ownerSession);
            a.driver().get(invite);
            a.until(ExpectedConditions.presenceOfElementLocated(By.id("owner:close")));
            assertThat(seqs(a), equalTo(List.of("4", "3", "2", "1")));
            a.find(By.cssSelector(".log-entry[data-seq='2'] summary")).click();
            a.screenshot(SCREENSHOTS.resolve("table.png"));

            // The owner closes it: the seed matches the commitment, with a link to the verification.
            WebElement close = a.byId("owner:close");
            a.replacing(close, close::click);
            String seed = a.until(ExpectedConditions.presenceOfElementLocated(By.id("seed"))).getText();
            assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(HexFormat.of().parseHex(seed))),
                    is(commitment));
            assertThat(a.byId("verification").getAttribute("href"), endsWith("/api/tables/" + tableId + "/verification"));
            assertThat(a.byId("closed-notice").getText(), containsString("closed"));

            // A stranger with a wrong id: a friendly 404 with no details.
            String wrong = "table.xhtml?t=" + "0".repeat(tableId.length());
            b.driver().get(base + wrong);
            assertThat(b.find(By.tagName("h1")).getText(), is("No such table"));
            assertThat(new Http(base).get(wrong).status(), is(404));
            assertThat(new Http(base).get("table.xhtml?t=%3Cscript%3E").status(), is(404));
            assertThat(new Http(base).get("table.xhtml?t=" + tableId).body(), not(containsString("Friday <b>")));
        }
    }

    private static void join(Browser browser, String name) {
        browser.until(ExpectedConditions.presenceOfElementLocated(By.id("join:name"))).sendKeys(name);
        browser.byId("join:join-button").click();
        assertThat(browser.until(ExpectedConditions.presenceOfElementLocated(By.id("my-name"))).getText(), is(name));
    }

    private static void roll(Browser browser, String visibility) {
        browser.find(By.cssSelector("input[name='roll:visibility'][value='" + visibility + "']")).click();
        WebElement log = browser.byId("log");
        browser.replacing(log, () -> browser.byId("roll:roll-button").click());
    }

    /** @return the steps of one roll in the browser's log, shown or folded away */
    private static List<String> steps(Browser browser, String seq) {
        return browser.all(By.cssSelector(".log-entry[data-seq='" + seq + "'] .steps li")).stream()
                .map(e -> e.getAttribute("textContent")).toList();
    }

    /** @return the sequence numbers in the browser's log, as shown: newest first */
    private static List<String> seqs(Browser browser) {
        return browser.all(By.cssSelector(".log-entry")).stream().map(e -> e.getAttribute("data-seq")).toList();
    }
}
