package dev.trainyard.web;

import dev.trainyard.data.Database;
import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.ServerLimits;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Gives every servlet the same {@link Database}, lets /metrics report its pool's size and how long
 * borrows wait for it, and closes the JPA unit on undeploy once the requests still using it have
 * answered.
 */
@WebListener
public class DatabaseListener implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Database database = Database.ofOrCreate(event.getServletContext());
        Metrics.of(event.getServletContext()).register(new ServerLimits(database::dataSource));
        Metrics.of(event.getServletContext()).register(database.poolWaits());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        // Store queries still running answer first; then their persistence unit closes.
        OpenCalls.of(event.getServletContext()).drain();
        Database.ofOrCreate(event.getServletContext()).close();
    }
}
