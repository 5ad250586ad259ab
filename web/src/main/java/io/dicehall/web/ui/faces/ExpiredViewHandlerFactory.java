package io.dicehall.web.ui.faces;

import jakarta.faces.context.ExceptionHandler;
import jakarta.faces.context.ExceptionHandlerFactory;

/** Installs {@link ExpiredViewHandler} (declared in faces-config.xml). */
public class ExpiredViewHandlerFactory extends ExceptionHandlerFactory {

    /** @param wrapped the factory it wraps */
    public ExpiredViewHandlerFactory(ExceptionHandlerFactory wrapped) {
        super(wrapped);
    }

    @Override
    public ExceptionHandler getExceptionHandler() {
        return new ExpiredViewHandler(getWrapped().getExceptionHandler());
    }
}
