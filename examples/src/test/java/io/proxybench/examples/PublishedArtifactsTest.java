package io.proxybench.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The published artifacts as this build installed them: each with its jar, -sources.jar and -javadoc.jar, under the
 * Apache-2.0 licence (through its parent pom), depending on published artifacts only; the BOM lists them all. Needs
 * this build's artifacts installed (bin/test runs {@code mvn install}): skips otherwise, fails when {@code CI=true}.
 */
class PublishedArtifactsTest {

    static final List<String> PUBLISHED = List.of("proxybench-client", "proxybench-net", "proxybench-records",
            "proxybench-recorder-core", "proxybench-recorder-okhttp", "proxybench-recorder-jdk",
            "proxybench-recorder-apache", "proxybench-recorder-jetty");

    @BeforeAll
    static void thisBuildsArtifactsAreInstalled() throws IOException {
        InstalledArtifacts.assumeThisBuildsClientIsInstalled();
    }

    @ParameterizedTest
    @CsvSource({
        "proxybench-client, io/proxybench/client/ProxyClient",
        "proxybench-net, io/proxybench/net/TlsEngine",
        "proxybench-records, io/proxybench/records/RequestRecord",
        "proxybench-recorder-core, io/proxybench/recorder/core/Recorder",
        "proxybench-recorder-okhttp, io/proxybench/recorder/okhttp/OkHttpRecorder",
        "proxybench-recorder-jdk, io/proxybench/recorder/jdk/JdkRecorder",
        "proxybench-recorder-apache, io/proxybench/recorder/apache/ApacheRecorder",
        "proxybench-recorder-jetty, io/proxybench/recorder/jetty/JettyRecorder",
    })
    void eachComesWithItsSourcesAndJavadoc(String artifactId, String aClass) throws IOException {
        assertThat(entries(InstalledArtifacts.file(artifactId, ".jar"))).contains(aClass + ".class");
        assertThat(entries(InstalledArtifacts.file(artifactId, "-sources.jar"))).contains(aClass + ".java");
        assertThat(entries(InstalledArtifacts.file(artifactId, "-javadoc.jar"))).contains("index.html")
                .anyMatch(entry -> entry.endsWith(aClass + ".html"));
    }

    @Test
    void eachIsUnderTheApacheLicenceAndDependsOnPublishedArtifactsOnly() throws Exception {
        for (String artifactId : PUBLISHED) {
            Document pom = pom(artifactId);
            assertThat(licences(pom)).as("%s's licence, through its parents", artifactId).containsExactly("Apache-2.0");
            for (Element dependency : children(pom.getDocumentElement(), "dependencies", "dependency")) {
                if (text(dependency, "groupId").equals(InstalledArtifacts.GROUP)
                        && !text(dependency, "scope").equals("test")) {
                    assertThat(PUBLISHED).as("%s depends on it", artifactId).contains(text(dependency, "artifactId"));
                }
            }
        }
    }

    @Test
    void theBomManagesEveryPublishedArtifactAtThisVersion() throws Exception {
        Document bom = pom("proxybench-bom");
        assertThat(children(bom.getDocumentElement(), "parent")).as("the BOM has no parent").isEmpty();
        assertThat(licences(bom)).containsExactly("Apache-2.0");
        List<String> managed = new ArrayList<>();
        for (Element dependency : children(bom.getDocumentElement(), "dependencyManagement", "dependencies",
                "dependency")) {
            assertThat(text(dependency, "version")).isIn("${project.version}", InstalledArtifacts.version());
            managed.add(text(dependency, "artifactId"));
        }
        assertThat(managed).containsExactlyInAnyOrderElementsOf(PUBLISHED);
    }

    /** The licences' names in {@code pom} or, where it names none, in its parents' (installed too). */
    private static List<String> licences(Document pom) throws Exception {
        List<String> names = new ArrayList<>();
        for (Element licence : children(pom.getDocumentElement(), "licenses", "license")) {
            names.add(text(licence, "name"));
        }
        List<Element> parent = children(pom.getDocumentElement(), "parent");
        if (!names.isEmpty() || parent.isEmpty()) {
            return names;
        }
        assertThat(text(parent.get(0), "groupId")).isEqualTo(InstalledArtifacts.GROUP);
        assertThat(text(parent.get(0), "version")).isEqualTo(InstalledArtifacts.version());
        return licences(pom(text(parent.get(0), "artifactId")));
    }

    private static Document pom(String artifactId) throws Exception {
        Path file = InstalledArtifacts.file(artifactId, ".pom");
        assertThat(file).as("installed").isRegularFile();
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    /** The elements at {@code path} below {@code from}, child by child. */
    private static List<Element> children(Element from, String... path) {
        List<Element> level = List.of(from);
        for (String name : path) {
            List<Element> next = new ArrayList<>();
            for (Element element : level) {
                NodeList nodes = element.getChildNodes();
                for (int i = 0; i < nodes.getLength(); i++) {
                    Node node = nodes.item(i);
                    if (node instanceof Element child && child.getTagName().equals(name)) {
                        next.add(child);
                    }
                }
            }
            level = next;
        }
        return level;
    }

    private static String text(Element element, String child) {
        List<Element> found = children(element, child);
        return found.isEmpty() ? "" : found.get(0).getTextContent().trim();
    }

    private static List<String> entries(Path jar) throws IOException {
        assertThat(jar).as("installed").isRegularFile();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(entry -> entry.getName()).toList();
        }
    }
}
