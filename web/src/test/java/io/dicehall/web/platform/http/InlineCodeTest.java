package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A page's policy allows exactly its own inline scripts, by hash; other answers pass through untouched. */
class InlineCodeTest {

    /** A response that keeps its headers, content type and body. */
    private static final class Recorded {
        final Map<String, String> headers = new HashMap<>();
        final StringWriter body = new StringWriter();
        final PrintWriter writer = new PrintWriter(body);
        String type;
        int flushes;

        HttpServletResponse response() {
            return (HttpServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> switch (method.getName()) {
                        case "setHeader", "addHeader" -> headers.put((String) args[0], (String) args[1]);
                        case "setContentType" -> type = (String) args[0];
                        case "getContentType" -> type;
                        case "getCharacterEncoding" -> "UTF-8";
                        case "getWriter" -> writer;
                        case "isCommitted" -> false;
                        case "flushBuffer" -> flushes++;
                        default -> null;
                    });
        }
    }

    private static Recorded answer(String uri, String type, String body) throws Exception {
        return answer(uri, null, type, body);
    }

    /** @param destination the request's {@code Sec-Fetch-Dest}, or null when the browser does not say */
    private static Recorded answer(String uri, String destination, String type, String body) throws Exception {
        Recorded recorded = new Recorded();
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(InlineCodeTest.class
                .getClassLoader(), new Class<?>[] {HttpServletRequest.class}, new java.lang.reflect.InvocationHandler() {
                    private final Map<String, Object> attributes = new HashMap<>();

                    @Override
                    public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) {
                        return switch (method.getName()) {
                            case "getRequestURI" -> uri;
                            case "getHeader" -> "Sec-Fetch-Dest".equals(args[0]) ? destination : null;
                            case "getContextPath" -> "";
                            case "getAttribute" -> attributes.get((String) args[0]);
                            case "setAttribute" -> attributes.put((String) args[0], args[1]);
                            case "isAsyncStarted" -> false;
                            default -> null;
                        };
                    }
                });
        FilterChain page = (req, res) -> {
            res.setContentType(type);
            res.getWriter().write(body);
            res.flushBuffer(); // held back all the same: the policy is not known yet
        };
        new SecurityHeaders().doFilter(request, recorded.response(), page);
        recorded.writer.flush();
        return recorded;
    }

    private static String hash(String script) throws Exception {
        return "'sha256-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(script.getBytes(StandardCharsets.UTF_8))) + "'";
    }

    @Test
    void aPageAllowsItsOwnInlineScriptsByHashAndNoOther() throws Exception {
        String socket = "faces.push.init('live:socket','/push?t=é',function () { dhLiveOpened(); });";
        String command = "var dhCatchUp=function(o){mojarra.cs(this,o);}";
        String page = "<html><head><script src=\"/faces.js\"></script></head><body><script type=\"text/javascript\">"
                + socket + "</script><SCRIPT>" + command + "</SCRIPT><script src='/dicehall.js'></script></body></html>";
        Recorded recorded = answer("/tables/abc", "text/html;charset=UTF-8", page);
        assertThat(recorded.body.toString(), equalTo(page));
        String policy = recorded.headers.get("Content-Security-Policy");
        assertThat(policy, containsString("script-src 'self' " + hash(socket) + " " + hash(command) + ";"));
        assertThat(policy, not(containsString("unsafe")));
        assertThat(InlineCode.hashes(page), contains(hash(socket), hash(command)));
    }

    @Test
    void anAnswerNotWrittenThroughItIsNeverHeldBack() throws Exception {
        // A socket's handshake answers 101 and flushes without writing a page: the flush must reach the client.
        Recorded handshake = new Recorded();
        InlineCode answer = new InlineCode(handshake.response());
        answer.flushBuffer();
        assertThat(handshake.flushes, is(1));
        Recorded page = new Recorded();
        InlineCode held = new InlineCode(page.response());
        held.setContentType("text/html");
        held.getWriter().write("<p>x</p>");
        held.flushBuffer();
        assertThat("a page is held back until it is whole", page.flushes, is(0));
    }

    @Test
    void anAnswerAScriptFetchesIsSentAsItIsWritten() throws Exception {
        // A roll's answer at a table sends its card before its moves: the flush between them must reach the browser.
        String parts = "<template data-dh-part=\"yours\"><p>card</p></template>";
        Recorded fetched = answer("/tables/abc/play", "empty", "text/html", parts);
        assertThat("a fetch's flush reaches the client", fetched.flushes, is(1));
        assertThat(fetched.body.toString(), equalTo(parts));
        assertThat(fetched.headers.get("Content-Security-Policy"), equalTo(SecurityHeaders.POLICY));
        Recorded shown = answer("/tables/abc/play", "document", "text/html", parts);
        assertThat("a page opened as a document is held back until whole", shown.flushes, is(0));
        assertThat(shown.body.toString(), equalTo(parts));
        assertThat("as is one from a browser that does not say", answer("/tables/abc/play", null, "text/html", parts)
                .flushes, is(0));
    }

    @Test
    void aPagesOwnStyleIsAllowedByItsHashToo() throws Exception {
        String style = "body{font-family:system-ui}";
        Recorded recorded = answer("/error", "text/html", "<head><style>" + style + "</style></head><p>Not found</p>");
        String policy = recorded.headers.get("Content-Security-Policy");
        assertThat(policy, containsString("style-src 'self' " + hash(style) + ";"));
        assertThat(policy, containsString("script-src 'self';"));
    }

    @Test
    void aPageWithoutInlineScriptsAndOtherAnswersKeepThePlainPolicy() throws Exception {
        assertThat(InlineCode.hashes("<p>no script</p><script src=\"/x.js\"></script>"), is(empty()));
        Recorded plain = answer("/", "text/html", "<p>Hello</p>");
        assertThat(plain.headers.get("Content-Security-Policy"), equalTo(SecurityHeaders.POLICY));
        assertThat(plain.body.toString(), equalTo("<p>Hello</p>"));
        String xml = "<partial-response><changes><update id=\"a\"><![CDATA[<script>x()</script>]]></update>"
                + "</changes></partial-response>";
        Recorded partial = answer("/table.xhtml", "text/xml", xml);
        assertThat(partial.headers.get("Content-Security-Policy"), equalTo(SecurityHeaders.POLICY));
        assertThat(partial.body.toString(), equalTo(xml));
        Recorded api = answer("/api/ping", "application/json", "{\"ok\":true}");
        assertThat(api.headers.get("Content-Security-Policy"), equalTo(SecurityHeaders.POLICY));
        assertThat(api.body.toString(), equalTo("{\"ok\":true}"));
    }
}
