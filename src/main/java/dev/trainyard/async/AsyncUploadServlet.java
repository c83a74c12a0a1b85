package dev.trainyard.async;

import dev.trainyard.answer.AsyncCall;
import dev.trainyard.scenario.UploadDigest;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** POST /async/upload: the upload through a ReadListener (see {@link UploadReader}). */
@WebServlet(urlPatterns = "/async/upload", asyncSupported = true)
public class AsyncUploadServlet extends AsyncEndpoint {

    @Override
    protected String method() {
        return "POST";
    }

    @Override
    protected boolean readsBody() {
        return true;
    }

    @Override
    protected boolean lab() {
        return true;
    }

    @Override
    protected void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (UploadDigest.refuseDeclared(request, response, requests.uploadLimits())) {
            return;
        }
        AsyncCall call = begin(request, response, requests.streamTimeoutMillis());
        request.getInputStream().setReadListener(new UploadReader(call, request.getInputStream(), requests.uploadLimits(),
                requests.uploadClosesConnection(), requests.executors().scheduler()));
    }
}
