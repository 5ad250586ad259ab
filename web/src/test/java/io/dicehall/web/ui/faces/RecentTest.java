package io.dicehall.web.ui.faces;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class RecentTest {

    @Test
    void keepsTheMostRecentlyUsedAndDropsTheLeastRecentlyUsedFirst() {
        Recent<String, Integer> recent = new Recent<>(3);
        recent.put("a", 1);
        recent.put("b", 2);
        recent.put("c", 3);
        recent.get("a"); // used again: now the most recent
        recent.put("d", 4);
        assertThat(recent.keySet(), contains("c", "a", "d"));
    }

    @Test
    void travelsWithTheSessionAndKeepsItsBound() throws IOException, ClassNotFoundException {
        Recent<String, Integer> recent = new Recent<>(2);
        recent.put("a", 1);
        recent.put("b", 2);
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(recent);
        }
        @SuppressWarnings("unchecked")
        Recent<String, Integer> back = (Recent<String, Integer>) new ObjectInputStream(
                new ByteArrayInputStream(bytes.toByteArray())).readObject();
        back.put("c", 3);
        assertThat(back.keySet(), contains("b", "c"));
    }
}
