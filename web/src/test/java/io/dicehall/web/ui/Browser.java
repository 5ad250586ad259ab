package io.dicehall.web.ui;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium from Debian's packages, driven by Selenium without downloading anything: a fresh
 * profile, no network beyond the deployment's loopback address, explicit waits only.
 */
final class Browser implements AutoCloseable {

    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    private final Path profile;
    private final ChromeDriver driver;
    private boolean phone;

    private Browser(Path profile, ChromeDriver driver) {
        this.profile = profile;
        this.driver = driver;
    }

    static Browser start() {
        Path profile;
        try {
            profile = Files.createTempDirectory("dicehall-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            ChromeOptions options = new ChromeOptions();
            options.setBinary("/usr/bin/chromium");
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-default-apps", "--disable-extensions", "--window-size=1280,900",
                    "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File("/usr/bin/chromedriver")).build();
            ChromeDriver driver = new ChromeDriver(service, options);
            // Every page this window opens records what its content security policy refused.
            driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", WATCH_POLICY));
            return new Browser(profile, driver);
        } catch (RuntimeException failed) {
            delete(profile); // Chromium did not start: no profile left behind
            throw failed;
        }
    }

    WebDriver driver() {
        return driver;
    }

    WebDriverWait waiting() {
        return (WebDriverWait) new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(50))
                .ignoring(StaleElementReferenceException.class);
    }

    /**
     * Waits until {@code condition} gives something other than null or false. A page that Faces is
     * replacing (a navigation, or an Ajax update that redraws the element asked about) can make
     * Chromium answer that a node "does not belong to the document" or that the execution context
     * was destroyed, instead of Selenium's stale-element error: both mean "not yet", and the wait
     * asks again.
     */
    <T> T until(Function<WebDriver, T> condition) {
        return waiting().until(d -> orIfReplaced(() -> condition.apply(d), null));
    }

    /**
     * Whether {@code element} has left the page: Selenium's stale-element error, or Chromium's own
     * word for a node whose document has been replaced while it was being asked about.
     */
    static ExpectedCondition<Boolean> gone(WebElement element) {
        return ignored -> orIfReplaced(() -> {
            element.isEnabled();
            return false;
        }, true);
    }

    /** What {@code action} answers, or {@code ifReplaced} when the page replaced what it asked about. */
    private static <T> T orIfReplaced(Supplier<T> action, T ifReplaced) {
        try {
            return action.get();
        } catch (StaleElementReferenceException e) {
            return ifReplaced;
        } catch (WebDriverException e) {
            if (replaced(e)) {
                return ifReplaced;
            }
            throw e;
        }
    }

    private static boolean replaced(WebDriverException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("does not belong to the document") || message.contains("context was destroyed")
                || message.contains("Cannot find context with specified id") || message.contains("No node with given id");
    }

    WebElement find(By by) {
        return driver.findElement(by);
    }

    List<WebElement> all(By by) {
        return driver.findElements(by);
    }

    WebElement byId(String id) {
        return driver.findElement(By.id(id));
    }

    /**
     * The text of what {@code by} finds, read inside a wait: a live push may redraw that part of the
     * page between finding an element and reading it, and then it is found again.
     */
    String text(By by) {
        return until(d -> d.findElement(by).getText());
    }

    /** An attribute of what {@code by} finds, read inside a wait like {@link #text(By)}. */
    String attribute(By by, String name) {
        return until(d -> String.valueOf(d.findElement(by).getAttribute(name)));
    }

    /** How many elements {@code by} finds once the page holds still long enough to count them. */
    int count(By by) {
        return until(d -> d.findElements(by).size());
    }

    /**
     * Clicks what {@code by} finds; if a live push replaced it before the click landed, or something lay
     * over it (the click then never happened), finds it again and clicks that.
     */
    void click(By by) {
        until(d -> {
            WebElement element = d.findElement(by);
            try {
                element.click();
                return true;
            } catch (ElementClickInterceptedException covered) {
                // something fixed on the screen (a phone's sticky roll bar) lies over it: bring it to the middle
                script("arguments[0].scrollIntoView({block: 'center'});", element);
                return false;
            }
        });
    }

    /**
     * Does something that makes Faces replace {@code replaced} (an Ajax update), and waits until it
     * has been replaced.
     */
    void replacing(WebElement replaced, Runnable action) {
        action.run();
        until(gone(replaced));
    }

    Object script(String code, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(code, args);
    }

    /** A desktop window of this size, with no device emulation. */
    void desktop() {
        if (phone) {
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            phone = false;
        }
        driver.manage().window().setSize(DESKTOP);
    }

    /** A phone's screen ({@link #PHONE}, touch-sized, two device pixels per CSS pixel). */
    void phone() {
        emulate(PHONE.getHeight());
        phone = true;
    }

    private void emulate(int height) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", PHONE.getWidth(), "height", height, "deviceScaleFactor", 2, "mobile", true));
    }

    /** Saves a screenshot of the whole page (the window stretched to the page's height) as a PNG. */
    void screenshot(Path file) {
        Dimension size = driver.manage().window().getSize();
        int height = (int) Math.min((Long) script("return document.documentElement.scrollHeight") + 140, 8000);
        try {
            if (phone) {
                emulate(height);
            } else {
                driver.manage().window().setSize(new Dimension(size.getWidth(), height));
            }
            Files.createDirectories(file.getParent());
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (phone) {
                emulate(PHONE.getHeight());
            } else {
                driver.manage().window().setSize(size);
            }
        }
    }

    /** Saves a screenshot of what the window shows now, as a PNG. */
    void screenshotOfView(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Kept across the pages of one window (session storage): each refusal of the pages' content security policy,
     * with the directive, what was refused and where. The pages have no inline handler, style or unlisted inline
     * script, so there should be none.
     */
    private static final String WATCH_POLICY = "document.addEventListener('securitypolicyviolation', function (e) {"
            + " try { var seen = JSON.parse(sessionStorage.getItem('dh-policy') || '[]');"
            + " seen.push(e.violatedDirective + ' refused ' + (e.blockedURI || 'inline') + ' ' + (e.sample || '')"
            + " + ' on ' + location.pathname); sessionStorage.setItem('dh-policy', JSON.stringify(seen)); }"
            + " catch (x) { } });";

    /** @return what the content security policy refused in this window's pages so far (on the current origin) */
    List<String> policyViolations() {
        try {
            Object seen = script("try { return JSON.parse(sessionStorage.getItem('dh-policy') || '[]'); }"
                    + " catch (e) { return []; }");
            return seen instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
        } catch (WebDriverException gone) {
            return List.of();
        }
    }

    /**
     * Closes the window; fails when the content security policy refused anything on its pages (a page that relies
     * on an inline handler, style or script the policy does not allow is a page that does not work).
     */
    @Override
    public void close() {
        List<String> refused;
        try {
            refused = policyViolations();
            driver.quit();
        } finally {
            delete(profile);
        }
        if (!refused.isEmpty()) {
            throw new AssertionError("The content security policy refused: " + refused);
        }
    }

    private static void delete(Path profile) {
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // the temporary profile is left behind; nothing depends on it
        }
    }
}
