package io.dicehall.web.ui.faces;

import jakarta.faces.context.FacesContext;
import jakarta.faces.context.ResponseWriter;
import jakarta.faces.context.ResponseWriterWrapper;
import jakarta.faces.render.RenderKit;
import jakarta.faces.render.RenderKitFactory;
import jakarta.faces.render.RenderKitWrapper;
import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Locale;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pages without inline event handlers, so that their content security policy needs no {@code 'unsafe-inline'}.
 * Faces writes an Ajax behaviour ({@code <f:ajax>}) as an inline handler, {@code onclick="mojarra.ab(this,event,
 * 'action','@form','head');return false"}; every response writer of the pages writes it instead as data,
 * {@code data-dh-on-click='{"e":"action","x":"@form","r":"head","p":true}'}, which {@code dicehall.js} plays with
 * the same call from one listener per kind of event (the behaviour's event, what to execute and render, and
 * whether the element's own action is prevented, as {@code return false} did). Partial responses are written by
 * the same writers, so a part redrawn by Ajax carries no handler either. A handler of any other shape is written
 * as it was, and logged: the policy then refuses it, which the browser tests report.
 */
public class HandlerFreeMarkup extends RenderKitFactory {

    private static final Logger LOG = Logger.getLogger(HandlerFreeMarkup.class.getName());

    /** Faces' own call for an Ajax behaviour: source, event, behaviour event, execute, render, then maybe return false. */
    private static final Pattern BEHAVIOUR = Pattern.compile(
            "mojarra\\.ab\\((this|'[^'\\\\]*'),event,'([^'\\\\]*)',('[^'\\\\]*'|0),('[^'\\\\]*'|0)\\)(;return false)?;?");

    /** @param wrapped the factory of the render kits this one wraps */
    public HandlerFreeMarkup(RenderKitFactory wrapped) {
        super(wrapped);
    }

    @Override
    public RenderKit getRenderKit(FacesContext context, String renderKitId) {
        RenderKit kit = getWrapped().getRenderKit(context, renderKitId);
        return kit == null ? null : new Kit(kit);
    }

    @Override
    public void addRenderKit(String renderKitId, RenderKit renderKit) {
        getWrapped().addRenderKit(renderKitId, renderKit);
    }

    @Override
    public Iterator<String> getRenderKitIds() {
        return getWrapped().getRenderKitIds();
    }

    /** A render kit whose response writers write behaviours as data. */
    static final class Kit extends RenderKitWrapper {

        Kit(RenderKit wrapped) {
            super(wrapped);
        }

        @Override
        public ResponseWriter createResponseWriter(Writer writer, String contentTypes, String encoding) {
            return new DataWriter(getWrapped().createResponseWriter(writer, contentTypes, encoding));
        }
    }

    /** A response writer that writes an inline Ajax behaviour as a data attribute. */
    static final class DataWriter extends ResponseWriterWrapper {

        DataWriter(ResponseWriter wrapped) {
            super(wrapped);
        }

        @Override
        public void writeAttribute(String name, Object value, String property) throws IOException {
            String data = asData(name, value);
            if (data == null) {
                super.writeAttribute(name, value, property);
            } else {
                super.writeAttribute("data-dh-on-" + name.substring(2).toLowerCase(Locale.ROOT), data, null);
            }
        }

        @Override
        public ResponseWriter cloneWithWriter(Writer writer) {
            return new DataWriter(getWrapped().cloneWithWriter(writer));
        }
    }

    /**
     * @param name an attribute's name
     * @param value its value
     * @return the behaviour an inline handler calls, as the JSON {@code dicehall.js} reads; null for any other
     *     attribute
     */
    static String asData(String name, Object value) {
        if (name == null || !name.startsWith("on") || name.length() < 3 || !(value instanceof String script)) {
            return null;
        }
        Matcher call = BEHAVIOUR.matcher(script.strip());
        if (!call.matches()) {
            LOG.warning(() -> "An inline " + name + " handler of an unknown shape is written as it is: " + script);
            return null;
        }
        return "{" + (call.group(1).equals("this") ? "" : "\"s\":" + json(call.group(1)) + ",")
                + "\"e\":" + json(call.group(2)) + ",\"x\":" + json(call.group(3)) + ",\"r\":" + json(call.group(4))
                + ",\"p\":" + (call.group(5) != null) + "}";
    }

    /** @return a quoted argument of Faces' call as a JSON string, or null for its 0 (none) */
    private static String json(String argument) {
        if (argument.equals("0")) {
            return "null";
        }
        String text = argument.startsWith("'") ? argument.substring(1, argument.length() - 1) : argument;
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
