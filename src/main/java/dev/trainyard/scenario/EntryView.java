package dev.trainyard.scenario;

import dev.trainyard.data.Entry;
import dev.trainyard.http.HtmlText;
import dev.trainyard.http.HttpProblem;
import dev.trainyard.http.JsonOut;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.IntPredicate;

/**
 * How an entry is shown, the same for every style: JSON by default, or the original E3 servlet's small
 * HTML page (id, name, description, views) when the client asks for text/html.
 */
public final class EntryView {

    private EntryView() {
    }

    public static void write(Entry entry, String style, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (wantsHtml(request)) {
            html(entry, response);
            return;
        }
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject()
                    .write("id", entry.id())
                    .write("name", entry.name())
                    .write("descr", entry.descr())
                    .write("views", entry.views())
                    .write("style", style)
                    .writeEnd();
        }
    }

    /**
     * HEAD of an entry, in every style: what its GET would answer (200 with the same content type,
     * or 404 for a missing id), without the view the GET adds. Without an id any row will do, and
     * there is one.
     */
    public static void head(IntPredicate exists, Integer id, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (id != null && !exists.test(id)) {
            throw HttpProblem.notFound("no entry with id " + id);
        }
        response.setContentType(wantsHtml(request) ? "text/html;charset=UTF-8" : JsonOut.CONTENT_TYPE);
    }

    private static boolean wantsHtml(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains("text/html");
    }

    private static void html(Entry entry, HttpServletResponse response) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.print("<!DOCTYPE html><html><head><title>Entry ");
        out.print(entry.id());
        out.print("</title></head><body><h1>Entry ");
        out.print(entry.id());
        out.print("</h1><dl><dt>Name</dt><dd>");
        out.print(HtmlText.escape(entry.name()));
        out.print("</dd><dt>Description</dt><dd>");
        out.print(HtmlText.escape(entry.descr()));
        out.print("</dd><dt>Views</dt><dd>");
        out.print(entry.views());
        out.print("</dd></dl></body></html>");
    }
}
