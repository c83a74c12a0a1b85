package dev.trainyard.train;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.data.Database;
import dev.trainyard.metrics.Metrics;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Builds the trains at deployment (bad settings fail it) and stops them, answering every queued job, at undeploy. */
@WebListener
public class TrainListener implements ServletContextListener {

    private Trains trains;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        // DatabaseListener may not have run yet (listener order is unspecified): share its instance if it did.
        Database database = Database.ofOrCreate(event.getServletContext());
        trains = new Trains(TrainSettings.fromSystem(), database);
        trains.attach(event.getServletContext());
        Metrics.of(event.getServletContext()).register(trains);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        // Departed batches answer during the drain; what is queued then is refused 503.
        OpenCalls.of(event.getServletContext()).drain();
        if (trains != null) {
            trains.close();
        }
    }
}
