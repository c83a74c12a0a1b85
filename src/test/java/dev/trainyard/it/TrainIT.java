package dev.trainyard.it;

import static dev.trainyard.it.support.Needs.Need.DATABASE;
import static dev.trainyard.it.support.Needs.Need.DESTRUCTIVE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trainyard.it.support.EndpointTest;
import dev.trainyard.it.support.Needs;
import dev.trainyard.it.support.Views;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The train on a real server: same answers as the blocking style, no view lost when requests in
 * one batch share an id, a missing id answered 404 while its batch-mates succeed, fewer database
 * trips than requests.
 */
class TrainIT extends EndpointTest {

    /** Ids of this server's own, so that reruns against a kept database stay exact. */
    private static int base() {
        return switch (server()) {
            case "tomcat" -> 10_000;
            case "jetty" -> 20_000;
            case "glassfish" -> 30_000;
            default -> 40_000;
        };
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @Test
    void trainEntryAnswersLikeTheBlockingOne() throws SQLException {
        int id = base() + 1;
        int before = Views.of(List.of(id)).get(id);
        JsonObject train = object(ok("train/entry?id=" + id));
        JsonObject blocking = object(ok("blocking/entry?id=" + id));
        assertEquals(before + 1, train.getInt("views"));
        assertEquals(before + 2, blocking.getInt("views"));
        assertEquals(blocking.getString("name"), train.getString("name"));
        assertEquals(blocking.getString("descr"), train.getString("descr"));
        assertEquals("train", train.getString("style"));
        HttpResponse<String> html = get("train/entry?id=" + id, "Accept", "text/html");
        assertTrue(html.body().contains("<h1>Entry " + id + "</h1>"), html.body());
    }

    @Needs({DESTRUCTIVE, DATABASE})
    @ParameterizedTest
    @ValueSource(strings = {"natural", "window", "adaptive"})
    void collidingIdsLoseNoViewAndMissingIdsGet404InsideTheirBatch(String policy) throws Exception {
        List<Integer> ids = List.of(base() + 10, base() + 11, base() + 12, base() + 13);
        Map<Integer, Integer> before = Views.of(ids);
        double tripsBefore = metric("trainyard_train_round_trips_total", "command=\"entry\"", "policy=\"" + policy + "\"");
        ExecutorService clients = Executors.newFixedThreadPool(40);
        Map<Integer, Integer> ok = new HashMap<>();
        int notFound = 0;
        try {
            List<Future<HttpResponse<String>>> answers = new ArrayList<>();
            List<Integer> asked = new ArrayList<>();
            for (int i = 0; i < 240; i++) {
                // Every 12th request asks for an id that does not exist.
                int id = i % 12 == 11 ? 999_999_000 + i : ids.get(i % ids.size());
                asked.add(id);
                answers.add(clients.submit(() -> get("train/entry?policy=" + policy + "&id=" + id)));
            }
            for (int i = 0; i < answers.size(); i++) {
                HttpResponse<String> response = answers.get(i).get();
                int id = asked.get(i);
                if (id >= 999_999_000) {
                    assertEquals(404, response.statusCode(), response.body());
                    assertTrue(response.body().contains("no entry with id " + id), response.body());
                    notFound++;
                } else {
                    assertEquals(200, response.statusCode(), response.body());
                    // Answers are written by the train's workers: each must reach its own request.
                    assertEquals(id, object(response).getInt("id"), response.body());
                    ok.merge(id, 1, Integer::sum);
                }
            }
        } finally {
            clients.shutdownNow();
        }
        assertEquals(20, notFound);
        Map<Integer, Integer> after = Views.of(ids);
        for (int id : ids) {
            assertEquals(before.get(id) + ok.get(id), after.get(id), "views of " + id + " = its 200 answers (" + policy + ")");
        }
        double trips = metric("trainyard_train_round_trips_total", "command=\"entry\"", "policy=\"" + policy + "\"") - tripsBefore;
        assertTrue(trips >= 1 && trips <= 240, "round trips: " + trips);
    }

    @Test
    void characteristicsRideTheTrainWithTheSameAnswerAsBlocking() {
        HttpResponse<String> train = ok("train/store/s2?productId=7");
        HttpResponse<String> blocking = ok("blocking/store/s2?productId=7");
        assertEquals(blocking.body(), train.body(), "byte for byte");
        assertEquals(404, get("train/store/s2?productId=99999999").statusCode());
    }

    @Test
    void badInputIsRejectedBeforeBoarding() {
        assertEquals(400, get("train/entry?id=abc").statusCode());
        assertEquals(400, get("train/entry?id=0").statusCode());
        assertTrue(object(get("train/entry?policy=express")).getString("message").contains("'policy'"));
        assertEquals(400, get("train/store/s2").statusCode());
        assertEquals(405, request("POST", "train/entry?id=1").statusCode());
        assertEquals(404, get("train/entry?id=2147483647").statusCode());
    }



}
