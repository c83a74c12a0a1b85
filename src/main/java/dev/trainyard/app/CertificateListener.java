package dev.trainyard.app;

import dev.trainyard.config.Setting;
import dev.trainyard.metrics.Metrics;
import dev.trainyard.metrics.ServedCertificate;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/**
 * Puts the HTTPS listener's certificate on /metrics (when it ends, days left), from the server's
 * own address and HTTPS port (trainyard.http.address, trainyard.https.port): the listener is the
 * server's, so the WAR only looks at what it serves.
 */
@WebListener
public class CertificateListener implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Metrics.of(event.getServletContext()).register(new ServedCertificate(Setting.HTTP_ADDRESS.text(),
                Setting.HTTPS_PORT.integer()));
    }
}
