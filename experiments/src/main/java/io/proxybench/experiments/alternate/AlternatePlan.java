package io.proxybench.experiments.alternate;

import io.proxybench.harness.Durations;
import java.util.List;
import java.util.Locale;

/**
 * {@code alternate}'s checked settings ({@link AlternateSettings#plan}) and the lines it prints before and after the
 * windows. No proxy URL's password is in them.
 *
 * @param providers the providers, in the order given; their labels are {@code plan}'s
 * @param plan what to alternate
 */
public record AlternatePlan(List<Provider> providers, Alternation.Plan plan) {

    /** What will run: the providers, the rounds and the grid's first start and last end; a line per provider. */
    public String banner() {
        List<Window> windows = plan.windows();
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "alternate: %,d providers, %,d rounds of %s"
                + " windows (%s), %,d windows from %s to %s%n", providers.size(), plan.rounds(),
                Durations.format(plan.grid().window()), plan.order(), windows.size(), plan.grid().first(),
                plan.grid().end(windows.size() - 1)));
        providers.forEach(p -> text.append("  ").append(p.text()).append(System.lineSeparator()));
        return text.toString();
    }

    /** After the windows: {@link AlternateTable}'s table of {@code result}, the index, and what to run next. */
    public String summary(Alternation.Result result) {
        return String.format("%n%s%nindex: %s%neach window's whole summary: proxybench analyze %s%nnext: proxybench"
                + " compare %s%n", AlternateTable.text(result.finished()), plan.index(),
                plan.outDir().resolve(plan.windows().get(0).file(plan.rounds())), plan.outDir());
    }
}
