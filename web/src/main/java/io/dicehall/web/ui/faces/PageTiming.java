package io.dicehall.web.ui.faces;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.logging.Logger;

/**
 * For the page benchmarks only, off unless the server runs with {@code -Ddicehall.page-timing=true}: logs
 * each page request's server time and the processor time of its thread, with what the request was for (the
 * Faces component that sent an Ajax request, or the page). Processor time tells how much work a request is,
 * however busy the machine is with other things, where a browser's clock does not.
 */
@WebFilter(urlPatterns = "*.xhtml", dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.FORWARD})
public class PageTiming extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(PageTiming.class.getName());
    private static final boolean ON = Boolean.getBoolean("dicehall.page-timing");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static final String MARKS = PageTiming.class.getName();

    /** A timed request's start, and the points it has passed ({@link #mark}). */
    private static final class Marks {
        final long wall = System.nanoTime();
        final long cpu = THREADS.getCurrentThreadCpuTime();
        final StringBuilder passed = new StringBuilder();

        String since() {
            return String.format("cpu=%.2f ms wall=%.2f ms", (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6,
                    (System.nanoTime() - wall) / 1e6);
        }
    }

    /**
     * Notes, when requests are timed, that a request has come to a point (e.g. "sent": its answer's first part has
     * left): the line logged for it then tells the processor and server times up to there, as {@code sent:cpu=…}.
     */
    public static void mark(Object request, String point) {
        if (ON && request instanceof ServletRequest r && r.getAttribute(MARKS) instanceof Marks marks) {
            marks.passed.append(' ').append(point).append(':').append(marks.since());
        }
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!ON) {
            chain.doFilter(request, response);
            return;
        }
        Marks marks = new Marks();
        request.setAttribute(MARKS, marks);
        try {
            chain.doFilter(request, response);
        } finally {
            // Read after the page has run: reading parameters first would fix their encoding before Faces does.
            String source = request.getParameter("jakarta.faces.source");
            if (source == null && request.getParameter("dh-do") != null) {
                source = "play:" + request.getParameter("dh-do"); // a table's play posted on its own
            }
            LOG.info(String.format("page-timing %s %s %s%s", request.getServletPath(),
                    source == null ? request.getMethod() : source, marks.since(), marks.passed));
        }
    }
}
