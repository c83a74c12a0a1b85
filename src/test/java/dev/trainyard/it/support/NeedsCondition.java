package dev.trainyard.it.support;

import dev.trainyard.it.remote.RemoteDeployment;
import dev.trainyard.it.support.Needs.Need;
import dev.trainyard.testdb.TestDatabase;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Runs a test against a deployment only when what it {@link Needs} is there; says what is missing otherwise. */
public class NeedsCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (!RemoteDeployment.active()) {
            return ConditionEvaluationResult.enabled("the suite started this server");
        }
        Set<Need> needs = EnumSet.noneOf(Need.class);
        context.getTestClass().flatMap(c -> AnnotationSupport.findAnnotation(c, Needs.class)).ifPresent(n -> needs.addAll(List.of(n.value())));
        context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation(m, Needs.class)).ifPresent(n -> needs.addAll(List.of(n.value())));
        List<String> missing = missing(needs, RemoteDeployment.destructive(), TestDatabase.isGiven(),
                ServerLog.given(), false, RemoteDeployment.differingSettings());
        if (missing.isEmpty()) {
            return ConditionEvaluationResult.enabled("the deployment gives what it needs");
        }
        // Said on the console too: a skipped test must not read as a passed one.
        String why = String.join("; ", missing);
        System.out.println("skipped " + context.getDisplayName() + " in " + context.getRequiredTestClass().getSimpleName() + ": " + why);
        return ConditionEvaluationResult.disabled("not run against " + System.getProperty(RemoteDeployment.URL) + ": " + why);
    }

    /** Why each unmet need is unmet: empty when the test can run. */
    static List<String> missing(Set<Need> needs, boolean destructive, boolean database, boolean log, boolean process,
                                Map<String, String> differing) {
        List<String> missing = new ArrayList<>();
        for (Need need : needs) {
            boolean met = switch (need) {
                case DESTRUCTIVE -> destructive;
                case DATABASE -> database;
                case SERVER_LOG -> log;
                case SERVER_PROCESS -> process;
                case SUITE_SETTINGS -> differing.isEmpty();
            };
            if (!met) {
                missing.add(need == Need.SUITE_SETTINGS ? need.why + " (" + differing + ")" : need.why);
            }
        }
        return missing;
    }
}
