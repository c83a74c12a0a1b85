package dev.trainyard.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The query string read exactly. The containers decode parameters leniently: an escape they cannot
 * decode (%zz, a lone %, bytes that are no UTF-8) drops the parameter, or its value, without a word,
 * and the endpoint would then answer a question the client did not ask (an entry without its id
 * serves, and counts a view on, a random row). So a query the WAR reads must be, all of it,
 * percent-encoded UTF-8, or the request is a 400 that changes nothing.
 */
final class QueryString {

    private QueryString() {
    }

    /** Throws a 400 naming the first part of {@code query} that is not percent-encoded UTF-8; null or empty is fine. */
    static void requireExact(String query) {
        if (query == null || query.isEmpty()) {
            return;
        }
        for (String part : query.split("&", -1)) {
            if (!decodes(part)) {
                throw HttpProblem.badRequest("the query string must be percent-encoded UTF-8; '" + Params.echo(part) + "' is not");
            }
        }
    }

    /** Whether every %XX is two hex digits and the bytes they make, with the plain characters, are UTF-8. */
    private static boolean decodes(String part) {
        ByteBuffer bytes = ByteBuffer.allocate(part.length() * 3);
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == '%') {
                if (i + 2 >= part.length()) {
                    return false;
                }
                int high = Character.digit(part.charAt(i + 1), 16);
                int low = Character.digit(part.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return false;
                }
                bytes.put((byte) (high << 4 | low));
                i += 2;
            } else if (c < 0x20 || c == 0x7f || c > 0x7e) {
                // A raw control or non-ASCII character: no client sends one in a URL it encoded.
                return false;
            } else {
                bytes.put((byte) c);
            }
        }
        try {
            String decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes.flip()).toString();
            // A decoded control character (%00, %0A) ends or splits a value the way no reader agrees on.
            return decoded.chars().noneMatch(ch -> ch < 0x20 || ch == 0x7f);
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
