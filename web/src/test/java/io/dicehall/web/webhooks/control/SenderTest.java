package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One post with the JDK's client: what each answer means, no redirect followed, a bounded wait. */
class SenderTest {

    private HttpServer server;
    private java.util.concurrent.ExecutorService threads;
    private final List<String> hits = new CopyOnWriteArrayList<>();
    private final CountDownLatch never = new CountDownLatch(1);

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            hits.add(path + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8) + " "
                    + exchange.getRequestHeaders().getFirst("X-Test"));
            switch (path) {
                case "/moved" -> {
                    exchange.getResponseHeaders().add("Location", url("/elsewhere"));
                    exchange.sendResponseHeaders(302, -1);
                }
                case "/slow" -> {
                    try {
                        never.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    exchange.sendResponseHeaders(204, -1);
                }
                case "/busy" -> {
                    exchange.getResponseHeaders().add("Retry-After", "2");
                    exchange.sendResponseHeaders(429, -1);
                }
                default -> exchange.sendResponseHeaders(204, -1);
            }
            exchange.close();
        });
        threads = java.util.concurrent.Executors.newCachedThreadPool();
        server.setExecutor(threads);
        server.start();
    }

    @AfterEach
    void stop() {
        never.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private final Sender sender = new Sender(Duration.ofSeconds(20), Duration.ofMillis(2000));

    @Test
    void postsTheBodyWithItsHeaders() {
        Sender.Answer answer = sender.post(url("/ok"), "{\"a\":1}", Map.of("X-Test", "yes"));
        assertThat(answer.status(), is(204));
        assertThat(answer.verdict(), is(Sender.Answer.Verdict.DELIVERED));
        assertThat(hits, is(List.of("/ok {\"a\":1} yes")));
    }

    @Test
    void aRedirectIsAnAnswerNeverFollowed() {
        Sender.Answer answer = sender.post(url("/moved"), "{}", Map.of());
        assertThat(answer.status(), is(302));
        assertThat(answer.verdict(), is(Sender.Answer.Verdict.REFUSED));
        assertThat(answer.describe(), containsString("never followed"));
        assertThat(hits.size(), is(1));
    }

    @Test
    void aRateLimitCarriesItsRetryAfter() {
        Sender.Answer answer = sender.post(url("/busy"), "{}", Map.of());
        assertThat(answer.describe(), answer.verdict(), is(Sender.Answer.Verdict.SLOW_DOWN));
        assertThat(answer.retryAfter(), is("2"));
    }

    @Test
    void aReceiverThatDoesNotAnswerIsLeftAfterTheReadTimeout() {
        Sender.Answer answer = sender.post(url("/slow"), "{}", Map.of());
        assertThat(answer.status(), is(0));
        assertThat(answer.verdict(), is(Sender.Answer.Verdict.TRY_AGAIN));
        assertThat(answer.describe(), containsString("no answer"));
    }

    @Test
    void nobodyListeningIsTriedAgainLater() throws Exception {
        int port;
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Sender.Answer answer = sender.post("http://127.0.0.1:" + port + "/x", "{}", Map.of());
        assertThat(answer.verdict(), is(Sender.Answer.Verdict.TRY_AGAIN));
    }

    @ParameterizedTest
    @CsvSource({"200, DELIVERED", "201, DELIVERED", "299, DELIVERED", "301, REFUSED", "308, REFUSED",
        "400, REFUSED", "401, REFUSED", "404, REFUSED", "410, REFUSED", "408, TRY_AGAIN", "425, TRY_AGAIN",
        "429, SLOW_DOWN", "500, TRY_AGAIN", "502, TRY_AGAIN", "503, TRY_AGAIN", "0, TRY_AGAIN"})
    void eachStatusMeans(int status, Sender.Answer.Verdict verdict) {
        assertThat(new Sender.Answer(status, null, status == 0 ? "no answer" : null).verdict(), is(verdict));
    }
}
