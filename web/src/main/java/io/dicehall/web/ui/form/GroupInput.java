package io.dicehall.web.ui.form;

import io.dicehall.api.form.GroupField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A repeated group of fields, such as the participants of a Group Check: rows the player adds and
 * removes within the declared bounds. Rows may hold groups of their own.
 */
public final class GroupInput extends FieldInput {

    private static final long serialVersionUID = 1L;

    private final int minRows;
    private final int maxRows;
    private final int defaultRows;
    private final List<FieldInput> template;
    private final List<RowInput> rows = new ArrayList<>();

    GroupInput(GroupField field) {
        super(field);
        minRows = field.minRows();
        maxRows = field.maxRows();
        defaultRows = field.defaultRows();
        template = field.fields().fields().stream().map(FieldInput::of).toList();
        resetRows();
    }

    private GroupInput(GroupInput other) {
        super(other);
        minRows = other.minRows;
        maxRows = other.maxRows;
        defaultRows = other.defaultRows;
        template = other.template.stream().map(FieldInput::fresh).toList();
        resetRows();
    }

    private void resetRows() {
        rows.clear();
        for (int i = 0; i < defaultRows; i++) {
            rows.add(newRow());
        }
        renumber();
    }

    private RowInput newRow() {
        return new RowInput(template.stream().map(FieldInput::fresh).toList());
    }

    private void renumber() {
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i).place(getPath(), getId(), i);
        }
    }

    @Override
    void place(String parentPath, String parentId) {
        super.place(parentPath, parentId);
        renumber();
    }

    @Override
    FieldInput fresh() {
        return new GroupInput(this);
    }

    @Override
    Object raw() {
        return rows.stream().map(RowInput::raw).toList();
    }

    /**
     * Reads the rows' values. When the form is read without the page that drew it (a roll posted on its own), the
     * posted count of rows ({@code <id>-rows}) says how many there are, within the group's bounds.
     */
    @Override
    void read(Map<String, String[]> params) {
        String[] sent = params.get(getId() + "-rows");
        if (sent != null && sent.length == 1 && sent[0].matches("[0-9]{1,4}")) {
            int wanted = Math.max(minRows, Math.min(maxRows, Integer.parseInt(sent[0])));
            while (rows.size() < wanted) {
                rows.add(newRow());
            }
            while (rows.size() > wanted) {
                rows.remove(rows.size() - 1);
            }
            renumber();
        }
        rows.forEach(r -> r.read(params));
    }

    @Override
    void fill(Object filled) {
        if (filled instanceof List<?> list) {
            rows.clear();
            for (Object row : list.subList(0, Math.min(list.size(), maxRows))) {
                RowInput input = newRow();
                if (row instanceof Map<?, ?> values) {
                    input.fill(values);
                }
                rows.add(input);
            }
            renumber();
        }
    }

    @Override
    FieldInput find(String violationPath) {
        if (!covers(violationPath)) {
            return null;
        }
        for (RowInput row : rows) {
            FieldInput found = row.find(violationPath);
            if (found != null) {
                return found;
            }
        }
        return this;
    }

    @Override
    void clearMessages() {
        super.clearMessages();
        rows.forEach(RowInput::clearMessages);
    }

    /** Adds a row of defaults at the end, if the group has room. */
    public void add() {
        if (isAddable()) {
            rows.add(newRow());
            renumber();
        }
    }

    /** Removes a row, if the group keeps enough. */
    public void remove(RowInput row) {
        if (isRemovable()) {
            rows.remove(row);
            renumber();
        }
    }

    @Override
    public String getKind() {
        return "group";
    }

    public List<RowInput> getRows() {
        return rows;
    }

    public int getMinRows() {
        return minRows;
    }

    public int getMaxRows() {
        return maxRows;
    }

    public boolean isAddable() {
        return rows.size() < maxRows;
    }

    public boolean isRemovable() {
        return rows.size() > minRows;
    }
}
