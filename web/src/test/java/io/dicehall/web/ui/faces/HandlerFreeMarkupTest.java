package io.dicehall.web.ui.faces;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import org.junit.jupiter.api.Test;

/** Faces' inline Ajax calls become the data dicehall.js plays; nothing else is touched. */
class HandlerFreeMarkupTest {

    @Test
    void aButtonsBehaviourBecomesDataThatPreventsTheSubmit() {
        assertThat(HandlerFreeMarkup.asData("onclick", "mojarra.ab(this,event,'action','@form','head');return false"),
                equalTo("{\"e\":\"action\",\"x\":\"@form\",\"r\":\"head\",\"p\":true}"));
    }

    @Test
    void aFieldsBehaviourWithListsAndNoneKeepsThem() {
        assertThat(HandlerFreeMarkup.asData("onchange", "mojarra.ab(this,event,'valueChange','@this idle',0)"),
                equalTo("{\"e\":\"valueChange\",\"x\":\"@this idle\",\"r\":null,\"p\":false}"));
        assertThat(HandlerFreeMarkup.asData("onclick", "mojarra.ab('f:pick',event,'valueChange',0,':head :feed')"),
                equalTo("{\"s\":\"f:pick\",\"e\":\"valueChange\",\"x\":null,\"r\":\":head :feed\",\"p\":false}"));
    }

    @Test
    void otherAttributesAndOtherScriptsAreLeftAlone() {
        assertThat(HandlerFreeMarkup.asData("class", "mojarra.ab(this,event,'action','@form','head')"), nullValue());
        assertThat(HandlerFreeMarkup.asData("onclick", "alert(1)"), nullValue());
        assertThat(HandlerFreeMarkup.asData("onclick", "mojarra.ab(this,event,'action','@form','x',{'delay':5})"),
                nullValue());
        assertThat(HandlerFreeMarkup.asData("onclick", null), nullValue());
    }
}
