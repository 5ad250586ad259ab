package io.dicehall.web.ui;

import io.dicehall.web.tables.control.TableService;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;

/** "Open a table" on the home page: opens it, keeps its owner key in the session and shows the invite link. */
@Named
@ViewScoped
public class OpenTable implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest table name, as the API allows. */
    static final int NAME_LENGTH = 200;

    @Inject
    TableService tables;

    @Inject
    TableKeys keys;

    private String name = "";
    private boolean verifiable;
    private String invite;
    private String problem = "";

    public void open() {
        String text = name == null ? "" : name.strip();
        if (text.isEmpty() || text.length() > NAME_LENGTH) {
            problem = Labels.current().get("open.name.invalid", NAME_LENGTH);
            return;
        }
        problem = "";
        TableService.Created created = tables.create(text, verifiable);
        keys.own(created.table().id(), created.ownerKey());
        invite = Addresses.absolute(Addresses.table(created.table().id()));
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public boolean isVerifiable() {
        return verifiable;
    }

    public void setVerifiable(boolean verifiable) {
        this.verifiable = verifiable;
    }

    /** @return the invite link of the table just opened, or null */
    public String getInvite() {
        return invite;
    }

    public String getProblem() {
        return problem;
    }
}
