package dev.trainyard.async;

import dev.trainyard.answer.OpenCalls;
import dev.trainyard.metrics.Metrics;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Builds the async executors at deployment (bad settings fail it) and stops them at undeploy. */
@WebListener
public class AsyncStyleListener implements ServletContextListener {

    private AsyncExecutors executors;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        executors = new AsyncExecutors();
        AsyncRequests requests = new AsyncRequests(executors);
        requests.attach(event.getServletContext());
        Metrics metrics = Metrics.of(event.getServletContext());
        metrics.register(requests);
        metrics.register(executors);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        // Every open request answered first: executors stopped under running work would leave it unanswered.
        OpenCalls.of(event.getServletContext()).drain();
        if (executors != null) {
            executors.shutdown();
        }
    }
}
