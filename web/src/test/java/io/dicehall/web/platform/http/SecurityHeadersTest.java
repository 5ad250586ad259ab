package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasEntry;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every answer carries the security headers; nothing passed on names the server's product. */
class SecurityHeadersTest {

    /** A response that records the headers set on it. */
    private static HttpServletResponse recording(Map<String, String> headers) {
        return (HttpServletResponse) Proxy.newProxyInstance(SecurityHeadersTest.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    if (method.getName().equals("setHeader") || method.getName().equals("addHeader")) {
                        headers.put((String) args[0], (String) args[1]);
                    }
                    return null;
                });
    }

    @Test
    void setsTheHeadersAndWithholdsTheProductName() throws Exception {
        var headers = new LinkedHashMap<String, String>();
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getRequestURI" -> "/api/ping";
                    case "getContextPath" -> "";
                    default -> null;
                });
        FilterChain application = (req, res) -> {
            var answer = (HttpServletResponse) res;
            answer.setHeader("Server", "Payara Server 6");
            answer.addHeader("x-powered-by", "Servlet/6.0");
            answer.setHeader("Cache-Control", "no-store");
        };
        new SecurityHeaders().doFilter(request, recording(headers), application);
        assertThat(headers, hasEntry("X-Content-Type-Options", "nosniff"));
        assertThat(headers, hasEntry("Referrer-Policy", "no-referrer"));
        assertThat(headers, hasEntry("Content-Security-Policy", SecurityHeaders.POLICY));
        assertThat(SecurityHeaders.POLICY, not(containsString("unsafe")));
        assertThat(headers, hasEntry("X-Frame-Options", "DENY"));
        assertThat(headers, hasEntry("Cache-Control", "no-store"));
        assertThat(headers.containsKey("Server"), is(false));
        assertThat(headers.containsKey("x-powered-by"), is(false));
        assertThat(SecurityHeaders.HEADERS, not(anEmptyMap()));
    }

    static class Operations {
        @Consumes(MediaType.APPLICATION_JSON)
        public void json() {
        }

        public void undeclared() {
        }

        @Consumes("text/plain")
        public void text() {
        }
    }

    @Test
    void aBodyWithoutTypeIsRefusedWhereJsonIsRead() throws Exception {
        assertThat(JsonContentType.readsJson(Operations.class.getMethod("json")), is(true));
        assertThat(JsonContentType.readsJson(Operations.class.getMethod("undeclared")), is(true));
        assertThat(JsonContentType.readsJson(Operations.class.getMethod("text")), is(false));
        assertThat(JsonContentType.readsJson(null), is(false));
        assertThat(JsonContentType.refusal().status(), is(415));
        assertThat(JsonContentType.refusal().type(), is("/problems/unsupported-media-type"));
    }
}
