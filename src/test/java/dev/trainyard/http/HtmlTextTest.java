package dev.trainyard.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HtmlTextTest {

    @Test
    void htmlEscapesMarkup() {
        assertEquals("&lt;b&gt;Tom &amp; &quot;Jerry&quot; &#39;x&#39;&lt;/b&gt;", HtmlText.escape("<b>Tom & \"Jerry\" 'x'</b>"));
    }
}
