package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The line between the client's API ({@code io.proxybench.client}, {@code .cookie}, {@code .event}, {@code .proxy}) and
 * what users must not depend on: no API signature names an internal type ({@code io.proxybench.client.internal}) or
 * a Netty one (so Netty's next major version does not break users), nothing outside the client module imports an
 * internal type, and the API stays a set a user can hold in their head.
 */
class ApiBoundaryTest {

    private static final List<String> API_PACKAGES =
            List.of("io.proxybench.client", "io.proxybench.client.cookie", "io.proxybench.client.event",
                    "io.proxybench.client.proxy");
    private static final String INTERNAL = "io.proxybench.client.internal";
    /** Public types of the API, nested ones included. Adding one is a decision: this list says it was made. */
    private static final Set<String> API = Set.of(
            "BodySource", "Call", "CallException", "CallException$Kind", "DnsResolver", "Headers",
            "Headers$Builder",
            "PoolLimits", "PoolLimits$Builder", "ProxyClient",
            "RetryPolicy", "RetryPolicy$Builder",
            "ProxyClient$Builder", "ProxyRequest", "ProxyRequest$Builder", "ProxyResponse", "ProxyResponse$Builder",
            "ResponseStream", "Timeouts", "Timeouts$Builder", "TlsSettings", "TlsSettings$Builder", "TlsSettings$Trust",
            "Redirect", "RedirectPolicy", "WireBytes",
            "cookie.Cookie", "cookie.Cookie$Builder", "cookie.CookieJar", "cookie.CookieJars",
            "event.CallInfo", "event.ClientCounts", "event.CloseReason", "event.ConnectionInfo", "event.Counts",
            "event.EventListener", "event.EventListener$Factory", "event.GatewayStats", "event.Phase",
            "event.PhaseTimings", "event.PhaseTimings$Builder", "event.PoolGauges",
            "proxy.Dialect", "proxy.ParsedCredentials", "proxy.ProxyCredentials", "proxy.ProxyProtocol", "proxy.ProxyScheme",
            "proxy.ProxyBypass", "proxy.ProxySelection",
            "proxy.ProxySpec", "proxy.SessionKind", "proxy.SessionParams", "proxy.SessionRouter",
            "proxy.SessionRules", "proxy.SessionTemplate");
    private static final Pattern INTERNAL_REFERENCE = Pattern.compile("\\bio\\.proxybench\\.client\\.internal\\b");

    @Test
    void theApiIsTheListedTypesAndNoMore() throws Exception {
        Set<String> found = new TreeSet<>();
        for (Class<?> type : apiTypes()) {
            found.add(type.getName().substring("io.proxybench.client.".length()));
        }
        assertThat(found).as("public types of the API packages").containsExactlyInAnyOrderElementsOf(API);
        // Builders and nested enums count: 55 types, of which 10 are builders of the type around them.
        assertThat(found).as("a small API: 55 types, 59 at most").hasSizeLessThanOrEqualTo(59);
    }

    @Test
    void noApiTypeExposesAnInternalOrNettyOne() throws Exception {
        List<String> exposures = new ArrayList<>();
        for (Class<?> type : apiTypes()) {
            check(type + " extends", type.getGenericSuperclass(), exposures);
            for (Type i : type.getGenericInterfaces()) {
                check(type + " implements", i, exposures);
            }
            for (Method m : type.getDeclaredMethods()) {
                if (visible(m.getModifiers()) && !m.isSynthetic()) {
                    String where = type.getName() + "." + m.getName() + "()";
                    check(where + " returns", m.getGenericReturnType(), exposures);
                    for (Type p : m.getGenericParameterTypes()) {
                        check(where + " takes", p, exposures);
                    }
                    for (Type e : m.getGenericExceptionTypes()) {
                        check(where + " throws", e, exposures);
                    }
                }
            }
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                if (visible(c.getModifiers())) {
                    for (Type p : c.getGenericParameterTypes()) {
                        check(type.getName() + " constructor takes", p, exposures);
                    }
                }
            }
            for (Field f : type.getDeclaredFields()) {
                if (visible(f.getModifiers())) {
                    check(type.getName() + "." + f.getName() + " is", f.getGenericType(), exposures);
                }
            }
        }
        assertThat(exposures).as("API members whose types are internal or Netty's").isEmpty();
    }

    @Test
    void theCheckSeesAnInternalTypeInsideAGenericSignature() throws Exception {
        List<String> exposures = new ArrayList<>();
        Method leaky = Leaky.class.getDeclaredMethod("grants");
        check("Leaky.grants() returns", leaky.getGenericReturnType(), exposures);
        assertThat(exposures).singleElement().asString().contains("io.proxybench.client.internal.pool.Grant");
    }

    @Test
    void theCheckSeesANettyTypeInAParameter() throws Exception {
        List<String> exposures = new ArrayList<>();
        Method leaky = Leaky.class.getDeclaredMethod("headers", io.netty.handler.codec.http.HttpHeaders.class);
        check("Leaky.headers() takes", leaky.getGenericParameterTypes()[0], exposures);
        assertThat(exposures).singleElement().asString().contains("io.netty.handler.codec.http.HttpHeaders");
    }

    /** Signatures the check must catch: an internal type as a type argument, a Netty type as a parameter. */
    private interface Leaky {
        List<io.proxybench.client.internal.pool.Grant<String>> grants();

        void headers(io.netty.handler.codec.http.HttpHeaders headers);
    }

    @Test
    void nothingOutsideTheClientModuleReferencesItsInternals() throws IOException {
        Path root = repositoryRoot();
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> !f.startsWith(root.resolve("client")))
                    .filter(f -> !isBuildOutput(root, f))
                    .forEach(f -> {
                        try {
                            if (INTERNAL_REFERENCE.matcher(Files.readString(f)).find()) {
                                offenders.add(root.relativize(f).toString());
                            }
                        } catch (IOException e) {
                            throw new IllegalStateException("cannot read " + f, e);
                        }
                    });
        }
        assertThat(offenders).as("files outside client/ that reference " + INTERNAL).isEmpty();
    }

    @Test
    void theSourceScanFindsAReference() {
        assertThat(INTERNAL_REFERENCE.matcher("import io.proxybench.client.internal.pool.Grant;").find()).isTrue();
        assertThat(INTERNAL_REFERENCE.matcher("import io.proxybench.client.ProxyClient;").find()).isFalse();
    }

    /** A Maven module's {@code target/} (a directory named so next to a pom.xml), or a hidden directory. */
    private static boolean isBuildOutput(Path root, Path file) {
        Path relative = root.relativize(file);
        for (int i = 0; i < relative.getNameCount() - 1; i++) {
            String part = relative.getName(i).toString();
            Path parent = i == 0 ? root : root.resolve(relative.subpath(0, i));
            if (part.startsWith(".") || part.equals("target") && Files.exists(parent.resolve("pom.xml"))) {
                return true;
            }
        }
        return false;
    }

    /** The repository: the client module's parent, which lists it as a module. */
    private static Path repositoryRoot() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(Files.readString(root.resolve("pom.xml"))).as("the parent of the client module")
                .contains("<module>client</module>");
        return root;
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void check(String where, Type type, List<String> exposures) {
        if (type == null) {
            return;
        }
        if (type instanceof Class<?> c) {
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.getName().startsWith(INTERNAL + ".") || c.getName().startsWith("io.netty.")) {
                exposures.add(where + " " + c.getName());
            }
        } else if (type instanceof ParameterizedType p) {
            check(where, p.getRawType(), exposures);
            for (Type argument : p.getActualTypeArguments()) {
                check(where, argument, exposures);
            }
        } else if (type instanceof GenericArrayType a) {
            check(where, a.getGenericComponentType(), exposures);
        } else if (type instanceof WildcardType w) {
            for (Type bound : w.getUpperBounds()) {
                check(where, bound, exposures);
            }
            for (Type bound : w.getLowerBounds()) {
                check(where, bound, exposures);
            }
        } else if (type instanceof TypeVariable<?> v) {
            for (Type bound : v.getBounds()) {
                check(where, bound, exposures);
            }
        }
    }

    /** Every public type of the API packages, nested public types included, from the compiled classes. */
    private static List<Class<?>> apiTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(ProxyClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> types = new ArrayList<>();
        for (String pkg : API_PACKAGES) {
            Path dir = classes.resolve(pkg.replace('.', '/'));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    String name = f.getFileName().toString().replace(".class", "");
                    Class<?> type = Class.forName(pkg + "." + name, false, ApiBoundaryTest.class.getClassLoader());
                    if (publicAllTheWay(type)) {
                        types.add(type);
                    }
                }
            }
        }
        assertThat(types).as("API types found in " + classes).isNotEmpty();
        return types;
    }

    private static boolean publicAllTheWay(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }
}
