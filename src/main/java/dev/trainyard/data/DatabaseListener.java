package dev.trainyard.data;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Gives every servlet the same {@link Database} and closes the JPA unit on undeploy. */
@WebListener
public class DatabaseListener implements ServletContextListener {

    private final Database database = new Database();

    @Override
    public void contextInitialized(ServletContextEvent event) {
        database.attach(event.getServletContext());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        database.close();
    }
}
