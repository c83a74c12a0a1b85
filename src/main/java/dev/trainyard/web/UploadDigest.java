package dev.trainyard.web;

import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The length and SHA-256 of an uploaded body, fed as it arrives (never held whole), and the
 * answer both upload styles give. Over the limit is a 413.
 */
public final class UploadDigest {

    private final long maxBytes;
    private final MessageDigest sha256;
    private long bytes;

    public UploadDigest(long maxBytes) {
        this.maxBytes = maxBytes;
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Refuses a declared length over the limit before a byte is read. */
    public static void checkDeclared(long contentLength, long maxBytes) {
        if (contentLength > maxBytes) {
            throw tooLarge(maxBytes);
        }
    }

    public void update(byte[] buffer, int length) {
        bytes += length;
        if (bytes > maxBytes) {
            throw tooLarge(maxBytes);
        }
        sha256.update(buffer, 0, length);
    }

    public void answer(HttpServletResponse response, String style) throws IOException {
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject()
                    .write("bytes", bytes)
                    .write("sha256", HexFormat.of().formatHex(sha256.digest()))
                    .write("style", style)
                    .writeEnd();
        }
    }

    private static HttpProblem tooLarge(long maxBytes) {
        return new HttpProblem(413, "the body is larger than the limit of " + maxBytes + " bytes");
    }
}
