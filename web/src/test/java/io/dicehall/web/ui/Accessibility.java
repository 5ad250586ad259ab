package io.dicehall.web.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A standard accessibility audit in the browser: axe-core (from npm; the build fetches it, see the web
 * module's POM) run on the page as it stands, against WCAG 2.1 A and AA and axe's best practices. A page
 * passes when axe finds no violation at all.
 */
final class Accessibility {

    private final Browser browser;
    private final String axe;

    Accessibility(Browser browser) {
        this.browser = browser;
        String where = System.getProperty("dicehall.axe");
        if (where == null || !Files.isRegularFile(Path.of(where))) {
            fail("axe-core is needed for the accessibility audit: the build fetches it from the npm registry into "
                    + where + " (see web/pom.xml); it is not there");
        }
        try {
            axe = Files.readString(Path.of(where));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs the audit on the page as it is now and fails listing every violation and where it is. */
    @SuppressWarnings("unchecked")
    void assertClean(String page) {
        browser.script(axe);
        Object found = browser.driver() instanceof org.openqa.selenium.JavascriptExecutor js
                ? js.executeAsyncScript("var done = arguments[arguments.length - 1];"
                        + "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',"
                        + " 'best-practice']}}).then(function (r) { done(r.violations.map(function (v) {"
                        + " return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {"
                        + " return n.target.join(' '); })}; })); }, function (e) { done([{id: 'axe-error', help: String(e),"
                        + " nodes: []}]); });")
                : null;
        List<Map<String, Object>> violations = (List<Map<String, Object>>) found;
        assertTrue(violations != null && violations.isEmpty(), page + ": the accessibility audit found "
                + (violations == null ? "nothing to report (axe did not run)" : violations.size() + " kind(s) of violation: "
                        + String.join("\n", violations.stream().map(v -> v.get("id") + " (" + v.get("impact") + "): "
                                + v.get("help") + " at " + v.get("nodes")).toList())));
    }
}
