package io.dicehall.web.ui.form;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One row of a repeated group: the group's fields once more. */
public final class RowInput implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<FieldInput> fields;
    private int index;
    private String id = "";

    RowInput(List<FieldInput> fields) {
        this.fields = List.copyOf(fields);
    }

    void place(String groupPath, String groupId, int rowIndex) {
        index = rowIndex;
        id = groupId + "_" + rowIndex;
        String path = groupPath + "[" + rowIndex + "]";
        fields.forEach(f -> f.place(path, id));
    }

    Map<String, Object> raw() {
        var row = new LinkedHashMap<String, Object>();
        fields.forEach(f -> row.put(f.getName(), f.raw()));
        return row;
    }

    void read(Map<String, String[]> params) {
        fields.forEach(f -> f.read(params));
    }

    void fill(Map<?, ?> values) {
        fields.forEach(f -> f.fill(values.get(f.getName())));
    }

    FieldInput find(String violationPath) {
        for (FieldInput field : fields) {
            FieldInput found = field.find(violationPath);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    void clearMessages() {
        fields.forEach(FieldInput::clearMessages);
    }

    public List<FieldInput> getFields() {
        return fields;
    }

    /** @return the row's number as players count, from 1 */
    public int getNumber() {
        return index + 1;
    }

    public String getId() {
        return id;
    }
}
