package dev.trainyard.data;

import dev.trainyard.web.OpenCalls;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Gives every servlet the same {@link Database} and closes the JPA unit on undeploy. */
@WebListener
public class DatabaseListener implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Database.ofOrCreate(event.getServletContext());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        // Store queries still running answer first; then their persistence unit closes.
        OpenCalls.of(event.getServletContext()).drain();
        Database.ofOrCreate(event.getServletContext()).close();
    }
}
