package dev.trainyard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EntryViewTest {

    @Test
    void htmlEscapesMarkup() {
        assertEquals("&lt;b&gt;Tom &amp; &quot;Jerry&quot; &#39;x&#39;&lt;/b&gt;", EntryView.escape("<b>Tom & \"Jerry\" 'x'</b>"));
    }
}
