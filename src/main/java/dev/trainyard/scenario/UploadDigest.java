package dev.trainyard.scenario;

import dev.trainyard.config.ClientPace;
import dev.trainyard.config.Setting;
import dev.trainyard.http.JsonOut;
import dev.trainyard.http.Problems;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The length and SHA-256 of an uploaded body, fed as it arrives (never held whole), and the
 * answer both upload styles give. Over the limit is a 413, and a real client must be able to read
 * it: a server that answers and closes while the client is still sending resets the connection,
 * and the client sees no answer at all. So a body declared over the limit is answered 413 at
 * once, before a byte of it is read (a client that sent {@code Expect: 100-continue} is not
 * asked for it, except on GlassFish, whose Grizzly says 100 before the application sees the
 * request), and then what the client still sends is read and dropped, up to
 * trainyard.upload.swallowBytes, before the connection closes; a body that turns out too large
 * as it arrives (chunked) is read and dropped to its end, within the same bound, then answered.
 * A body that falls behind its least pace ({@link BodyPace}) is not waited for: 408.
 */
public final class UploadDigest {

    /** The upload bounds, read once from the settings, and the pace a body must keep. */
    public record Limits(long maxBytes, long swallowBytes, ClientPace pace) {

        public static Limits fromSystem() {
            return new Limits(Setting.UPLOAD_MAX_BYTES.integer(),
                    Setting.UPLOAD_SWALLOW_BYTES.integer(), ClientPace.fromSystem());
        }
    }

    private final Limits limits;
    private final MessageDigest sha256;
    private final BodyPace pace;
    private long bytes;

    public UploadDigest(Limits limits) {
        this.limits = limits;
        this.pace = new BodyPace(limits.pace(), System.nanoTime());
        try {
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Answers 413 to a body declared over the limit, before a byte of it counts: at once to a
     * client that waits for 100-continue (it then never sends the body) or whose body is beyond
     * the swallow bound (the connection is then closed), after reading and dropping it otherwise.
     * True when it answered.
     */
    public static boolean refuseDeclared(HttpServletRequest request, HttpServletResponse response, Limits limits)
            throws IOException {
        if (request.getContentLengthLong() <= limits.maxBytes()) {
            return false;
        }
        response.setHeader("Connection", "close");
        // The answer goes out first, left open; what the client still sends is then taken and
        // dropped, so that the connection does not close under it. A client that waited for
        // 100-continue got a final answer instead and sends nothing: its read ends as it closes.
        Problems.sendBeforeReading(response, 413, tooLarge(limits));
        response.flushBuffer();
        try {
            ServletInputStream in = request.getInputStream();
            byte[] buffer = new byte[64 * 1024];
            long dropped = 0;
            for (int n = in.read(buffer); n != -1 && dropped <= limits.swallowBytes(); n = in.read(buffer)) {
                dropped += n;
            }
        } catch (IOException clientGone) {
            // It has its answer, or stopped listening: nothing more to do.
        }
        return true;
    }

    /** Counts and hashes what arrived; beyond the limit it only counts (the body is still drained). */
    public void update(byte[] buffer, int length) {
        pace.arrived(length, System.nanoTime());
        bytes += length;
        if (bytes <= limits.maxBytes()) {
            sha256.update(buffer, 0, length);
        }
    }

    /** False once the body fell behind its least pace: stop reading, answer {@link #answerTooSlow} and close. */
    public boolean keepsPace() {
        return pace.keeping(System.nanoTime());
    }

    /** Over the swallow bound: stop reading, answer 413 now and close. */
    public boolean beyondSwallow() {
        return bytes > limits.swallowBytes() && bytes > limits.maxBytes();
    }

    /** The whole body was read: its answer, the digest or 413. */
    public void answer(HttpServletResponse response, String style) throws IOException {
        if (bytes > limits.maxBytes()) {
            if (beyondSwallow()) {
                response.setHeader("Connection", "close");
            }
            sendTooLarge(response, limits);
            return;
        }
        try (JsonGenerator json = JsonOut.open(response)) {
            json.writeStartObject()
                    .write("bytes", bytes)
                    .write("sha256", HexFormat.of().formatHex(sha256.digest()))
                    .write("style", style)
                    .writeEnd();
        }
    }

    /**
     * A body that broke off before its end (the client closed or reset, or stalled past the
     * server's read bound): the client's failure, 400, answered if the client can still read it.
     */
    public static void answerCut(HttpServletResponse response) throws IOException {
        answerBroken(response, 400, "the body ended before its end; not taken");
    }

    /** A body that fell behind its least pace (nothing at all, or a trickle, over a stall bound): 408. */
    public void answerTooSlow(HttpServletResponse response) throws IOException {
        ClientPace least = limits.pace();
        answerBroken(response, 408, "the body arrived slower than " + least.leastBytesPerStall() + " bytes in "
                + least.stallMillis() + " ms; not taken");
    }

    /** Either, with the connection closed: the rest of the body may still come. */
    private static void answerBroken(HttpServletResponse response, int status, String why) throws IOException {
        response.setHeader("Connection", "close");
        Problems.send(response, status, why);
    }

    private static void sendTooLarge(HttpServletResponse response, Limits limits) throws IOException {
        Problems.send(response, 413, tooLarge(limits));
    }

    private static String tooLarge(Limits limits) {
        return "the body is larger than the limit of " + limits.maxBytes() + " bytes";
    }
}
