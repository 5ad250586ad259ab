package io.dicehall.web.ui.home;

import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.table.SeatCookies;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TablePage;
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
    Tables tables;

    @Inject
    TableKeys keys;

    @Inject
    SeatCookies cookies;

    private String name = "";
    private String gmName = "";
    private boolean verifiable;
    private String invite;
    private String problem = "";

    public void open() {
        String text = name == null ? "" : name.strip();
        if (text.isEmpty() || text.length() > NAME_LENGTH) {
            problem = Labels.current().get("open.name.invalid", NAME_LENGTH);
            return;
        }
        String gm = gmName == null ? "" : gmName.strip();
        if (gm.length() > TablePage.NAME_LENGTH) {
            problem = Labels.current().get("table.join.invalid", TablePage.NAME_LENGTH, gm.length());
            return;
        }
        problem = "";
        // The opener sits as the GM in the same step, under the name given.
        Tables.Created created = tables.create(text, verifiable, gm.isEmpty() ? null : gm);
        String id = created.table().id();
        keys.own(id, created.ownerKey());
        cookies.keep(id, SeatCookies.OWNER, created.ownerKey());
        Members.Joined seated = created.gmSeat();
        if (seated != null) {
            keys.join(id, seated.memberKey(), seated.member().name());
            cookies.keep(id, SeatCookies.MEMBER, seated.memberKey());
        }
        invite = Addresses.absolute(Addresses.table(id));
    }

    /** @return the name the opener sits at the table with, as its GM; empty to open it without sitting */
    public String getGmName() {
        return gmName;
    }

    public void setGmName(String gmName) {
        this.gmName = gmName;
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
