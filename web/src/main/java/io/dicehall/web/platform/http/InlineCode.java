package io.dicehall.web.platform.http;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page's answer held back until it is whole, so that its content security policy can allow exactly the inline
 * scripts and styles it holds, by their SHA-256 hashes, and no other. Faces writes a few inline scripts of its own
 * (the live socket's start, the command scripts), whose text changes from page to page, and the error page carries
 * its own small style; with their hashes in the policy, neither {@code script-src} nor {@code style-src} needs
 * {@code 'unsafe-inline'}. Only HTML is held back (decided when the answer is first written, by its content type):
 * JSON, event streams and Faces' partial answers pass straight through.
 */
final class InlineCode extends HttpServletResponseWrapper {

    /** An inline script: a script element without {@code src}, and its text. */
    private static final Pattern SCRIPT = element("script");
    /** An inline style: a style element and its text. */
    private static final Pattern STYLE = element("style");
    private static final Pattern SOURCE = Pattern.compile("\\ssrc\\s*=", Pattern.CASE_INSENSITIVE);

    private final CharArrayWriter chars = new CharArrayWriter();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private PrintWriter writer;
    private ServletOutputStream stream;
    private boolean passing;

    InlineCode(HttpServletResponse response) {
        super(response);
    }

    /** @return whether this answer is held back: HTML, and not yet passed through */
    private boolean holding() {
        if (!passing && writer == null && stream == null) {
            String type = getContentType();
            passing = type == null || !type.toLowerCase(Locale.ROOT).startsWith("text/html");
        }
        return !passing;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (!holding()) {
            return super.getWriter();
        }
        if (writer == null) {
            writer = new PrintWriter(chars);
        }
        return writer;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (!holding()) {
            return super.getOutputStream();
        }
        if (stream == null) {
            stream = new ServletOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    bytes.write(b, off, len);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    throw new IllegalStateException("a page's answer is written at once");
                }
            };
        }
        return stream;
    }

    /** @return whether what is written is being held back now */
    private boolean held() {
        return !passing && (writer != null || stream != null);
    }

    @Override
    public void flushBuffer() throws IOException {
        if (!held()) {
            super.flushBuffer();
        }
    }

    @Override
    public void resetBuffer() {
        chars.reset();
        bytes.reset();
        super.resetBuffer();
    }

    @Override
    public void reset() {
        chars.reset();
        bytes.reset();
        super.reset();
    }

    @Override
    public void setContentLength(int length) {
        if (!held()) {
            super.setContentLength(length);
        }
    }

    @Override
    public void setContentLengthLong(long length) {
        if (!held()) {
            super.setContentLengthLong(length);
        }
    }

    /**
     * Sends what was held back, with the policy allowing its inline scripts.
     *
     * @param policy the policy every answer carries, whose {@code script-src} gets the hashes
     */
    void finish(String policy) throws IOException {
        if (passing || (writer == null && stream == null)) {
            return;
        }
        if (writer != null) {
            writer.flush();
            String page = chars.toString();
            allow(policy, page);
            HttpServletResponse response = (HttpServletResponse) getResponse();
            response.getWriter().write(page);
        } else {
            Charset charset = Charset.forName(getCharacterEncoding() == null ? "UTF-8" : getCharacterEncoding());
            allow(policy, bytes.toString(charset));
            bytes.writeTo(getResponse().getOutputStream());
        }
    }

    private void allow(String policy, String page) {
        String allowed = policy;
        Set<String> scripts = hashes(SCRIPT, page);
        if (!scripts.isEmpty()) {
            allowed = allowed.replace("script-src 'self'", "script-src 'self' " + String.join(" ", scripts));
        }
        Set<String> styles = hashes(STYLE, page);
        if (!styles.isEmpty()) {
            allowed = allowed.replace("style-src 'self'", "style-src 'self' " + String.join(" ", styles));
        }
        if (!allowed.equals(policy)) {
            setHeader("Content-Security-Policy", allowed);
        }
    }

    private static Pattern element(String name) {
        return Pattern.compile("<" + name + "(\\s[^>]*)?>([\\s\\S]*?)</" + name + "\\s*>", Pattern.CASE_INSENSITIVE);
    }

    /** @return the CSP source of each inline script's text in the page, {@code 'sha256-…'}, each once */
    static Set<String> hashes(String page) {
        return hashes(SCRIPT, page);
    }

    /** @return the CSP source of the text of each element {@code kind} finds (none with a {@code src}), each once */
    private static Set<String> hashes(Pattern kind, String page) {
        var hashes = new LinkedHashSet<String>();
        Matcher found = kind.matcher(page);
        while (found.find()) {
            if (found.group(1) == null || !SOURCE.matcher(found.group(1)).find()) {
                hashes.add("'sha256-" + Base64.getEncoder().encodeToString(sha256(found.group(2))) + "'");
            }
        }
        return hashes;
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
