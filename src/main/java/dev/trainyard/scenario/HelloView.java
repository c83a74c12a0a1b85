package dev.trainyard.scenario;

import dev.trainyard.http.JsonOut;
import dev.trainyard.metrics.ThreadKind;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The no-database answer (under 1 KB), the same for every style but for its name. */
public final class HelloView {

    private HelloView() {
    }

    public static void write(HttpServletResponse response, String style) throws IOException {
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject()
                    .write("message", "Hello from Trainyard")
                    .write("style", style)
                    .write("thread", ThreadKind.current())
                    .writeEnd();
        }
    }
}
