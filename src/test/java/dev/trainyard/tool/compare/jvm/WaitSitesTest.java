package dev.trainyard.tool.compare.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trainyard.tool.compare.analysis.CellResult;
import dev.trainyard.tool.compare.analysis.Reasons;
import dev.trainyard.tool.compare.load.CellStats;
import dev.trainyard.tool.compare.plan.Bound;
import dev.trainyard.tool.compare.plan.CellSpec;
import dev.trainyard.tool.compare.plan.ServerRun;
import dev.trainyard.tool.compare.plan.ThreadModel;
import dev.trainyard.tool.compare.probe.ServerActivity;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

public class WaitSitesTest {

    private static final List<String> SERVLET = List.of("dev.trainyard.blocking.EntryServlet.handle", "dev.trainyard.web.Endpoint.service",
            "jakarta.servlet.http.HttpServlet.service", "org.apache.catalina.core.ApplicationFilterChain.doFilter");

    @Test
    void eachServersPoolWaitIsThePool() {
        assertEquals(WaitSite.POOL, WaitSite.of(stack("WAITING", "jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.parkNanos",
                "org.apache.tomcat.dbcp.pool2.impl.LinkedBlockingDeque.pollFirst", "org.apache.tomcat.dbcp.pool2.impl.GenericObjectPool.borrowObject")));
        assertEquals(WaitSite.POOL, WaitSite.of(stack("TIMED_WAITING", "jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.SynchronousQueue.poll", "com.zaxxer.hikari.util.ConcurrentBag.borrow", "com.zaxxer.hikari.pool.HikariPool.getConnection")));
        // GlassFish's hand-off: Object.wait inside the pool is the pool, not some lock.
        assertEquals(WaitSite.POOL, WaitSite.of(stack("TIMED_WAITING", "java.lang.Object.wait",
                "com.sun.enterprise.resource.pool.PoolManagerImpl.getResourceFromPool", "com.sun.gjc.spi.base.AbstractDataSource.getConnection")));
    }

    @Test
    void aRoundTripInsideThePoolIsTheDatabase() {
        assertEquals(WaitSite.DATABASE, WaitSite.of(stack("RUNNABLE", "sun.nio.ch.NioSocketImpl.read", "org.postgresql.core.PGStream.receiveChar",
                "org.postgresql.jdbc.PgConnection.isValid", "org.apache.tomcat.dbcp.dbcp2.PoolableConnectionFactory.validateObject")));
    }

    @Test
    void sleepLocksRidersAndCpu() {
        assertEquals(WaitSite.SLEEP, WaitSite.of(stack("TIMED_WAITING", "java.lang.Thread.sleep0", "java.lang.Thread.sleep")));
        assertEquals(WaitSite.SLEEP, WaitSite.of(stack("", "java.lang.VirtualThread.parkNanos", "java.lang.VirtualThread.sleepNanos")));
        assertEquals(WaitSite.LOCK, WaitSite.of(stack("BLOCKED", "dev.trainyard.web.OpenCalls.add")));
        assertEquals(WaitSite.LOCK, WaitSite.of(stack("", "jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire", "java.util.concurrent.locks.ReentrantLock.lock")));
        assertEquals(WaitSite.RUNNING, WaitSite.of(stack("RUNNABLE", "dev.trainyard.web.JsonOut.write")));
        assertEquals(WaitSite.PARKED, WaitSite.of(stack("WAITING", "jdk.internal.misc.Unsafe.park")));
    }

    @Test
    void aLockIsNamedByWhereItWasTaken() {
        ThreadStack offer = new ThreadStack("http-nio-18080-exec-3", "WAITING", List.of("jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.locks.LockSupport.park", "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.ReentrantLock.lock", "java.util.concurrent.ArrayBlockingQueue.offer",
                "dev.trainyard.train.Dispatcher.submit", "dev.trainyard.train.TrainEndpoint.handle"));
        assertEquals(WaitSite.LOCK, WaitSite.of(offer));
        assertEquals("ArrayBlockingQueue.offer from Dispatcher.submit", WaitSite.lockHolder(offer));
        assertEquals("3.0 of 3.0 threads in the WAR waiting on a lock (mostly in ArrayBlockingQueue.offer from Dispatcher.submit)",
                WaitSites.of(List.of(List.of(offer, offer, offer)), new double[] {1}, 1).describe());
    }

    @Test
    void threadsDoingNoRequestsWorkHaveNoSite() {
        assertNull(WaitSite.of(new ThreadStack("", "TIMED_WAITING", List.of("jdk.internal.misc.Unsafe.park",
                "dev.trainyard.train.QueueSource.take", "dev.trainyard.train.NaturalPolicy.next", "dev.trainyard.train.Dispatcher.work"))),
                "a Train worker waiting for riders is idle");
        assertNull(WaitSite.of(new ThreadStack("http-nio-18080-exec-7", "WAITING", List.of("jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.LinkedBlockingQueue.take", "org.apache.tomcat.util.threads.TaskQueue.take"))));
    }

    @Test
    void theSummaryIsTheMeanOverSamplesAndNamesTheTopSite() {
        ThreadStack pool = stack("WAITING", "com.zaxxer.hikari.pool.HikariPool.getConnection");
        ThreadStack database = stack("RUNNABLE", "org.postgresql.core.PGStream.receiveChar");
        ThreadStack idle = new ThreadStack("qtp-1", "TIMED_WAITING", List.of("org.eclipse.jetty.util.thread.QueuedThreadPool.idleJobPoll"));
        List<ThreadStack> first = Stream.concat(Collections.nCopies(150, pool).stream(), Stream.of(idle, database, database)).toList();
        List<ThreadStack> second = Stream.concat(Collections.nCopies(130, pool).stream(), Collections.nCopies(20, database).stream()).toList();

        WaitSites sites = WaitSites.of(List.of(first, second), new double[] {4.0, 2.0, 9.0}, 1);

        assertEquals(WaitSite.POOL, sites.top());
        assertEquals(140, sites.at(WaitSite.POOL), 1e-9);
        assertEquals(151, sites.working(), 1e-9, "the idle thread does no request's work");
        assertEquals(2, sites.samples());
        assertEquals(4.0, sites.sampleMillis(), 1e-9, "the median sample");
        assertEquals("140 of 151 threads in the WAR in the connection pool (waiting for a connection)", sites.describe());
        assertEquals("", WaitSites.NONE.describe());
    }

    @Test
    void aCellsTrialsPoolTheirSamples() {
        ThreadStack pool = stack("WAITING", "com.zaxxer.hikari.pool.HikariPool.getConnection");
        ThreadStack sleep = stack("TIMED_WAITING", "java.lang.Thread.sleep");
        WaitSites one = WaitSites.of(List.of(List.of(pool, pool, pool, pool)), new double[] {3}, 1);
        WaitSites three = WaitSites.of(List.of(List.of(sleep), List.of(sleep), List.of(sleep)), new double[] {5, 6, 7}, 1);

        WaitSites pooled = WaitSites.pool(List.of(one, three, WaitSites.NONE));

        assertEquals(4, pooled.samples());
        assertEquals(1.0, pooled.at(WaitSite.POOL), 1e-9, "four threads in one sample of four");
        assertEquals(0.75, pooled.at(WaitSite.SLEEP), 1e-9);
        assertEquals(1.75, pooled.working(), 1e-9);
        assertEquals(WaitSite.POOL, pooled.top());
        assertEquals(WaitSites.NONE, WaitSites.pool(List.of(WaitSites.NONE)));
    }

    @Test
    void aCellGetsReasonsOnlyForWhatBoundIt() {
        ThreadStack pool = stack("WAITING", "com.sun.enterprise.resource.pool.PoolManagerImpl.getResourceFromPool");
        ThreadStack database = stack("RUNNABLE", "org.postgresql.core.PGStream.receiveChar");
        CellResult poolBound = cell("entry", Bound.NONE, Double.NaN, sites(List.of(pool, pool, pool, database)), 0.5);
        CellResult databaseBound = cell("entry", Bound.NONE, Double.NaN, sites(List.of(database, database, pool)), 0.5);
        // 200 request threads for 400 users sleeping 200 ms: a limit of 1,000 req/s where the users alone would allow 2,000.
        CellResult threadBound = cell("sleep", Bound.THREADS, 1000, WaitSites.NONE, 0.97);
        // Virtual threads: no thread bound, the limit is the users' own (400 users sleeping 400 ms), and reaching it binds nothing.
        CellResult keptUp = cell("sleep", Bound.THREADS, 0.4, 1000, WaitSites.NONE, 0.5);

        assertEquals("glassfish/platform entry blocking @ 400 users: 3.0 of 4.0 threads in the WAR in the connection pool"
                + " (waiting for a connection).", Reasons.sentence(poolBound));
        assertNull(Reasons.sentence(databaseBound), "a round trip is the work itself");
        assertEquals(List.of("the request threads at their bound (99% of Little's limit)", "the load client's CPU saturated (97%)"),
                Reasons.of(threadBound));
        assertNull(Reasons.sentence(keptUp), "no thread bound below the users' own: the server kept up with them");
        CellResult virtualPoolBound = new CellResult(ServerRun.of("tomcat", ThreadModel.VIRTUAL), databaseBound.spec(), databaseBound.stats(),
                new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 268.6, WaitSites.NONE, Double.NaN, Double.NaN), Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5);
        assertEquals(List.of("269 requests waiting for a pool connection at once on average"), Reasons.of(virtualPoolBound),
                "the WAR's own count, where the samples cannot see parked virtual threads");
        CellResult bothSay = new CellResult(ServerRun.of("glassfish", ThreadModel.PLATFORM), poolBound.spec(), poolBound.stats(),
                new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0, 0, 3, poolBound.facts().waits(), Double.NaN, Double.NaN), Double.NaN, null, null, Path.of("x.jtl"), null, null, 0.5);
        assertEquals(1, Reasons.of(bothSay).size(), "the sampled pool wait says it once");
        ThreadStack running = stack("RUNNABLE", "dev.trainyard.web.JsonOut.write");
        assertNull(Reasons.sentence(cell("entry", Bound.NONE, Double.NaN, sites(List.of(running)), 0.5)), "one thread on one core binds nothing");
        assertEquals("glassfish/platform entry blocking @ 400 users: 3.0 of 3.0 threads in the WAR running (on a core or ready for one).",
                Reasons.sentence(cell("entry", Bound.NONE, Double.NaN, sites(List.of(running, running, running)), 0.5)), "three for one core: CPU-bound");
    }

    private static WaitSites sites(List<ThreadStack> sample) {
        return WaitSites.of(List.of(sample), new double[] {1}, 1);
    }

    /** 400 users served at 990 req/s, against that limit (NaN where the work has no fixed length). */
    private static CellResult cell(String experiment, Bound bound, double littleLimit, WaitSites waits, double clientCpu) {
        return cell(experiment, bound, Double.isNaN(littleLimit) ? Double.NaN : 0.2, littleLimit, waits, clientCpu);
    }

    private static CellResult cell(String experiment, Bound bound, double service, double littleLimit, WaitSites waits, double clientCpu) {
        CellSpec spec = new CellSpec(experiment, experiment + ".jmx", "blocking", 400, 0, Map.of(), service, bound, false, "blocking/" + experiment);
        CellStats stats = new CellStats(1000, 0, 0, 10, 990, 5, 10, 20, 30, 6, 1000, 1000);
        return new CellResult(ServerRun.of("glassfish", ThreadModel.PLATFORM), spec, stats, ServerActivity.NONE.with(waits), littleLimit, null, null,
                Path.of("x.jtl"), null, null, clientCpu);
    }

    private static ThreadStack stack(String state, String... innermost) {
        return new ThreadStack("worker", state, Stream.concat(Stream.of(innermost), SERVLET.stream()).toList());
    }
}
